import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { revalidateClassLists } from "./classes";
import { isEligibilityKey } from "./eligibility";
import { isEnrolledClassesKeyOf } from "./enrolledClasses";
import { isPaymentsKeyOf } from "./payments";

// GET and POST /enrolments/:id/cancellation: what cancelling an enrolment gives back, and doing it.

export function cancellationKey(enrolmentId) {
  return `/enrolments/${encodeURIComponent(enrolmentId)}/cancellation`;
}

/*
 * The refund cancelling would give now, under the policy the family paid under: {enrolmentId,
 * classId, className, participantName, paid, refundAmount, tier, tierLabel, why, policyText}. A 404
 * or 409 (not theirs, cannot be cancelled) is final, so it is not retried; the amount depends on
 * the day, so it is asked afresh each time the question is asked.
 */
export function useCancellationPreview(enrolmentId) {
  return useSWR(enrolmentId != null ? cancellationKey(enrolmentId) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

export function cancelEnrolment(enrolmentId) {
  return api.post(cancellationKey(enrolmentId));
}

/*
 * Cancels one enrolment ({enrolmentId, status, refundAmount, refundStatus, message}), then
 * refreshes what it changes: the enrolled classes, the payment history (the refund), and every
 * list of classes and who can take them (the seat is free again, or offered to the waitlist).
 */
export function useCancelEnrolment(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (enrolmentId) => {
      const answer = await cancelEnrolment(enrolmentId);
      await Promise.all([
        mutate(isEnrolledClassesKeyOf(email)),
        mutate(isPaymentsKeyOf(email)),
        mutate(isEligibilityKey),
        revalidateClassLists(mutate),
      ]);
      return answer;
    },
    [email, mutate],
  );
}
