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
