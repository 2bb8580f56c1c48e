import useSWR from "swr";

/*
 * GET /enrolledStudent/:email: the classes the family has paid for, one row per enrolment (class
 * JSON: _id, nameClass, image, instructorName..., and the participantId and participantName it
 * is for: two children in one class are two rows). With `participantId`, only that
 * participant's (the server filters them: `?participant=<id>`).
 */

export function enrolledClassesKey(email, participantId) {
  const everyone = `/enrolledStudent/${encodeURIComponent(email)}`;
  return participantId ? `${everyone}?participant=${encodeURIComponent(participantId)}` : everyone;
}

// Every cached list of the family's enrolments, everyone's and each participant's.
export function isEnrolledClassesKeyOf(email) {
  const everyone = enrolledClassesKey(email);
  return (key) =>
    typeof key === "string" && (key === everyone || key.startsWith(`${everyone}?participant=`));
}

export function useEnrolledClasses(email, participantId) {
  return useSWR(email ? enrolledClassesKey(email, participantId) : null);
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
