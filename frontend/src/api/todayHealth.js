import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { ApiError, api, fetchFile } from "../lib/api";
import { triedSending } from "../lib/offlineQueue";

/*
 * Health and safety on the instructor's Today: incident reports, the doses due at a meeting and
 * the ones given, and a child's allergy action plan.
 *
 * GET /meetings/:id/medications: the doses due at a meeting, by time then name: [{participantId,
 * name, medication, dose, schedule (the family's words: the instructions), time ("HH:MM" read
 * from them, else null), status ("due", "given", "refused" or "missed": the latest uncorrected
 * entry's outcome), entries: [{id, outcome, at, note, by, corrects (id or null), correctedBy (id
 * or null)}]}].
 */

export function meetingMedicationsKey(meetingId) {
  return `/meetings/${encodeURIComponent(meetingId)}/medications`;
}

// Asked only for a meeting with a child whose record has a medication given at camp (`wanted`):
// the server logs each read of the records in the families' access logs.
export function useMeetingMedications(meetingId, wanted) {
  return useSWR(wanted ? meetingMedicationsKey(meetingId) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
  });
}

/*
 * POST /incidents: one report kept on the device, {clientId, meetingId, participantIds, at,
 * kind, bodyArea ("" unless an injury), location, description, firstAid, told, parentToldAt
 * (or null), followUp, internalNotes}; what else the entry carries (the children's names, what
 * it is about) stays on the device. The same clientId again is the same report to the server
 * (200, the family not e-mailed again). Resolves as triedSending does, the answer the report
 * as the staff read it.
 */
export function sendIncident(entry) {
  const body = {
    clientId: entry.clientId,
    meetingId: entry.meetingId,
    participantIds: entry.participantIds,
    at: entry.at,
    kind: entry.kind,
    bodyArea: entry.kind === "injury" ? entry.bodyArea : "",
    location: entry.location,
    description: entry.description,
    firstAid: entry.firstAid,
    told: entry.told,
    parentToldAt: entry.parentToldAt,
    followUp: entry.followUp,
    internalNotes: entry.internalNotes,
  };
  return triedSending(() => api.post("/incidents", body));
}

/*
 * POST /medications/administrations: one dose kept on the device, {clientId, participantId,
 * meetingId, medication, outcome ("given", "refused" or "missed"), at, note, corrects (the id of
 * the entry it corrects, or null)}. Answers the entry {id, participantId, meetingId, medication,
 * dose, outcome, at, note, by, corrects, recordedAt}; the same clientId again, the same entry.
 */
export function sendDose(entry) {
  const body = {
    clientId: entry.clientId,
    participantId: entry.participantId,
    meetingId: entry.meetingId,
    medication: entry.medication,
    outcome: entry.outcome,
    at: entry.at,
    note: entry.note,
    corrects: entry.corrects,
  };
  return triedSending(() => api.post("/medications/administrations", body));
}

// A line's status: the outcome of its latest entry not corrected since, else due.
function statusOf(entries) {
  const standing = entries.filter((entry) => entry.correctedBy === null);
  const latest = standing.reduce(
    (last, entry) => (!last || Date.parse(entry.at) >= Date.parse(last.at) ? entry : last),
    null,
  );
  return latest?.outcome ?? "due";
}

// A meeting's doses with one recorded entry added to its line, and the entry it corrects marked.
function withEntry(lines, recorded) {
  if (!Array.isArray(lines)) return lines;
  return lines.map((line) => {
    if (line.participantId !== recorded.participantId) return line;
    if (line.medication !== recorded.medication) return line;
    if (line.entries.some((entry) => entry.id === recorded.id)) return line;
    const entries = [
      ...line.entries.map((entry) =>
        entry.id === recorded.corrects ? { ...entry, correctedBy: recorded.id } : entry,
      ),
      {
        id: recorded.id,
        outcome: recorded.outcome,
        at: recorded.at,
        note: recorded.note,
        by: recorded.by,
        corrects: recorded.corrects,
        correctedBy: null,
      },
    ];
    return { ...line, entries, status: statusOf(entries) };
  });
}

/*
 * Sends as sendDose does; a recorded entry goes into the meeting's doses at once, so its line
 * does not step back to "due" while they are read again.
 */
export function useSendDose() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (entry) => {
      const result = await sendDose(entry);
      if (result.outcome === "sent") {
        mutate(meetingMedicationsKey(entry.meetingId), (lines) => withEntry(lines, result.answer));
      }
      return result;
    },
    [mutate],
  );
}

export const NO_ACTION_PLAN = "No action plan is on file for this child.";
export const NO_CONNECTION = "The action plan could not be opened: check the connection.";

// The action plan to open: one not expired, the latest uploaded; else the latest of all.
function currentPlan(documents) {
  const plans = documents
    .filter((document) => document.kind === "action_plan")
    .sort((a, b) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt));
  return plans.find((plan) => !plan.expired) ?? plans[0] ?? null;
}

/*
 * A child's allergy action plan, for their instructor: GET /participants/:id/documents (an
 * instructor is shown the action plans only: [{id, kind, fileName, contentType, size, expiresOn,
 * expired, uploadedAt, uploadedBy}]), then GET /documents/:id, the file, asked with the session's
 * token. Resolves to {blob, filename}, as fetchFile does; rejects with a sentence to show.
 */
export async function fetchActionPlan(participantId) {
  try {
    const documents = await api.get(`/participants/${encodeURIComponent(participantId)}/documents`);
    const plan = currentPlan(documents ?? []);
    if (!plan) throw new Error(NO_ACTION_PLAN);
    const { blob, filename } = await fetchFile(`/documents/${encodeURIComponent(plan.id)}`);
    return { blob, filename: filename || plan.fileName };
  } catch (error) {
    if (error instanceof ApiError || error.message === NO_ACTION_PLAN) throw error;
    throw new Error(NO_CONNECTION);
  }
}
