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
