import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { t } from "ttag";

import { useBalance } from "../../../api/balances";
import { useEnrolledClasses } from "../../../api/enrolledClasses";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { formatPrice } from "../../../components/ui/formatPrice";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { BalancePayForm } from "../components/BalancePayForm";
import { BalanceSummary } from "../components/BalanceSummary";

// "Watercolor Basics for Mia Lopez": the seat, from the family's enrolled classes.
function seatName(seat) {
  return seat.participantName ? t`${seat.nameClass} for ${seat.participantName}` : seat.nameClass;
}

// A payment just made, announced where the Pay button had the focus.
function PaidNotice({ amount, paid }) {
  const statusRef = useRef(null);
  const paidAmount = formatPrice(amount);
  useEffect(() => {
    statusRef.current?.focus();
  }, [paid]);
  return (
    <p
      className="text-success-emphasis fw-semibold mb-3"
      role="status"
      ref={statusRef}
      tabIndex={-1}
    >
      {t`Paid ${paidAmount}. Thank you.`}
    </p>
  );
}

/*
 * /dashboard/balance/:enrolmentId (and /balance/:enrolmentId, the e-mail's link to it): what is
 * left to pay for a seat paid by a plan, each instalment and how it stands, and paying what is
 * due now or all of it (`?pay=due` or `?pay=all` chooses first), by the card on file or another.
 * The seat is named from the family's enrolled classes, which the balance does not repeat.
 */
export function BalancePage() {
  useTitle(t`Balance`);
  const { enrolmentId } = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  const { data: balance, error } = useBalance(enrolmentId);
  const { data: enrolled } = useEnrolledClasses(user?.email);
  const seat = enrolled?.find((row) => String(row.enrolmentId) === enrolmentId);
  // The last payment made on this page ({amount, round}): a new one is announced anew.
  const [paid, setPaid] = useState(null);

  let content;
  if (balance) {
    content = (
      <>
        {paid && <PaidNotice amount={paid.amount} paid={paid.round} />}
        <BalanceSummary balance={balance} headingLevel={2} />
        <div className="mt-4">
          {balance.due > 0 ? (
            <BalancePayForm
              enrolmentId={enrolmentId}
              balance={balance}
              user={user}
              initialScope={search.get("pay") === "all" ? "all" : "due"}
              onPaid={(amount) => setPaid((last) => ({ amount, round: (last?.round ?? 0) + 1 }))}
            />
          ) : (
            <p className="fw-semibold">{t`Nothing is left to pay for this class.`}</p>
          )}
        </div>
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`This balance could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading the balance…`} />;
  }

  return (
    <section aria-labelledby="balance-heading">
      <h1 id="balance-heading" className="h2 mb-3">
        {t`Balance`}
      </h1>
      {seat && <p className="lead">{seatName(seat)}</p>}
      {content}
      <p className="mt-4">
        <Link to={paths.dashboard.myEnrolledClasses}>{t`Back to My Enrolled Classes`}</Link>
      </p>
    </section>
  );
}
