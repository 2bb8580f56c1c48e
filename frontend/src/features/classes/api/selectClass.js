import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { selectionsKey } from "./getSelections";

// The selection record of spec section 3; the server reads the class itself and the caller.
export function selectClass(classItem, email) {
  return api.post("/selectClass", {
    classId: classItem._id,
    nameClass: classItem.nameClass,
    image: classItem.image,
    instructorEmail: classItem.instructorEmail,
    email,
    instructorName: classItem.instructorName,
    price: classItem.price,
    seats: classItem.seats,
    enroll: classItem.enroll,
    status: "Selected",
  });
}

// Selects the class for the student, then refreshes the student's selected classes.
export function useSelectClass(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (classItem) => {
      const result = await selectClass(classItem, email);
      await mutate(selectionsKey(email));
      return result;
    },
    [email, mutate],
  );
}
