import useSWR from "swr";

// GET /enrolledStudent/:email: the classes the student has paid for (class JSON: _id,
// nameClass, image, instructorName...).

export function enrolledClassesKey(email) {
  return `/enrolledStudent/${encodeURIComponent(email)}`;
}

export function useEnrolledClasses(email) {
  return useSWR(email ? enrolledClassesKey(email) : null);
}

/*
 * The same list, only to keep Select off for classes already paid for. The server still
 * refuses a second enrolment, so a failure here counts as "none enrolled" and is not retried.
 */
export function useEnrolledClassesOrNone(email) {
  const { data, error, isLoading } = useSWR(email ? enrolledClassesKey(email) : null, {
    shouldRetryOnError: false,
  });
  return { enrolled: error ? [] : data, isLoading };
}
