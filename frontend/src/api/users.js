import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api, fetchPage } from "../lib/api";

// GET /users (whole, or searched and by pages), PATCH /users/admin/:id, /users/instructor/:id
// and PUT /users/:id/role: the admin's people.

export const usersKey = "/users";

export const USERS_PAGE_SIZE = 20;

// The key of one page of users whose name or e-mail holds `search` (every user when empty).
export function usersPageKey({ search = "", page = 1, pageSize = USERS_PAGE_SIZE } = {}) {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  const words = search.trim();
  if (words) params.set("search", words);
  return `${usersKey}?${params}`;
}

/*
 * One page of users, { items, total }. While the next page or search is on its way the last one
 * stays on screen, so the table does not blink with every letter typed. `null` asks nothing.
 */
export function useUsersPage(query) {
  return useSWR(query ? usersPageKey(query) : null, fetchPage, { keepPreviousData: true });
}

export function makeUserAdmin(id) {
  return api.patch(`/users/admin/${id}`);
}

export function makeUserInstructor(id) {
  return api.patch(`/users/instructor/${id}`);
}

// Any role, student too: how a change is undone.
export function setUserRole(id, role) {
  return api.put(`/users/${id}/role`, { role });
}

function isUsersKey(key) {
  return typeof key === "string" && (key === usersKey || key.startsWith(`${usersKey}?`));
}

// Gives the user a role, then refreshes every list of users shown.
function useRoleChange(change) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args) => {
      const result = await change(...args);
      await mutate(isUsersKey);
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

export function useSetUserRole() {
  return useRoleChange(setUserRole);
}
