import useSWR from "swr";

import { api } from "../../../lib/api";

export const usersKey = "/users";

export function getUsers() {
  return api.get(usersKey);
}

// Every user, for admins.
export function useUsers() {
  return useSWR(usersKey, getUsers);
}
