import { useCallback, useReducer, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useSelections } from "../../../api/selections";
import { CareNeeded } from "../components/CareNeeded";
import { CheckOutTogetherNotice } from "../components/CheckOutTogetherNotice";
import { CheckoutForm, FreeEnrolForm } from "../components/CheckoutForm";
import { checkoutReducer, PAYING } from "../components/checkout";
import { PriceSummary } from "../components/PriceSummary";
import { RefundPolicyNote } from "../components/RefundPolicyNote";

/*
 * /dashboard/payment/:id: paying for one selected class. The server may first ask for the
 * child's care record and the school's policies (409 `care_incomplete`); the page then asks for
 * them, here, and opens the payment again once they are in (components/checkout.js).
 */
export function PaymentPage() {
  useTitle(t`Payment`);
  const [checkout, dispatch] = useReducer(checkoutReducer, PAYING);
  const careIncomplete = useCallback(
    ({ participantId, missing }) => dispatch({ type: "careIncomplete", participantId, missing }),
    [],
  );
  const { id } = useParams();
  const { user } = useAuth();
  const { data: selections, error } = useSelections(user?.email);
  const found = selections?.find((selection) => String(selection._id) === id);
  // Paying removes the selection from the list; the page keeps showing what was paid for.
  const [kept, setKept] = useState(null);
  if (found && found !== kept) setKept(found);
  const selection = found || kept;
  // How the server priced this seat on opening the payment (list price, adjustments, due).
  const [quote, setQuote] = useState(null);
  // The server's word that the family's discounts leave nothing to pay (409 `nothing_due`).
  const [nothingDue, setNothingDue] = useState("");

  let content;
  if (selection) {
    const free = !(Number(selection.price) > 0) || Boolean(nothingDue);
    // Offered while this class is still to pay for and others are selected beside it.
    const together = found && selections.length > 1 && checkout.step !== "careNeeded";
    const participant = <strong key="participant">{selection.participantName}</strong>;
    content = (
      <>
        {together && <CheckOutTogetherNotice selections={selections} />}
        <div className="card shadow-sm">
          <div className="card-body">
            <h2 className="h4 card-title">{selection.nameClass}</h2>
            {/* Each child's seat is paid for on its own: the page says whose seat this is. */}
            {selection.participantName && <p className="mb-1">{jt`For: ${participant}`}</p>}
            <PriceSummary price={selection.price} quote={free ? null : quote} />
            {checkout.step === "careNeeded" ? (
              <CareNeeded
                participantId={checkout.participantId}
                missing={checkout.missing}
                fallbackName={selection.participantName}
                onRecordChanged={(record) =>
                  dispatch({ type: "recordChanged", missing: record.missing })
                }
                onPolicyAccepted={(slug) => dispatch({ type: "policyAccepted", slug })}
                onRetry={() => dispatch({ type: "retry" })}
              />
            ) : (
              <>
                {checkout.careDone && (
                  <p className="text-success-emphasis fw-semibold" role="status">
                    {t`Thank you: the school has everything it needs.`}
                  </p>
                )}
                {/* Drawn afresh for each opening of the payment (`round`). */}
                {nothingDue && (
                  <p className="fw-semibold" role="status">
                    {nothingDue}
                  </p>
                )}
                {free ? (
                  <FreeEnrolForm
                    key={checkout.round}
                    selection={selection}
                    user={user}
                    onCareIncomplete={careIncomplete}
                  />
                ) : (
                  <>
                    <CheckoutForm
                      key={checkout.round}
                      selection={selection}
                      user={user}
                      onCareIncomplete={careIncomplete}
                      onQuote={setQuote}
                      onNothingDue={setNothingDue}
                    />
                    <RefundPolicyNote />
                  </>
                )}
              </>
            )}
          </div>
        </div>
      </>
    );
  } else if (selections) {
    content = (
      <div className="alert alert-warning" role="alert">
        <p className="mb-1">{t`This class is not among your selected classes.`}</p>
        <Link to={paths.dashboard.mySelectedClasses}>{t`Back to My Selected Classes`}</Link>
      </div>
    );
  } else if (error) {
    content = <ErrorAlert title={t`Your selected classes could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading the class…`} />;
  }

  return (
    <section aria-labelledby="payment-heading" className="payment-page">
      <h1 id="payment-heading" className="h2 mb-4">
        {t`Payment`}
      </h1>
      {content}
    </section>
  );
}
