import { useCallback } from "react";
import { useSWRConfig } from "swr";

import { api } from "../../../lib/api";
import { revalidateClassLists } from "../../../lib/classLists";
import { myClassKey } from "./getMyClass";
import { myClassesKey } from "./getMyClasses";

// Spec section 9: seats travel as an integer, price as a decimal number.
function classFields({ nameClass, seats, price, image }) {
  return {
    nameClass: nameClass.trim(),
    seats: Number.parseInt(seats, 10),
    price: Number.parseFloat(price),
    image,
  };
}

export function createClass(values, instructor) {
  return api.post("/classes", {
    ...classFields(values),
    instructorName: instructor.displayName || "",
    instructorEmail: instructor.email,
  });
}

export function updateClass(id, values) {
  return api.put(`/classes/${encodeURIComponent(id)}`, classFields(values));
}

// Proposes a class (the server makes it Pending), then refreshes the instructor's classes.
export function useCreateClass(instructor) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const result = await createClass(values, instructor);
      await Promise.all([mutate(myClassesKey(instructor.email)), revalidateClassLists(mutate)]);
      return result;
    },
    [instructor, mutate],
  );
}

// Saves the instructor's changes, then refreshes every list the class appears in.
export function useUpdateClass(id, instructorEmail) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const result = await updateClass(id, values);
      await Promise.all([
        mutate(myClassKey(id)),
        mutate(myClassesKey(instructorEmail)),
        revalidateClassLists(mutate),
      ]);
      return result;
    },
    [id, instructorEmail, mutate],
  );
}
