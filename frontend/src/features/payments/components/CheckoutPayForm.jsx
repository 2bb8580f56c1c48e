import { useState } from "react";
import { t } from "ttag";

import { usePayCheckout } from "../../../api/checkouts";
import { formatPrice } from "../../../components/ui/formatPrice";
import { cardSaved, useCardField } from "../../../hooks/useCardField";
import { withBankConfirmation } from "../lib/withBankConfirmation";
import { isCareIncomplete } from "./checkout";
import { FALLBACK_FAILURE, PayFailure } from "./PayFailure";
import { RefundPolicyNote } from "./RefundPolicyNote";

/*
 * Paying an open checkout with one charge, for the total it shows: the card is saved into the
 * checkout's SetupIntent with Stripe.js, then our server charges it; a bank that wants 3-D Secure
 * gets it through confirmCardPayment before the server is asked again. With nothing due by card,
 * one press enrols every line. A refusal because a child's care record or the school's policies
 * are not complete goes to `onCareIncomplete` (the server's 409 body). After any refusal the page
 * asks for the checkout again (`onRefresh`): a new total, a code that no longer applies, a new
 * SetupIntent for the next card. The checkout paid, its payments (one a line) go to `onPaid`.
 * While a line's way of paying is being changed (`choosing`), the total is about to change, and
 * Pay waits for it.
 */
export function CheckoutPayForm({
  checkout,
  user,
  choosing = false,
  onCareIncomplete,
  onRefresh,
  onPaid,
}) {
  const byCard = checkout.total > 0;
  const [failure, setFailure] = useState("");
  const { boxRef, cardRef, stripe, ready } = useCardField(byCard, setFailure);
  const [processing, setProcessing] = useState(false);
  const [answered, setAnswered] = useState(0);
  const payCheckout = usePayCheckout(user?.email);
  const canPay =
    !processing &&
    !choosing &&
    (!byCard || (Boolean(stripe) && ready && Boolean(checkout.clientSecret)));

  // After 3-D Secure the server settles the PaymentIntent: paid, or given back and the checkout
  // open for another card.
  function charge(total, setupIntentId) {
    return withBankConfirmation(({ paymentIntentId }) =>
      payCheckout(
        checkout.id,
        paymentIntentId ? { paymentIntentId, total } : { setupIntentId, total },
      ),
    );
  }

  async function pay(event) {
    event.preventDefault();
    if (!canPay) return;
    // The total on the button when it was pressed: the only amount the server may charge.
    const { total } = checkout;
    setProcessing(true);
    setFailure("");
    try {
      let setupIntentId;
      if (byCard) {
        const saved = await cardSaved(stripe, cardRef.current, checkout.clientSecret, user);
        if ("failure" in saved) {
          setFailure(saved.failure || FALLBACK_FAILURE);
          return;
        }
        ({ setupIntentId } = saved);
      }
      const paid = await charge(total, setupIntentId);
      onPaid(paid.payments);
    } catch (error) {
      onRefresh();
      if (isCareIncomplete(error)) {
        // Nothing was charged: the page asks for what the school needs, then opens this again.
        onCareIncomplete(error.body);
        return;
      }
      setFailure(error.message || FALLBACK_FAILURE);
    } finally {
      setProcessing(false);
      setAnswered((count) => count + 1);
    }
  }

  const total = formatPrice(checkout.total);
  return (
    <>
      <form onSubmit={pay} noValidate aria-busy={processing}>
        {byCard ? (
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t`Card details`}</legend>
            {/* Stripe.js draws the card inputs in here. */}
            <div ref={boxRef} className="form-control py-2" data-testid="card-element" />
            {checkout.later > 0 && (
              <p className="form-text mb-0">
                {t`The card is kept for the instalments: each is charged to it on its date.`}
              </p>
            )}
          </fieldset>
        ) : (
          <p>{t`Your discounts and credit cover everything: no card is needed.`}</p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!canPay}>
          {processing && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {byCard ? t`Pay ${total}` : t`Enrol without a card`}
        </button>
        <PayFailure failure={failure} answered={answered} />
      </form>
      {byCard && <RefundPolicyNote />}
    </>
  );
}
