import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";

/*
 * GET/PUT/PATCH /participants/:id/care, POST /participants/:id/care/confirmation, GET
 * /participants/:id/care/history and /participants/:id/care/access-log: one child's care record
 * (allergies, medications, emergency contacts, who may collect them, photo consent), what the
 * school still needs of it (`missing`, the school's policies included), its changes, and the
 * staff who read it.
 *
 * The family reads and writes the whole record, or one section of it at a time (PATCH: the
 * fields sent replace the saved ones). Staff read it only, as the caller may see it: an
 * instructor's answer leaves out the keys they may not read (conditions, dietary and doctor,
 * unless the class is marked for full records) and holds only the medications given at camp; an
 * admin's answer is the whole record. A key that is absent is not shown, which is not the same
 * as a key that is empty.
 */

export function careKey(participantId) {
  return `/participants/${encodeURIComponent(participantId)}/care`;
}

export function careHistoryKey(participantId) {
  return `${careKey(participantId)}/history`;
}

export function careAccessLogKey(participantId) {
  return `${careKey(participantId)}/access-log`;
}

// Every participant's cached record: accepting a policy changes what each of them still needs.
export function isCareKey(key) {
  return typeof key === "string" && /^\/participants\/[^/]+\/care$/.test(key);
}

export function fetchCareRecord(participantId) {
  return api.get(careKey(participantId));
}

// A 403 or 404 (for staff: a child in none of this person's classes) is final.
function notRefused(failure) {
  return failure?.status !== 403 && failure?.status !== 404;
}

/*
 * The record, with what is computed from it (complete, missing, needsConfirmation, ...). With
 * `refusalIsFinal` (staff reading a child's record), a 403 or 404 is not retried.
 */
export function useCareRecord(participantId, { refusalIsFinal = false } = {}) {
  return useSWR(
    participantId != null ? careKey(participantId) : null,
    refusalIsFinal ? { shouldRetryOnError: notRefused } : {},
  );
}

// Newest first; only asked for while shown (`enabled`).
export function useCareHistory(participantId, enabled = true) {
  return useSWR(enabled && participantId != null ? careHistoryKey(participantId) : null);
}

// Newest first; only asked for while shown (`enabled`).
export function useCareAccessLog(participantId, enabled = true) {
  return useSWR(enabled && participantId != null ? careAccessLogKey(participantId) : null);
}

// One row of a list, each field trimmed: a person, an allergy or a medication.
function trimmedRows(rows, fields) {
  return (rows ?? []).map((row) =>
    Object.fromEntries(
      fields.map((field) => [
        field,
        typeof row[field] === "string" ? row[field].trim() : row[field],
      ]),
    ),
  );
}

/*
 * The whole record as the server takes it: every field, an empty one as "" (a section sends its
 * own fields of it). Leaving on their own is only for a child old enough; the form sends false otherwise.
 */
export function careRecordBody(values) {
  const people = ["name", "relationship", "phone"];
  return {
    allergies: trimmedRows(values.allergies, ["name", "severity", "action"]),
    medications: trimmedRows(values.medications, ["name", "dose", "schedule"]).map(
      (medication, index) => ({ ...medication, atCamp: Boolean(values.medications[index].atCamp) }),
    ),
    conditions: (values.conditions ?? "").trim(),
    dietary: (values.dietary ?? "").trim(),
    doctor: {
      name: (values.doctor?.name ?? "").trim(),
      phone: (values.doctor?.phone ?? "").trim(),
    },
    emergencyContacts: trimmedRows(values.emergencyContacts, people),
    pickups: trimmedRows(values.pickups, people),
    mayLeaveAlone: Boolean(values.mayLeaveAlone),
    photoConsent: values.photoConsent ?? null,
  };
}

/*
 * One section of the record (`fields`, the record's fields it holds) as its form has it: only
 * those fields are sent, and the rest of the record stays as saved. Saving confirms the record.
 */
export function saveCareSection(participantId, values, fields) {
  const whole = careRecordBody(values);
  const section = Object.fromEntries(fields.map((field) => [field, whole[field]]));
  return api.patch(careKey(participantId), section);
}

// "Still correct": confirms the record as saved. The server refuses (409) a record never saved.
export function confirmCareRecord(participantId) {
  return api.post(`${careKey(participantId)}/confirmation`);
}

/*
 * Runs one change to a record, whose answer is the record as it now stands: shown at once, and
 * its history (a new line) asked for again.
 */
function useCareChange(change) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (participantId, ...args) => {
      const record = await change(participantId, ...args);
      await Promise.all([
        mutate(careKey(participantId), record, { revalidate: false }),
        mutate(careHistoryKey(participantId)),
      ]);
      return record;
    },
    [change, mutate],
  );
}

// Saving a section of the record also confirms it.
export function useSaveCareSection() {
  return useCareChange(saveCareSection);
}

export function useConfirmCareRecord() {
  return useCareChange(confirmCareRecord);
}
