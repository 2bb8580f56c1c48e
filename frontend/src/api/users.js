import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

// GET /users and PATCH /users/admin/:id, /users/instructor/:id: the admin's people.

export const usersKey = "/users";

export function getUsers() {
  return api.get(usersKey);
}

// Every user, for admins.
export function useUsers() {
  return useSWR(usersKey, getUsers);
}

export function makeUserAdmin(id) {
  return api.patch(`/users/admin/${id}`);
}

export function makeUserInstructor(id) {
  return api.patch(`/users/instructor/${id}`);
}

// Gives the user a role, then refreshes the users list.
function useRoleChange(change) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const result = await change(id);
      await mutate(usersKey);
      return result;
    },
    [change, mutate],
  );
}

export function useMakeUserAdmin() {
  return useRoleChange(makeUserAdmin);
}

export function useMakeUserInstructor() {
  return useRoleChange(makeUserInstructor);
}
