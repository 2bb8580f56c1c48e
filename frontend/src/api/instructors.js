import { useMemo } from "react";
import useSWR from "swr";

// GET /instructors. The server has no separate "popular" list: home shows the first
// instructors of the same answer, so home and the instructors page share one cached response.

export const instructorsKey = "/instructors";
export const POPULAR_INSTRUCTORS_LIMIT = 6;

export function useInstructors() {
  const { data, error } = useSWR(instructorsKey);
  return { instructors: data, error };
}

export function usePopularInstructors() {
  const { data, error } = useSWR(instructorsKey);
  const instructors = useMemo(() => data?.slice(0, POPULAR_INSTRUCTORS_LIMIT), [data]);
  return { instructors, error };
}

// GET /instructors/:id: one instructor's public page (name, photo, bio and approved classes).
export function instructorKey(id) {
  return `${instructorsKey}/${encodeURIComponent(id)}`;
}

export function isInstructorPageKey(key) {
  return typeof key === "string" && key.startsWith(`${instructorsKey}/`);
}

export function useInstructor(id) {
  const { data, error } = useSWR(id ? instructorKey(id) : null);
  return { instructor: data, error };
}
