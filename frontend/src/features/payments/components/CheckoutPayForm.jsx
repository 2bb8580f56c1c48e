import { useEffect, useRef, useState } from "react";

import { usePayCheckout } from "../../../api/checkouts";
import { formatPrice } from "../../../components/ui/formatPrice";
import { loadStripeJs } from "../lib/loadStripeJs";
import { isCareIncomplete } from "./checkout";
import { RefundPolicyNote } from "./RefundPolicyNote";

const FALLBACK_FAILURE = "The payment did not go through. Please try again.";

function billingDetails(user) {
  return {
    email: user?.email || "unknown",
    name: user?.displayName || "anonymous",
  };
}

/*
 * Stripe.js and its card field, drawn into the element `boxRef` names, only while something is
 * due by card (`wanted`): a checkout its discounts and credit pay for never downloads Stripe.js.
 * What Stripe says of the card as it is typed (an unusable number or date), and a Stripe.js that
 * would not load, go to `onProblem`.
 */
function useCardField(wanted, onProblem) {
  const boxRef = useRef(null);
  const cardRef = useRef(null);
  const [stripe, setStripe] = useState(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!wanted) return undefined;
    let cancelled = false;
    loadStripeJs().then(
      (loaded) => {
        if (!cancelled) setStripe(loaded);
      },
      (error) => {
        if (!cancelled) onProblem(error.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, onProblem]);

  useEffect(() => {
    if (!stripe || !wanted) return undefined;
    const card = stripe.elements().create("card");
    card.on("change", (event) => {
      if (event && "error" in event) onProblem(event.error?.message || "");
    });
    card.mount(boxRef.current);
    cardRef.current = card;
    setReady(true);
    return () => {
      cardRef.current = null;
      setReady(false);
      card.destroy();
    };
  }, [stripe, wanted, onProblem]);

  return { boxRef, cardRef, stripe, ready };
}

/*
 * Why a press of Pay did not go through. The button is off from the press on, which drops the
 * keyboard focus, so each refusal (`answered` counts the answers) takes it. A payment that went
 * through takes the page away from this form: the page announces it.
 */
function PayFailure({ failure, answered }) {
  const alertRef = useRef(null);
  useEffect(() => {
    if (answered > 0 && failure) alertRef.current?.focus();
    // Only a new answer moves the focus, not a later change of the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);
  return (
    <div role="alert" className="text-danger-emphasis mt-3" ref={alertRef} tabIndex={-1}>
      {failure}
    </div>
  );
}

/*
 * Paying an open checkout with one charge, for the total it shows: the card is saved into the
 * checkout's SetupIntent with Stripe.js, then our server charges it; a bank that wants 3-D Secure
 * gets it through confirmCardPayment before the server is asked again. With nothing due by card,
 * one press enrols every line. A refusal because a child's care record or the school's policies
 * are not complete goes to `onCareIncomplete` (the server's 409 body). After any refusal the page
 * asks for the checkout again (`onRefresh`): a new total, a code that no longer applies, a new
 * SetupIntent for the next card. The checkout paid, its payments (one a line) go to `onPaid`.
 */
export function CheckoutPayForm({ checkout, user, onCareIncomplete, onRefresh, onPaid }) {
  const byCard = checkout.total > 0;
  const [failure, setFailure] = useState("");
  const { boxRef, cardRef, stripe, ready } = useCardField(byCard, setFailure);
  const [processing, setProcessing] = useState(false);
  const [answered, setAnswered] = useState(0);
  const payCheckout = usePayCheckout(user?.email);
  const canPay =
    !processing && (!byCard || (Boolean(stripe) && ready && Boolean(checkout.clientSecret)));

  async function charge(total, setupIntentId) {
    try {
      return await payCheckout(checkout.id, { setupIntentId, total });
    } catch (error) {
      if (error.status !== 402 || !error.body?.requiresAction) throw error;
      // Whatever the cardholder tells their bank, the server then asks Stripe how the charge
      // stands: paid, or given back and the checkout open for another card.
      await stripe.confirmCardPayment(error.body.clientSecret);
      return payCheckout(checkout.id, { paymentIntentId: error.body.paymentIntentId, total });
    }
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
        const { setupIntent, error } = await stripe.confirmCardSetup(checkout.clientSecret, {
          payment_method: { card: cardRef.current, billing_details: billingDetails(user) },
        });
        if (error) {
          setFailure(error.message || FALLBACK_FAILURE);
          return;
        }
        setupIntentId = setupIntent.id;
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

  return (
    <>
      <form onSubmit={pay} noValidate aria-busy={processing}>
        {byCard ? (
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Card details</legend>
            {/* Stripe.js draws the card inputs in here. */}
            <div ref={boxRef} className="form-control py-2" data-testid="card-element" />
          </fieldset>
        ) : (
          <p>Your discounts and credit cover everything: no card is needed.</p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!canPay}>
          {processing && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {byCard ? `Pay ${formatPrice(checkout.total)}` : "Enrol without a card"}
        </button>
        <PayFailure failure={failure} answered={answered} />
      </form>
      {byCard && <RefundPolicyNote />}
    </>
  );
}
