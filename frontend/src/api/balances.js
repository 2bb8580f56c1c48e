import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { useRefreshAfterPayment } from "./payments";

/*
 * GET /enrolments/:id/balance and POST /enrolments/:id/balance/payment: what is left to pay for
 * a seat paid by a plan, and paying it.
 *
 * A balance is {paid, due (all that is left), dueNow (what is due today or before), planLabel,
 * overdueSince, releaseOn (the day the seat goes to the waitlist unless paid; both null unless
 * overdue), clientSecret (a SetupIntent's, for paying with another card; null when nothing is
 * due), instalments: [{id, kind ("instalment", "transfer", "cancellation"), dueOn, amount,
 * status ("due", "charging", "paid", "failed", "cancelled"), paidBy ("card", "credit",
 * "offline", "")}]}. A seat paid in full has no plan and no instalments.
 */

export function balanceKey(enrolmentId) {
  return `/enrolments/${encodeURIComponent(enrolmentId)}/balance`;
}

// Every cached balance: a transfer or a cancellation changes the one of the seat it moves.
export function isBalanceKey(key) {
  return typeof key === "string" && /^\/enrolments\/[^/]+\/balance$/.test(key);
}

// A 404 (not the family's seat, or no longer one) is final, so it is not retried.
export function useBalance(enrolmentId) {
  return useSWR(enrolmentId != null ? balanceKey(enrolmentId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 404,
  });
}

/*
 * Pays what is due now (`scope` "due") or all that is left ("all"), `amount` being what the page
 * showed and the family confirmed: the server charges it or nothing (409 `amount_changed`, with
 * the `amount` now). By default the card saved at checkout is charged; a card saved with
 * Stripe.js into the balance's SetupIntent (`setupIntentId`) is charged instead; after the bank
 * had the cardholder confirm it, that PaymentIntent (`paymentIntentId`) is settled. A 402 is a
 * decline, or with `requiresAction` the bank asking for 3-D Secure. Answers the balance.
 */
export function payBalance(enrolmentId, { scope, amount, setupIntentId, paymentIntentId }) {
  return api.post(`${balanceKey(enrolmentId)}/payment`, {
    scope,
    amount: Number(amount).toFixed(2),
    ...(setupIntentId ? { setupIntentId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
  });
}

/*
 * Pays the balance and keeps the balance the answer brings, then refreshes what a payment
 * changes (the history, the enrolled classes, the credit). After a refusal the balance is asked
 * again: a new amount, a new SetupIntent for the next card.
 */
export function usePayBalance(email) {
  const { mutate } = useSWRConfig();
  const refreshAfterPayment = useRefreshAfterPayment(email);
  return useCallback(
    async (enrolmentId, payment) => {
      let balance;
      try {
        balance = await payBalance(enrolmentId, payment);
      } catch (error) {
        // The bank asking for 3-D Secure is not an answer yet: the same charge is settled next.
        if (!error.body?.requiresAction) await mutate(balanceKey(enrolmentId));
        throw error;
      }
      await mutate(balanceKey(enrolmentId), balance, { revalidate: false });
      refreshAfterPayment();
      return balance;
    },
    [mutate, refreshAfterPayment],
  );
}
