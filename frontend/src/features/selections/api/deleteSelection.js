import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { selectionsKey } from "./getSelections";

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
