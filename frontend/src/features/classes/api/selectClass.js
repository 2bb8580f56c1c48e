import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { selectionsKey } from "./getSelections";

// Only the spec's field the server reads: the class. Everything else of the selection record
// (name, price, seats, the caller) the server takes from its own data and the token.
export function selectClass(classItem) {
  return api.post("/selectClass", { classId: classItem._id });
}

// Selects the class for the student, then refreshes the student's selected classes.
export function useSelectClass(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (classItem) => {
      const result = await selectClass(classItem);
      await mutate(selectionsKey(email));
      return result;
    },
    [email, mutate],
  );
}
