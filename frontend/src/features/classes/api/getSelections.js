import useSWR from "swr";

// The same key as features/selections uses, so selecting here refreshes My Selected Classes too.
export function selectionsKey(email) {
  return `/selectClass?email=${encodeURIComponent(email)}`;
}

// The student's selected classes; nothing is asked without an e-mail (visitors, staff).
export function useSelections(email) {
  return useSWR(email ? selectionsKey(email) : null);
}
