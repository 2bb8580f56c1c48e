import useSWR from "swr";

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
