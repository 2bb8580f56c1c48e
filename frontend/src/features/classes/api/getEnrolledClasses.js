import useSWR from "swr";

export function enrolledClassesKey(email) {
  return `/enrolledStudent/${encodeURIComponent(email)}`;
}

/*
 * The classes the student is enrolled in, only to keep Select off for them. The server still
 * refuses a second enrolment, so a failure here counts as "none enrolled" and is not retried.
 */
export function useEnrolledClasses(email) {
  const { data, error, isLoading } = useSWR(email ? enrolledClassesKey(email) : null, {
    shouldRetryOnError: false,
  });
  return { enrolled: error ? [] : data, isLoading };
}
