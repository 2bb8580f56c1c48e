import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { cartKey } from "./cart";
import { isEligibilityKey } from "./eligibility";
import { isSelectionsKeyOf } from "./selections";

/*
 * POST/GET /waitlist, POST /waitlist/:id/accept and /decline, DELETE /waitlist/:id: a family's
 * places on the waitlists of full classes (one class's whole list is in classWaitlist.js).
 *
 * An entry: {_id, classId, className, image, participantId, participantName, status, position,
 * offerExpiresAt, selectionId, closedReason, createdAt}. status is waiting (with its 1-based
 * `position`), offered (a seat is held until offerExpiresAt), accepted (`selectionId` is the
 * selection to pay), or closed: declined, expired, left, closed (by the school: closedReason).
 */

export const waitlistKey = "/waitlist";

function entryPath(id) {
  return `${waitlistKey}/${encodeURIComponent(id)}`;
}

// The family's entries, newest first.
export function useWaitlist() {
  return useSWR(waitlistKey);
}

// Joins the class's waitlist at the back; answers the new entry. 409 says why not.
export function joinWaitlist({ classId, participantId }) {
  return api.post(waitlistKey, { classId, participantId });
}

/*
 * Joins, then refreshes the family's entries and who can take which class (nobody may join the
 * same list twice).
 */
export function useJoinWaitlist() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (classId, participantId) => {
      const entry = await joinWaitlist({ classId, participantId });
      await Promise.all([mutate(waitlistKey), mutate(isEligibilityKey)]);
      return entry;
    },
    [mutate],
  );
}

export function acceptOffer(id) {
  return api.post(`${entryPath(id)}/accept`);
}

export function declineOffer(id) {
  return api.post(`${entryPath(id)}/decline`);
}

export function leaveWaitlist(id) {
  return api.delete(entryPath(id));
}

/*
 * Accepting an offer makes the held seat a selection ({entry, selectionId}) that the payment
 * page reads from the selected classes: they are asked again before it opens, with who can take
 * which class (the class is now selected).
 */
export function useAcceptOffer(email) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const answer = await acceptOffer(id);
      await Promise.all([
        mutate(isSelectionsKeyOf(email)),
        mutate(cartKey),
        mutate(waitlistKey),
        mutate(isEligibilityKey),
      ]);
      return answer;
    },
    [email, mutate],
  );
}

// Declining or leaving closes the entry; the family's list and who can join again are refreshed.
function useCloseEntry(close) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      try {
        return await close(id);
      } finally {
        // A refusal (409) means the entry moved on meanwhile: the list shows how.
        await Promise.all([mutate(waitlistKey), mutate(isEligibilityKey)]);
      }
    },
    [close, mutate],
  );
}

export function useDeclineOffer() {
  return useCloseEntry(declineOffer);
}

export function useLeaveWaitlist() {
  return useCloseEntry(leaveWaitlist);
}
