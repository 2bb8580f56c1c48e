import useSWR from "swr";

import { fetchFile } from "../lib/api";

/*
 * GET /classes/:id/roster and /classes/:id/roster.csv: who is enrolled in a class, for its
 * instructor and admins. A row is a participant: name, age on the first day, notes (allergies
 * and the like), the family's account holder and e-mail, the emergency contact and phone, and
 * `careFlags`, what the care record says at a glance: {allergy (the most severe: null, "mild",
 * "severe" or "anaphylactic"), allergies (their names), medicationAtCamp, photoConsent (null: not
 * answered), pickups (names), mayLeaveAlone, complete, missing}. The whole record is
 * api/care.js.
 */

export function rosterKey(classId) {
  return `/classes/${encodeURIComponent(classId)}/roster`;
}

// The class's roster, ordered by participant name. A 403 or 404 (not this person's class) is
// final, so it is not retried.
export function useRoster(classId) {
  return useSWR(classId ? rosterKey(classId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
  });
}

/*
 * The same roster as a spreadsheet, to print or keep at hand: {blob, filename}, the name the
 * server gave it, else one made from the class's id.
 */
export async function fetchRosterCsv(classId) {
  const { blob, filename } = await fetchFile(`${rosterKey(classId)}.csv`, { accept: "text/csv" });
  return { blob, filename: filename || `roster-${classId}.csv` };
}
