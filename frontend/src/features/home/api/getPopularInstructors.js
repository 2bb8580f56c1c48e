import { useMemo } from "react";
import useSWR from "swr";

/*
 * The server has no separate "popular" list: home shows the first instructors of GET /instructors.
 * The key is the same as the instructors page's, so both share one cached response; the module
 * lives here because features do not import one another.
 */
export const popularInstructorsKey = "/instructors";
export const POPULAR_INSTRUCTORS_LIMIT = 6;

export function usePopularInstructors() {
  const { data, error } = useSWR(popularInstructorsKey);
  const instructors = useMemo(() => data?.slice(0, POPULAR_INSTRUCTORS_LIMIT), [data]);
  return { instructors, error };
}
