import { t } from "ttag";

import { ParticipantFilter } from "../../../components/ui/ParticipantFilter";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useParticipantFilter } from "../../../hooks/useParticipantFilter";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { usePayments } from "../../../api/payments";
import { AccountCredit } from "../components/AccountCredit";
import { PaymentHistoryTable } from "../components/PaymentHistoryTable";
import { YearlyStatements } from "../components/YearlyStatements";

export function MyPaymentHistoryPage() {
  useTitle(t`My Payment History`);
  const { user } = useAuth();
  const { participantId, chooseParticipant } = useParticipantFilter();
  // The whole list names the family's participants for the filter; the rows shown are the
  // server's answer for the one chosen (the same list, and request, when it is everyone).
  const { data: everyone } = usePayments(user?.email);
  const { data: payments, error } = usePayments(user?.email, participantId);

  return (
    <section aria-labelledby="my-payment-history-heading">
      <h1 id="my-payment-history-heading" className="h2 mb-4">
        {t`My Payment History`}
      </h1>
      {/* The family's, whichever participant's payments are shown below. */}
      <AccountCredit />
      <ParticipantFilter
        everyone={everyone}
        shown={payments}
        participantId={participantId}
        onChange={chooseParticipant}
      />
      <QueryResult
        data={payments}
        error={error}
        loadingLabel={t`Loading your payments…`}
        errorTitle={t`Your payment history could not be loaded.`}
        emptyMessage={
          participantId
            ? t`No payments for this participant.`
            : t`You have not made any payments yet.`
        }
      >
        {(list) => <PaymentHistoryTable payments={list} />}
      </QueryResult>
      {/* Every participant of the family, whichever one the rows above are narrowed to. */}
      <YearlyStatements />
    </section>
  );
}
