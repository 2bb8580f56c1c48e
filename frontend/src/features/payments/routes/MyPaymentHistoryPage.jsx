import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { usePayments } from "../../../api/payments";
import { PaymentHistoryTable } from "../components/PaymentHistoryTable";

export function MyPaymentHistoryPage() {
  useTitle("My Payment History");
  const { user } = useAuth();
  const { data: payments, error } = usePayments(user?.email);

  return (
    <section aria-labelledby="my-payment-history-heading">
      <h1 id="my-payment-history-heading" className="h2 mb-4">
        My Payment History
      </h1>
      <QueryResult
        data={payments}
        error={error}
        loadingLabel="Loading your payments…"
        errorTitle="Your payment history could not be loaded."
        emptyMessage="You have not made any payments yet."
      >
        {(list) => <PaymentHistoryTable payments={list} />}
      </QueryResult>
    </section>
  );
}
