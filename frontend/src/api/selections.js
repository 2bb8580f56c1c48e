import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { cartKey } from "./cart";
import { isEligibilityKey } from "./eligibility";
import { isRegistrationNotOpen, revalidateSeasons } from "./seasons";

// GET/POST /selectClass and DELETE /selectClass/:id: the classes a student chose, not yet paid.

/*
 * The family's selected classes, or with `participantId` only that participant's (the server
 * filters them: `participant=<id>`).
 */
export function selectionsKey(email, participantId) {
  const everyone = `/selectClass?email=${encodeURIComponent(email)}`;
  return participantId ? `${everyone}&participant=${encodeURIComponent(participantId)}` : everyone;
}

// Every cached list of the family's selections, everyone's and each participant's: a change to
// one selection shows in each of them.
export function isSelectionsKeyOf(email) {
  const everyone = selectionsKey(email);
  return (key) =>
    typeof key === "string" && (key === everyone || key.startsWith(`${everyone}&participant=`));
}

// The student's selected classes, each with its classId, its own _id and the participant it is
// for (participantId, participantName); nothing is asked without an e-mail (visitors, staff).
export function useSelections(email, participantId) {
  return useSWR(email ? selectionsKey(email, participantId) : null);
}

/*
 * Only the fields the server reads: the class, and whom it is for (`participantId`, left out
 * for the account holder). Everything else of the selection record (name, price, seats, the
 * caller) the server takes from its own data and the token.
 */
export function selectClass(classItem, participantId) {
  return api.post("/selectClass", {
    classId: classItem._id,
    ...(participantId != null ? { participantId } : {}),
  });
}

/*
 * Selects the class for the student (or one of the family's participants), then refreshes the
 * selected classes and who can still take which class. A refusal because the class's season has
 * not opened for them means the page's seasons were out of date: they are asked again, and the
 * refusal goes on to the page, which shows the server's words.
 */
export function useSelectClass(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (classItem, participantId) => {
      let result;
      try {
        result = await selectClass(classItem, participantId);
      } catch (refusal) {
        if (isRegistrationNotOpen(refusal)) await revalidateSeasons(mutate);
        throw refusal;
      }
      await Promise.all([
        mutate(isSelectionsKeyOf(email)),
        mutate(isEligibilityKey),
        mutate(cartKey),
      ]);
      return result;
    },
    [email, mutate],
  );
}

export function deleteSelection(id) {
  return api.delete(`/selectClass/${id}`);
}

// Removes one selection; the card leaves the cached lists at once, then they are asked again.
export function useDeleteSelection(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const result = await deleteSelection(id);
      await Promise.all([
        mutate(
          isSelectionsKeyOf(email),
          (selections) => selections?.filter((selection) => selection._id !== id),
          { revalidate: true },
        ),
        // The class can be selected again by the participant who held it.
        mutate(isEligibilityKey),
        // The cart's count and total, its discounts worked out again without the line.
        mutate(cartKey),
      ]);
      return result;
    },
    [email, mutate],
  );
}
