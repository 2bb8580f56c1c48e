import { useMemo } from "react";
import useSWR from "swr";

export const classesKey = "/classes";

// Admins get every class from the server; the public list shows Approved ones only.
export function approvedOnly(classes) {
  return classes.filter((classItem) => classItem.status === "Approved");
}

export function useApprovedClasses() {
  const { data, error } = useSWR(classesKey);
  const classes = useMemo(() => (data ? approvedOnly(data) : undefined), [data]);
  return { classes, error };
}
