import { useCallback, useState } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { useRefreshAfterPayment } from "./payments";

/*
 * POST /checkouts, GET /checkouts/:id, PATCH and DELETE /checkouts/:id/lines/:lineId and
 * POST /checkouts/:id/payment: several of the family's classes held together, priced together and
 * paid with one charge.
 *
 * A checkout answers {id, status ("open", "charging", "paid"), lines, promoCode, promoCodeProblem,
 * credit, total, later, holdExpiresAt, clientSecret}. Each line is one class for one participant:
 * {id, classId, className, participantId, participantName, listPrice, adjustments, price,
 * paymentId, planId, plans, dueNow, schedule}; its `adjustments` ({kind, label, amount}, negative
 * for a discount, the account credit among them) take the list price to its price. A line may be
 * paid by one of its `plans` ({id, label, deposit, instalments: [{dueOn, amount}]}, worked out on
 * its price): `planId` names the one chosen (null: in full), `dueNow` is what it costs today (the
 * deposit, or the price) and `schedule` the chosen plan's instalments. `total` is what is charged
 * now, the lines' `dueNow` together; `later` is every line's instalments together.
 */

// While Stripe's answer on the charge is awaited, the checkout is asked after this often.
export const CHECKOUT_CHARGING_POLL_MS = 2000;

export function checkoutKey(id) {
  return `/checkouts/${encodeURIComponent(id)}`;
}

/*
 * The family's checkout priced now: a promo code that stopped applying is dropped and
 * `promoCodeProblem` says why. A checkout being charged is asked after until it is paid, or open
 * again when the charge did not happen. Whether it is being charged is kept from the checkout
 * shown, whichever answer brought it (the first load, the answer to Pay, a refresh), and the
 * interval is a number: SWR works a function given as its interval out only when its polling
 * effect runs, for a steady function only as the page opens (before the first answer), for one
 * made at each render at every render (putting the next poll off again each time).
 */
export function useCheckout(id) {
  const [charging, setCharging] = useState(false);
  const checkout = useSWR(id ? checkoutKey(id) : null, {
    refreshInterval: charging ? CHECKOUT_CHARGING_POLL_MS : 0,
    // Below the poll, or SWR would answer each poll from the first request.
    dedupingInterval: CHECKOUT_CHARGING_POLL_MS / 2,
  });
  const chargingNow = checkout.data?.status === "charging";
  if (chargingNow !== charging) setCharging(chargingNow);
  return checkout;
}

/*
 * Holds a seat for every item ({classId, participantId}, and the `planId` to pay it by, if any)
 * at once and prices them together, or holds none: a 409 then names the line that cannot be held
 * (`line`, `classId`, `participantId`). The code is looked up by what was typed; an unknown one is
 * a 400 with `errors.promoCode`. Only which classes, for whom and how are sent, never an amount.
 * An item of a class sold by the week or the day names its `units` and the `extendedCare`
 * ({optionId, units}) added to them; the checkout makes a line of each unit and each care day.
 * An item names the `addOns` bought with it ({id, optionId, quantity, units}; a required one the
 * server adds itself) and the child's `answers` to the school's questions ({questionId: value}):
 * a missing or bad one is a 400 with `errors.answers.<questionId>`, a bad add-on `errors.addOns`.
 */
export function openCheckout({ items, promoCode = "", applyCredit = false }) {
  const code = promoCode.trim();
  return api.post("/checkouts", {
    items: items.map(
      ({ classId, participantId, planId, units, extendedCare, addOns, answers }) => ({
        classId,
        participantId,
        ...(planId != null ? { planId } : {}),
        ...(units?.length ? { units } : {}),
        ...(extendedCare?.length ? { extendedCare } : {}),
        ...(addOns?.length ? { addOns } : {}),
        ...(answers && Object.keys(answers).length ? { answers } : {}),
      }),
    ),
    ...(code ? { promoCode: code } : {}),
    applyCredit: Boolean(applyCredit),
  });
}

// Opens the checkout and keeps its answer, so the checkout page shows it before asking again.
export function useOpenCheckout() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (order) => {
      const checkout = await openCheckout(order);
      await mutate(checkoutKey(checkout.id), checkout, { revalidate: false });
      return checkout;
    },
    [mutate],
  );
}

// Takes a line out before paying: its seat goes back, and the answer is the rest priced again.
export function removeCheckoutLine(checkoutId, lineId) {
  return api.delete(`${checkoutKey(checkoutId)}/lines/${encodeURIComponent(lineId)}`);
}

/*
 * Pays a line by one of its plans (`planId`), or in full (null), before paying: the answer is
 * the checkout priced again. A plan no longer open (its first date passed) is a 409 with `code`.
 */
export function chooseCheckoutPlan(checkoutId, lineId, planId) {
  return api.patch(`${checkoutKey(checkoutId)}/lines/${encodeURIComponent(lineId)}`, { planId });
}

/*
 * One charge for the checkout: of the card saved into its SetupIntent (setupIntentId), or, after
 * the bank had the cardholder confirm it, of that PaymentIntent (paymentIntentId); with neither
 * and a total of 0, the discounts and credit pay for it all. `total` is the one the page showed
 * and the family confirmed: the server charges it or nothing (409 `total_changed`, naming the
 * total now). Answers {checkout, payments}, one payment per line.
 */
export function payCheckout(checkoutId, { setupIntentId, paymentIntentId, total }) {
  return api.post(`${checkoutKey(checkoutId)}/payment`, {
    ...(setupIntentId ? { setupIntentId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
    total: Number(total).toFixed(2),
  });
}

/*
 * Pays the checkout, keeps the paid checkout the answer brings, then refreshes what a payment
 * changes: the selections that left, the classes now enrolled in, the history, who can take
 * which class, and the credit spent.
 */
export function usePayCheckout(email) {
  const { mutate } = useSWRConfig();
  const refreshAfterPayment = useRefreshAfterPayment(email);
  return useCallback(
    async (checkoutId, payment) => {
      const paid = await payCheckout(checkoutId, payment);
      await mutate(checkoutKey(checkoutId), paid.checkout, { revalidate: false });
      refreshAfterPayment();
      return paid;
    },
    [mutate, refreshAfterPayment],
  );
}
