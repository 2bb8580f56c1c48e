import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatPrice } from "../../../components/ui/formatPrice";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useSelections } from "../../../api/selections";
import { CheckoutForm, FreeEnrolForm } from "../components/CheckoutForm";
import { RefundPolicyNote } from "../components/RefundPolicyNote";

export function PaymentPage() {
  useTitle("Payment");
  const { id } = useParams();
  const { user } = useAuth();
  const { data: selections, error } = useSelections(user?.email);
  const found = selections?.find((selection) => String(selection._id) === id);
  // Paying removes the selection from the list; the page keeps showing what was paid for.
  const [kept, setKept] = useState(null);
  if (found && found !== kept) setKept(found);
  const selection = found || kept;

  let content;
  if (selection) {
    const free = !(Number(selection.price) > 0);
    content = (
      <div className="card shadow-sm">
        <div className="card-body">
          <h2 className="h4 card-title">{selection.nameClass}</h2>
          {/* Each child's seat is paid for on its own: the page says whose seat this is. */}
          {selection.participantName && (
            <p className="mb-1">
              For: <strong>{selection.participantName}</strong>
            </p>
          )}
          <p className="mb-4">
            Price: <strong>{free ? "Free" : formatPrice(selection.price)}</strong>
          </p>
          {free ? (
            <FreeEnrolForm selection={selection} user={user} />
          ) : (
            <>
              <CheckoutForm selection={selection} user={user} />
              <RefundPolicyNote />
            </>
          )}
        </div>
      </div>
    );
  } else if (selections) {
    content = (
      <div className="alert alert-warning" role="alert">
        <p className="mb-1">This class is not among your selected classes.</p>
        <Link to={paths.dashboard.mySelectedClasses}>Back to My Selected Classes</Link>
      </div>
    );
  } else if (error) {
    content = <ErrorAlert title="Your selected classes could not be loaded." error={error} />;
  } else {
    content = <Loading label="Loading the class…" />;
  }

  return (
    <section aria-labelledby="payment-heading" className="payment-page">
      <h1 id="payment-heading" className="h2 mb-4">
        Payment
      </h1>
      {content}
    </section>
  );
}
