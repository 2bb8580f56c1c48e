import useSWR from "swr";

/*
 * GET /todo: what the signed-in family has to do, in the order to do it (the soonest deadline
 * first, then what has none): each {kind, dueAt (null: no deadline), participantId,
 * participantName, classId, className, missing, policyId, policyTitle, childrenNames, amount,
 * enrolmentId, waitlistEntryId, count, subject}, the fields its kind does not use empty.
 * Kinds: "waitlistOffer" (a seat offered, to take before dueAt), "balance" (`amount` due now on
 * a seat paid by a plan), "careRecord" (a person's record: `missing` says what), "policy" (a
 * school policy to accept, for `childrenNames` or, with none, for the family), "classMessages"
 * (`count` messages from a class not read yet, the newest's `subject`).
 */

export const todoKey = "/todo";

export function useToDo() {
  return useSWR(todoKey);
}
