import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { cartKey } from "./cart";
import { creditKey } from "./credit";
import { isEligibilityKey } from "./eligibility";
import { isEnrolledClassesKeyOf } from "./enrolledClasses";
import { isSelectionsKeyOf } from "./selections";

// POST /createPaymentIntent, POST /payments, GET /payments/attempts/:id, GET /payments/:email.

// The family's payments, or with `participantId` only those for that participant (the server
// filters them: `?participant=<id>`).
export function paymentsKey(email, participantId) {
  const everyone = `/payments/${encodeURIComponent(email)}`;
  return participantId ? `${everyone}?participant=${encodeURIComponent(participantId)}` : everyone;
}

// Every cached list of the family's payments, everyone's and each participant's.
export function isPaymentsKeyOf(email) {
  const everyone = paymentsKey(email);
  return (key) =>
    typeof key === "string" && (key === everyone || key.startsWith(`${everyone}?participant=`));
}

// The family's payments, newest first, refunded ones included, each naming the participant it
// paid for (participantId, participantName).
export function usePayments(email, participantId) {
  return useSWR(email ? paymentsKey(email, participantId) : null);
}

/*
 * A SetupIntent's client secret for the card to be saved into; the server charges it later, at
 * the price confirmed with the payment (recordPayment), so no price is sent here. Asking holds
 * the seat while the family pays: {clientSecret, holdExpiresAt}, the hold's end (ISO 8601). The
 * answer says what is due and how the server reached it: the class's `listPrice`, then each of
 * its `adjustments` ({kind, label, amount}, negative for a discount), to `amountDue`.
 */
export async function createPaymentIntent({ payId }) {
  const { clientSecret, holdExpiresAt, amountDue, listPrice, adjustments } = await api.post(
    "/createPaymentIntent",
    { payId },
  );
  return {
    clientSecret,
    holdExpiresAt: holdExpiresAt ?? null,
    amountDue,
    listPrice: listPrice ?? null,
    adjustments: adjustments ?? [],
  };
}

/*
 * Asks the server to charge the saved card (setupIntentId), to finish a charge the bank had
 * the cardholder confirm (paymentIntentId), or, with neither, to enrol in a free class. A payment
 * that came after its seat hold expired, when the seat had gone to someone else, is refunded:
 * the answer's status is then "refunded" and its message says why.
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

/*
 * After a payment the selection leaves, the class joins the enrolled list and the history grows,
 * in everyone's lists and in the lists of the participant it was for; the class's Select then
 * says Enrolled (who can take which class is asked again). Account credit the price used is
 * spent.
 */
export function useRefreshAfterPayment(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      Promise.all([
        mutate(isSelectionsKeyOf(email)),
        mutate(isEnrolledClassesKeyOf(email)),
        mutate(isPaymentsKeyOf(email)),
        mutate(isEligibilityKey),
        mutate(creditKey),
        mutate(cartKey),
      ]),
    [email, mutate],
  );
}
