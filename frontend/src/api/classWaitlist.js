import useSWR from "swr";

/*
 * GET /classes/:id/waitlist: one class's waitlist, in order, for its instructor and admins:
 * {_id, participantId, participantName, accountName, status, position, offerExpiresAt,
 * createdAt, moveReason}.
 */

export function classWaitlistKey(classId) {
  return `/classes/${encodeURIComponent(classId)}/waitlist`;
}

// A 403 or 404 (not this person's class) is final, so it is not retried.
export function useClassWaitlist(classId) {
  return useSWR(classId ? classWaitlistKey(classId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
  });
}
