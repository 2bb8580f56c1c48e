import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { revalidateClassLists } from "./classes";
import { creditKey } from "./credit";
import { isEligibilityKey } from "./eligibility";
import { isEnrolledClassesKeyOf } from "./enrolledClasses";
import { isPaymentsKeyOf } from "./payments";

// GET and POST /enrolments/:id/cancellation: what cancelling an enrolment gives back, and doing it.

export function cancellationKey(enrolmentId) {
  return `/enrolments/${encodeURIComponent(enrolmentId)}/cancellation`;
}

// The preview for the refund going back to the card ("card") or into account credit ("credit").
export function cancellationPreviewKey(enrolmentId, refundTo = "card") {
  return `${cancellationKey(enrolmentId)}?refundTo=${encodeURIComponent(refundTo)}`;
}

// Every cached preview of one enrolment's cancellation, whichever way its refund goes.
function isCancellationPreviewKeyOf(enrolmentId) {
  const previews = `${cancellationKey(enrolmentId)}?`;
  return (key) => typeof key === "string" && key.startsWith(previews);
}

/*
 * The refund cancelling would give now, under the policy the family paid under: {enrolmentId,
 * classId, className, participantName, paid, refundAmount, tier, tierLabel, why, policyText,
 * withheldDiscount, refundTo, creditAmount, creditBonusPercent}. `refundAmount` is already net of
 * `withheldDiscount` (a discount another of the family's classes loses with this one cancelled);
 * `creditAmount` is what the refund becomes as account credit, with the school's bonus. A 404 or
 * 409 (not theirs, cannot be cancelled) is final, so it is not retried; the amount depends on the
 * day, so it is asked afresh each time the question is asked. While the other way's preview is
 * asked for, the last one stays on screen (`isLoading` says it is not yet the one asked for).
 */
export function useCancellationPreview(enrolmentId, refundTo = "card") {
  return useSWR(enrolmentId != null ? cancellationPreviewKey(enrolmentId, refundTo) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
    keepPreviousData: true,
  });
}

/*
 * `refundTo` is where the refund goes ("card" or "credit"); `refundAmount` the refund the family
 * was shown, which the server cancels for or not at all (409 with the refund it would give now).
 */
export function cancelEnrolment(enrolmentId, { refundTo, refundAmount } = {}) {
  return api.post(cancellationKey(enrolmentId), {
    ...(refundTo ? { refundTo } : {}),
    ...(refundAmount !== undefined ? { refundAmount: Number(refundAmount).toFixed(2) } : {}),
  });
}

// The server's 409 when the refund is no longer the one the family confirmed: nothing was done.
export function isRefundChanged(error) {
  return error?.status === 409 && error.body?.refundAmount !== undefined;
}

/*
 * Cancels one enrolment ({enrolmentId, status, refundAmount, refundStatus, refundTo,
 * creditAmount, message}), then refreshes what it changes: the enrolled classes, the payment
 * history (the refund), the account credit (a refund taken as credit), and every list of classes
 * and who can take them (the seat is free again, or offered to the waitlist). When the refund has
 * changed since the family saw it, the preview is asked again, for them to see the new one.
 */
export function useCancelEnrolment(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (enrolmentId, choice) => {
      let answer;
      try {
        answer = await cancelEnrolment(enrolmentId, choice);
      } catch (error) {
        if (isRefundChanged(error)) await mutate(isCancellationPreviewKeyOf(enrolmentId));
        throw error;
      }
      await Promise.all([
        mutate(isEnrolledClassesKeyOf(email)),
        mutate(isPaymentsKeyOf(email)),
        mutate(creditKey),
        mutate(isEligibilityKey),
        revalidateClassLists(mutate),
      ]);
      return answer;
    },
    [email, mutate],
  );
}
