import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { usersKey } from "./getUsers";

export function makeUserInstructor(id) {
  return api.patch(`/users/instructor/${id}`);
}

// Makes the user an instructor, then refreshes the users list.
export function useMakeUserInstructor() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const result = await makeUserInstructor(id);
      await mutate(usersKey);
      return result;
    },
    [mutate],
  );
}
