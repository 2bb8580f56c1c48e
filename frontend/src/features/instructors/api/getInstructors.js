import useSWR from "swr";

export const instructorsKey = "/instructors";

export function useInstructors() {
  const { data, error } = useSWR(instructorsKey);
  return { instructors: data, error };
}
