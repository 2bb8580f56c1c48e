import useSWR from "swr";

export function myClassKey(id) {
  return `/myClass/${encodeURIComponent(id)}`;
}

// One of the instructor's classes, for the update form.
export function useMyClass(id) {
  return useSWR(id ? myClassKey(id) : null);
}
