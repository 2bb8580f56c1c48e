import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { usersKey } from "./getUsers";

export function makeUserAdmin(id) {
  return api.patch(`/users/admin/${id}`);
}

// Makes the user an admin, then refreshes the users list.
export function useMakeUserAdmin() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const result = await makeUserAdmin(id);
      await mutate(usersKey);
      return result;
    },
    [mutate],
  );
}
