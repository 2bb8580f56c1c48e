import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { isBalanceKey } from "./balances";
import { revalidateClassLists } from "./classes";
import { creditKey } from "./credit";
import { isEligibilityKey } from "./eligibility";
import { isEnrolledClassesKeyOf } from "./enrolledClasses";
import { isPaymentsKeyOf } from "./payments";

// GET and POST /enrolments/:id/transfer: what moving a seat to another class costs, and moving it.

export function transferKey(enrolmentId) {
  return `/enrolments/${encodeURIComponent(enrolmentId)}/transfer`;
}

export function transferPreviewKey(enrolmentId, classId) {
  return `${transferKey(enrolmentId)}?classId=${encodeURIComponent(classId)}`;
}

// Every cached preview of one seat's move, whichever class it was to.
function isTransferPreviewKeyOf(enrolmentId) {
  const previews = `${transferKey(enrolmentId)}?`;
  return (key) => typeof key === "string" && key.startsWith(previews);
}

/*
 * What moving the seat to class `classId` would take, by the school's one pricing:
 * {classId, className, participantName, currentPrice, newPrice, difference (new less current),
 * fee, withheldDiscount (a discount the family's other classes no longer earn after the move,
 * kept from what goes back), total (difference, fee and withheldDiscount: to pay when above 0,
 * to give back when below), cutoffOn (the
 * last day a move is allowed), refusals: [{code, message}] (why it cannot be moved, none when it
 * can), clientSecret}. The amounts depend on the day and the seats on everyone, so it is asked
 * afresh each time; a 404 or 409 is final and not retried.
 */
export function useTransferPreview(enrolmentId, classId) {
  return useSWR(enrolmentId != null && classId ? transferPreviewKey(enrolmentId, classId) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

/*
 * Moves the seat to `classId`. `settleWith` says how the `total` shown and confirmed is settled:
 * paid by the card on file or from account credit, or given back to the card or as credit. The
 * server moves it for that total or not at all (409, its message saying why). A 402 is a
 * decline, or with `requiresAction` the bank asking for 3-D Secure; after it, the same move is
 * asked again with that `paymentIntentId`. Answers {enrolmentId (the seat in the new class),
 * classId, message, difference, fee, settledWith}.
 */
export function transferEnrolment(enrolmentId, { classId, settleWith, total, paymentIntentId }) {
  return api.post(transferKey(enrolmentId), {
    classId,
    settleWith,
    total: Number(total).toFixed(2),
    ...(paymentIntentId ? { paymentIntentId } : {}),
  });
}

/*
 * Moves the seat, then refreshes what a move changes: the enrolled classes, the history and the
 * balances (a difference charged or given back), the credit, both classes' seats in every list,
 * and who can take which class. A refusal asks the preview again, for the family to see it now.
 */
export function useTransferEnrolment(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (enrolmentId, move) => {
      let answer;
      try {
        answer = await transferEnrolment(enrolmentId, move);
      } catch (error) {
        if (error.status === 409) await mutate(isTransferPreviewKeyOf(enrolmentId));
        throw error;
      }
      await Promise.all([
        mutate(isEnrolledClassesKeyOf(email)),
        mutate(isPaymentsKeyOf(email)),
        mutate(isBalanceKey),
        mutate(creditKey),
        mutate(isEligibilityKey),
        revalidateClassLists(mutate),
      ]);
      return answer;
    },
    [email, mutate],
  );
}
