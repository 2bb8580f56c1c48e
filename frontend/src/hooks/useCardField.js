import { useEffect, useRef, useState } from "react";

import { loadStripeJs } from "../lib/loadStripeJs";

// Who saves the card, as Stripe keeps it with the card.
export function billingDetails(user) {
  return {
    email: user?.email || "unknown",
    name: user?.displayName || "anonymous",
  };
}

/*
 * Saves the card typed into `card` into the SetupIntent `clientSecret` names: its id, or what
 * Stripe says was wrong with the card (`failure`, possibly empty).
 */
export async function cardSaved(stripe, card, clientSecret, user) {
  const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
    payment_method: { card, billing_details: billingDetails(user) },
  });
  if (error) return { failure: error.message || "" };
  return { setupIntentId: setupIntent.id };
}

/*
 * Stripe.js and its card field, drawn into the element `boxRef` names, only while a card is to be
 * typed (`wanted`): a payment its discounts and credit cover, or one by the card on file, never
 * downloads Stripe.js. What Stripe says of the card as it is typed (an unusable number or date),
 * and a Stripe.js that would not load, go to `onProblem`.
 */
export function useCardField(wanted, onProblem) {
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
