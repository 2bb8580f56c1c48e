import useSWR from "swr";

export const popularClassesKey = "/popularClasses";

export function usePopularClasses() {
  const { data, error } = useSWR(popularClassesKey);
  return { classes: data, error };
}
