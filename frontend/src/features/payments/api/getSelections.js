import useSWR from "swr";

import { selectionsKey } from "./keys";

// The student's selected classes, among which the one being paid for is found.
export function useSelections(email) {
  return useSWR(email ? selectionsKey(email) : null);
}
