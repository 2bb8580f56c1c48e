import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

// GET /myClasses/:email and /myClass/:id: an instructor's own classes, any status.

export function myClassesKey(email) {
  return `/myClasses/${encodeURIComponent(email)}`;
}

// The instructor's own classes, any status, each with the admin's feedback.
export function useMyClasses(email) {
  return useSWR(email ? myClassesKey(email) : null);
}

export function myClassKey(id) {
  return `/myClass/${encodeURIComponent(id)}`;
}

// One of the instructor's classes, for the update form.
export function useMyClass(id) {
  return useSWR(id ? myClassKey(id) : null);
}

// POST /classes/:id/withdraw: the instructor takes back a class waiting for review, then their
// list is read again (its status is the server's to say).
export function useWithdrawClass(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (classId) => {
      await api.post(`/classes/${encodeURIComponent(classId)}/withdraw`);
      await mutate(myClassesKey(email));
    },
    [email, mutate],
  );
}
