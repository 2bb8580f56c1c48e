import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { paths } from "../../../config/paths";
import {
  createPaymentIntent,
  getPaymentAttempt,
  recordPayment,
  useRefreshAfterPayment,
} from "../../../api/payments";
import { billingDetails } from "../../../hooks/useCardField";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { isCareIncomplete, isNothingDue } from "./checkout";
import { SeatHold } from "./SeatHold";

const FALLBACK_FAILURE = t`The payment did not go through. Please try again.`;
const RENEWED_FORM = t`This payment form was renewed. Please press Pay again.`;
export const CONFIRMING_MESSAGE = t`Your payment is being confirmed with the bank. This page updates by itself.`;
// How often the page asks after a payment whose confirmation is awaited.
export const CONFIRMING_POLL_MS = 2000;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Asks after a payment until Stripe's answer is in: the payment, or an error saying why not.
async function settled(attempt) {
  let current = attempt;
  while (current.status === "confirming") {
    await wait(CONFIRMING_POLL_MS);
    try {
      current = await getPaymentAttempt(current.attemptId);
    } catch (error) {
      // The server is busy or the network dropped: the payment still stands; ask again.
      if (!error.status || error.status >= 500) continue;
      throw error;
    }
  }
  if (current.status === "enrolled") return current.payment;
  const status = { refunded: 409, declined: 402 }[current.status] ?? 503;
  throw Object.assign(new Error(current.message || FALLBACK_FAILURE), { status });
}

/*
 * The card form for one selected class. The card is saved into a SetupIntent with Stripe.js, then
 * our server charges it; a bank that wants 3-D Secure gets it through confirmCardPayment before
 * the server is asked again. Pay stays off until Stripe.js and the card field are ready and the
 * server has handed over a client secret, and while a payment is on its way. A refusal because
 * the child's care record or the school's policies are not complete goes to `onCareIncomplete`
 * (the server's 409 body), for the page to ask for them. How the server priced the seat each
 * time it opens the payment goes to `onQuote` ({listPrice, adjustments, amountDue}), for the page
 * to show before the family pays.
 */
