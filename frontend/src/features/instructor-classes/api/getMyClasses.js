import useSWR from "swr";

export function myClassesKey(email) {
  return `/myClasses/${encodeURIComponent(email)}`;
}

// The instructor's own classes, any status, each with the admin's feedback.
export function useMyClasses(email) {
  return useSWR(email ? myClassesKey(email) : null);
}
