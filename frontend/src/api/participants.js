import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { isEligibilityKey } from "./eligibility";
import { policiesKey } from "./policies";
import { todoKey } from "./todo";

/*
 * GET/POST /participants and PUT/DELETE /participants/:id: the people of the signed-in family,
 * the account holder ("Myself") first, then the children, who have no login of their own.
 */

export const participantsKey = "/participants";

export function participantKey(id) {
  return `${participantsKey}/${encodeURIComponent(id)}`;
}

export function useParticipants() {
  return useSWR(participantsKey);
}

/*
 * The same list, only to know whom a Select is for. A failure counts as "the account holder
 * alone" (Select then goes through as it did before families) and is not retried.
 */
export function useParticipantsOrNone(enabled) {
  const { data, error, isLoading } = useSWR(enabled ? participantsKey : null, {
    shouldRetryOnError: false,
  });
  return { participants: error ? [] : data, isLoading };
}

/*
 * Every field is sent, an empty one as "" (or null for the date of birth): the server keeps an
 * optional field an edit leaves out, so only sending it empty clears it.
 */
function participantFields(values) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth || null,
    notes: values.notes.trim(),
    emergencyContactName: values.emergencyContactName.trim(),
    emergencyContactPhone: values.emergencyContactPhone.trim(),
  };
}

export function createParticipant(values) {
  return api.post(participantsKey, participantFields(values));
}

export function updateParticipant(id, values) {
  return api.put(participantKey(id), participantFields(values));
}

export function deleteParticipant(id) {
  return api.delete(participantKey(id));
}

/*
 * Runs one change, shows it in the cached list at once (`updateList(list, answer, args)`), then
 * asks for the list again. Who can take which class depends on the family's people and their
 * ages, so the eligibility shown on the class pages is asked again too; and a child brings the
 * school's policies due for them and their care record to the family's to-do list.
 */
function useParticipantChange(change, updateList) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args) => {
      const result = await change(...args);
      const showChange = (participants) => participants && updateList(participants, result, args);
      // Asked for in the background: the form is ready for the next child meanwhile.
      mutate(policiesKey);
      mutate(todoKey);
      await Promise.all([
        mutate(participantsKey, showChange, { revalidate: true }),
        mutate(isEligibilityKey),
      ]);
      return result;
    },
    [change, updateList, mutate],
  );
}

// The new child joins the end of the list, as the server orders children (by id).
function appendCreated(participants, created) {
  return [...participants, created];
}

function replaceUpdated(participants, updated) {
  return participants.map((participant) =>
    participant._id === updated._id ? updated : participant,
  );
}

function dropDeleted(participants, _result, [id]) {
  return participants.filter((participant) => participant._id !== id);
}

export function useCreateParticipant() {
  return useParticipantChange(createParticipant, appendCreated);
}

export function useUpdateParticipant() {
  return useParticipantChange(updateParticipant, replaceUpdated);
}

export function useDeleteParticipant() {
  return useParticipantChange(deleteParticipant, dropDeleted);
}