export function CheckoutForm({ selection, user, onCareIncomplete, onQuote, onNothingDue }) {
  const cardBoxRef = useRef(null);
  const cardRef = useRef(null);
  const [stripe, setStripe] = useState(null);
  const [cardReady, setCardReady] = useState(false);
  const [clientSecret, setClientSecret] = useState("");
  // When the seat held for this payment is let go, as the server said (ISO 8601).
  const [holdExpiresAt, setHoldExpiresAt] = useState(null);
  // Bumped when a SetupIntent was used up by a failed charge, so a fresh one is asked for.
  const [secretRound, setSecretRound] = useState(0);
  const [processing, setProcessing] = useState(false);
  // Each answer to a press of Pay, for the outcome to take the focus.
  const [answered, setAnswered] = useState(0);
  const [failure, setFailure] = useState("");
  const [payment, setPayment] = useState(null);
  const [closed, setClosed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefreshAfterPayment(user?.email);
  const payId = selection._id;
  // The price shown, which is the price confirmed by pressing Pay: the class's until the server
  // answers with the amount due for this participant, and the new one if it moved.
  const [price, setPrice] = useState(Number(selection.price));
  const payable = price > 0;

  useEffect(() => {
    let cancelled = false;
    loadStripeJs().then(
      (loaded) => {
        if (!cancelled) setStripe(loaded);
      },
      (error) => {
        if (!cancelled) setFailure(error.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!stripe) return undefined;
    const card = stripe.elements().create("card");
    card.on("change", (event) => {
      // Stripe's card field reports an unusable number or date as the cardholder types.
      if (event && "error" in event) setFailure(event.error?.message || "");
    });
    card.mount(cardBoxRef.current);
    cardRef.current = card;
    setCardReady(true);
    return () => {
      cardRef.current = null;
      setCardReady(false);
      card.destroy();
    };
  }, [stripe]);

  useEffect(() => {
    // A payment intent is only requested when there is something to charge (spec section 5).
    if (!payable) return undefined;
    let cancelled = false;
    setClientSecret("");
    createPaymentIntent({ payId }).then(
      (intent) => {
        if (cancelled) return;
        setClientSecret(intent.clientSecret);
        if (intent.holdExpiresAt) setHoldExpiresAt(intent.holdExpiresAt);
        if (typeof intent.amountDue === "number") setPrice(intent.amountDue);
        onQuote?.({
          listPrice: intent.listPrice,
          adjustments: intent.adjustments,
          amountDue: intent.amountDue,
        });
      },
      (error) => {
        if (cancelled) return;
        if (isCareIncomplete(error)) {
          onCareIncomplete(error.body);
          return;
        }
        if (isNothingDue(error) && onNothingDue) {
          onNothingDue(error.message);
          return;
        }
        setFailure(error.message);
        if (error.status === 409 || error.status === 404) setClosed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [payId, payable, secretRound, onCareIncomplete, onQuote, onNothingDue]);

  async function charge(setupIntentId) {
    try {
      const answer = await recordPayment({ payId, setupIntentId, price });
      if (answer?.attemptId === undefined) return answer;
      setConfirming(true);
      try {
        return await settled(answer);
      } finally {
        setConfirming(false);
      }
    } catch (error) {
      if (error.status !== 402 || !error.body.requiresAction) throw error;
      const confirmation = await stripe.confirmCardPayment(error.body.clientSecret);
      if (confirmation.error) {
        throw Object.assign(new Error(confirmation.error.message || FALLBACK_FAILURE), {
          status: 402,
        });
      }
      return recordPayment({ payId, paymentIntentId: error.body.paymentIntentId });
    }
  }

  async function pay(event) {
    event.preventDefault();
    // A card payment is only attempted when the card element exists (spec section 5).
    if (!stripe || !cardRef.current || !clientSecret || processing) return;
    setProcessing(true);
    setFailure("");
    try {
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card: cardRef.current, billing_details: billingDetails(user) },
      });
      if (error?.code === "resource_missing") {
        // Stripe no longer has the SetupIntent (one made ahead under a Stripe account or a
        // local card provider since replaced): the server gives a new one.
        setFailure(RENEWED_FORM);
        setSecretRound((round) => round + 1);
        return;
      }
      if (error) {
        setFailure(error.message || FALLBACK_FAILURE);
        return;
      }
      const answer = await charge(setupIntent.id);
      if (answer?.status === "refunded") {
        // Paid after the hold expired, and the seat went to someone else: the money went back.
        setFailure(answer.message || answer.refundReason || FALLBACK_FAILURE);
        setClosed(true);
      } else {
        setPayment(answer);
      }
      refresh();
    } catch (error) {
      if (isCareIncomplete(error)) {
        // Nothing was charged: the page asks for what the school needs, then opens it again.
        onCareIncomplete(error.body);
        return;
      }
      setFailure(error.message || FALLBACK_FAILURE);
      const newPrice = error.body?.currentPrice;
      if (error.status === 409 && newPrice !== undefined) {
        // Nothing was charged: show the new price and let the student confirm it.
        setPrice(Number(newPrice));
        setSecretRound((round) => round + 1);
      } else if (error.status === 409) {
        // Refunded (the last seat went, the class closed): the history now shows it.
        setClosed(true);
        refresh();
      } else {
        // The saved card was used by the refused charge; another try needs a new SetupIntent.
        setSecretRound((round) => round + 1);
      }
    } finally {
      setProcessing(false);
      setAnswered((count) => count + 1);
    }
  }

  const done = Boolean(payment);
  const canPay = Boolean(stripe) && cardReady && Boolean(clientSecret) && !processing;
  const shownPrice = formatPrice(price);

  return (
    <form onSubmit={pay} noValidate aria-busy={processing}>
      {holdExpiresAt && !done && !closed && (
        <SeatHold selectionId={payId} expiresAt={holdExpiresAt} onExtended={setHoldExpiresAt} />
      )}
      <fieldset disabled={done || closed} className="mb-3">
        <legend className="form-label fs-6">{t`Card details`}</legend>
        {/* Stripe.js draws the card inputs in here. */}
        <div ref={cardBoxRef} className="form-control py-2" data-testid="card-element" />
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={!canPay || done || closed}>
        {processing && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t`Pay ${shownPrice}`}
      </button>
      <FormOutcome
        failure={failure}
        payment={payment}
        progress={confirming ? CONFIRMING_MESSAGE : ""}
        answered={answered}
      />
    </form>
  );
}

// A free class needs no card: one press enrols the student (or asks for their care record).
export function FreeEnrolForm({ selection, user, onCareIncomplete }) {
  const [processing, setProcessing] = useState(false);
  const [answered, setAnswered] = useState(0);
  const [failure, setFailure] = useState("");
  const [payment, setPayment] = useState(null);
  const refresh = useRefreshAfterPayment(user?.email);

  async function enrol(event) {
    event.preventDefault();
    setProcessing(true);
    setFailure("");
    try {
      setPayment(await recordPayment({ payId: selection._id }));
      refresh();
    } catch (error) {
      if (isCareIncomplete(error)) onCareIncomplete(error.body);
      else setFailure(error.message || FALLBACK_FAILURE);
    } finally {
      setProcessing(false);
      setAnswered((count) => count + 1);
    }
  }

  return (
    <form onSubmit={enrol} noValidate aria-busy={processing}>
      <button type="submit" className="btn btn-primary" disabled={processing || Boolean(payment)}>
        {processing && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t`Enrol for free`}
      </button>
      <FormOutcome failure={failure} payment={payment} answered={answered} free />
    </form>
  );
}

/*
 * What a press of Pay (or Enrol) came to. The button is off from the press on, which drops the
 * keyboard focus, so each answer (`answered` counts them) takes it: the payment made, with the
 * way on to its receipt, or the reason it was not.
 */
function FormOutcome({ failure, payment, progress = "", free = false, answered = 0 }) {
  const alertRef = useRef(null);
  const statusRef = useRef(null);
  useEffect(() => {
    if (answered === 0) return;
    if (payment) statusRef.current?.focus();
    else if (failure) alertRef.current?.focus();
    // Only a new answer moves the focus, not a later change of the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);
  return (
    <>
      <div role="alert" className="text-danger-emphasis mt-3" ref={alertRef} tabIndex={-1}>
        {failure}
      </div>
      <div
        role="status"
        className="text-success-emphasis fw-semibold mt-2"
        ref={statusRef}
        tabIndex={-1}
      >
        {progress}
        {payment &&
          (free
            ? t`You are enrolled in ${payment.nameClass}.`
            : t`Transaction complete with transactionId: ${payment.transactionId}`)}
      </div>
      {payment?._id && (
        <p className="mt-2 mb-0">
          <Link to={paths.dashboard.receipt(payment._id)}>{t`View your receipt`}</Link>
        </p>
      )}
    </>
  );
}
