import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * The front desk (/frontDesk/...): the office (and admins) register a family who calls or walks
 * in, add its children and their care records taken by phone, open a checkout on its behalf and
 * take the payment (a card typed into Stripe's form, cash, a cheque, or a link e-mailed to pay
 * later); and the day's takings by method, closed against what was counted.
 *
 * A family answers {id, name, email, phone, credit, participants: [{id, firstName, lastName, name,
 * dateOfBirth, isAccountHolder, careMissing: [words], careToConfirm}]}.
 */

// The shortest search the server takes.
export const FAMILY_SEARCH_MIN = 2;

export function familiesKey(q) {
  const text = (q ?? "").trim();
  return text.length >= FAMILY_SEARCH_MIN
    ? `/frontDesk/families?q=${encodeURIComponent(text)}`
    : null;
}

// The families whose name, e-mail, telephone or a child's name match what was typed.
export function useFamilySearch(q) {
  return useSWR(familiesKey(q), { keepPreviousData: true });
}

/*
 * A new family: the account holder's e-mail, name and telephone. The server makes the account
 * (the family sets its password from the e-mail it receives). An e-mail already known is a 409
 * with code `family_exists`.
 */
export function createFamily({ email, name, phone }) {
  return api.post("/frontDesk/families", {
    email: email.trim(),
    name: name.trim(),
    phone: (phone ?? "").trim(),
  });
}

// A child of the family ({firstName, lastName, dateOfBirth}) and the care record taken by phone.
export function addChild(familyId, child, care) {
  return api.post(`/frontDesk/families/${encodeURIComponent(familyId)}/participants`, {
    ...child,
    ...(care ? { care } : {}),
  });
}

// A child's care record read out on the telephone, for a child already on the family's account.
export function takeCareByPhone(participantId, care) {
  return api.put(`/frontDesk/participants/${encodeURIComponent(participantId)}/care`, care);
}

/*
 * The checkout opened on the family's behalf: `items` exactly as the family's own checkout
 * takes them (api/checkouts.js). Answers as the family's: {id, status, lines, ..., clientSecret}.
 */
export function openDeskCheckout({ familyId, items, promoCode = "", applyCredit = false }) {
  const code = promoCode.trim();
  return api.post("/frontDesk/checkouts", {
    familyId,
    items,
    ...(code ? { promoCode: code } : {}),
    applyCredit: Boolean(applyCredit),
  });
}

export function deskCheckoutKey(id) {
  return `/frontDesk/checkouts/${encodeURIComponent(id)}`;
}

/*
 * The payment taken at the desk: `method` card (the SetupIntent the card form saved, and whether
 * the family agreed to keep the card), cash, cheque (its number as `reference`) or link (nothing
 * taken: the family is e-mailed a link to pay online; answers 202 {checkout, linkSentTo}).
 * `total` is the one the office read out; the server takes it or nothing.
 */
export function takeDeskPayment(checkoutId, { method, total, reference, setupIntentId, keepCard }) {
  return api.post(`${deskCheckoutKey(checkoutId)}/payment`, {
    method,
    total: Number(total).toFixed(2),
    reference: (reference ?? "").trim(),
    ...(setupIntentId ? { setupIntentId } : {}),
    ...(method === "card" ? { keepCard: Boolean(keepCard) } : {}),
  });
}

export function dayKey(date) {
  return date ? `/frontDesk/day?date=${encodeURIComponent(date)}` : "/frontDesk/day";
}

/*
 * The day's takings at the desk: {date, takings: {card, cash, cheque, total}, payments: [{at,
 * checkoutId, family: {id, name}, method, amount, reference}], closed: null | {closedBy,
 * closedAt, countedCash, countedCheques, difference, note}}.
 */
export function useDeskDay(date) {
  return useSWR(dayKey(date));
}

// Closes the day with what was counted; the answer (the day, closed) replaces the one shown.
export function useCloseDay() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async ({ date, countedCash, countedCheques, note }) => {
      const closed = await api.post("/frontDesk/day", {
        date,
        countedCash: Number(countedCash).toFixed(2),
        countedCheques: Number(countedCheques).toFixed(2),
        note: (note ?? "").trim(),
      });
      await mutate(dayKey(date), closed, { revalidate: false });
      return closed;
    },
    [mutate],
  );
}
