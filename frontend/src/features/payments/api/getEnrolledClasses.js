import useSWR from "swr";

import { enrolledClassesKey } from "./keys";

// The classes the student has paid for (class JSON: _id, nameClass, image, instructorName...).
export function useEnrolledClasses(email) {
  return useSWR(email ? enrolledClassesKey(email) : null);
}
