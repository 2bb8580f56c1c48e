import useSWR from "swr";

import { api } from "../lib/api";

/*
 * GET /eligibility?classIds=3,7,9: for each class asked, whether each participant of the
 * signed-in family can take it and, when not, what stops them (`kind`) and the reason in the
 * server's words. What the Select buttons say comes from it; the server still refuses a select
 * it would not allow. Every action that changes it (a select, a selection removed, a waitlist
 * joined or left, an offer accepted, a payment, a cancellation, a participant changed)
 * revalidates every key of it (isEligibilityKey).
 */

const eligibilityPath = "/eligibility";

// The server answers at most this many classes a request.
export const MAX_ELIGIBILITY_CLASSES = 100;

// The same classes, in any order, make the same key: one cached answer.
function distinctSortedIds(classIds) {
  return [...new Set(classIds.map(Number))].sort((a, b) => a - b);
}

function requestPath(ids) {
  return `${eligibilityPath}?classIds=${ids.join(",")}`;
}

export function eligibilityKey(classIds) {
  return requestPath(distinctSortedIds(classIds));
}

export function isEligibilityKey(key) {
  return typeof key === "string" && key.startsWith(`${eligibilityPath}?`);
}

/*
 * The answers for `classIds` as {classId: [{participantId, participantName, isAccountHolder,
 * eligible, kind, reason, waitlist}]}. A list grown past the server's limit (Load more) is asked in parts, at
 * once, and the parts joined.
 */
export async function getEligibility(classIds) {
  const ids = distinctSortedIds(classIds);
  const parts = [];
  for (let start = 0; start < ids.length; start += MAX_ELIGIBILITY_CLASSES) {
    parts.push(ids.slice(start, start + MAX_ELIGIBILITY_CLASSES));
  }
  const answers = await Promise.all(parts.map((part) => api.get(requestPath(part))));
  return Object.assign({}, ...answers.map((answer) => answer?.classes ?? {}));
}

/*
 * Each class's participants and whether they can take it, by class id (undefined until known),
 * and whether an answer is on its way (`isLoading`). Nothing is asked for an empty list. A
 * failure counts as "not known" and is not retried: the cards then show only the class's public
 * state, and the server answers a Select itself. While a longer list loads (Load more) the answer
 * for the classes already shown stays in place.
 */
export function useEligibility(classIds) {
  const ids = classIds?.length ? classIds : null;
  const { data, isLoading } = useSWR(ids ? eligibilityKey(ids) : null, () => getEligibility(ids), {
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
  return { eligibilityByClass: data, isLoading };
}
