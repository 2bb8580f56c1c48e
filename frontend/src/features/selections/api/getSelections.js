import useSWR from "swr";

// The same key as features/classes uses, so a select on All Classes shows up here at once.
export function selectionsKey(email) {
  return `/selectClass?email=${encodeURIComponent(email)}`;
}

// The signed-in user's selected classes, each with its classId and its own _id.
export function useSelections(email) {
  return useSWR(email ? selectionsKey(email) : null);
}
