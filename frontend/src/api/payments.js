import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { enrolledClassesKey } from "./enrolledClasses";
import { selectionsKey } from "./selections";

// POST /createPaymentIntent, POST /payments, GET /payments/attempts/:id, GET /payments/:email.

export function paymentsKey(email) {
  return `/payments/${encodeURIComponent(email)}`;
}

// The student's payments, newest first, refunded ones included.
export function usePayments(email) {
  return useSWR(email ? paymentsKey(email) : null);
}

// A SetupIntent's client secret for the card to be saved into; the server charges it later, at
// the price confirmed with the payment (recordPayment), so no price is sent here.
export async function createPaymentIntent({ payId }) {
  const { clientSecret } = await api.post("/createPaymentIntent", { payId });
  return clientSecret;
}

/*
 * Asks the server to charge the saved card (setupIntentId), to finish a charge the bank had
 * the cardholder confirm (paymentIntentId), or, with neither, to enrol in a free class.
 */
export function recordPayment({ payId, setupIntentId, paymentIntentId, price }) {
  return api.post("/payments", {
    payId,
    ...(setupIntentId ? { setupIntentId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
    // The price the page showed and the student confirmed: the server charges it or nothing.
    ...(price !== undefined ? { price: Number(price).toFixed(2) } : {}),
  });
}

// Where a payment stands while Stripe's answer is awaited (the server's 202).
export function getPaymentAttempt(attemptId) {
  return api.get(`/payments/attempts/${attemptId}`);
}

// After a payment the selection leaves, the class joins the enrolled list and the history grows.
export function useRefreshAfterPayment(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      Promise.all([
        mutate(selectionsKey(email)),
        mutate(enrolledClassesKey(email)),
        mutate(paymentsKey(email)),
      ]),
    [email, mutate],
  );
}
