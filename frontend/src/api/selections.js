import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

// GET/POST /selectClass and DELETE /selectClass/:id: the classes a student chose, not yet paid.

export function selectionsKey(email) {
  return `/selectClass?email=${encodeURIComponent(email)}`;
}

// The student's selected classes, each with its classId and its own _id; nothing is asked
// without an e-mail (visitors, staff).
export function useSelections(email) {
  return useSWR(email ? selectionsKey(email) : null);
}

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

export function deleteSelection(id) {
  return api.delete(`/selectClass/${id}`);
}

// Removes one selection; the card leaves the cached list at once, then the list is asked again.
export function useDeleteSelection(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const result = await deleteSelection(id);
      await mutate(
        selectionsKey(email),
        (selections) => selections?.filter((selection) => selection._id !== id),
        { revalidate: true },
      );
      return result;
    },
    [email, mutate],
  );
}
