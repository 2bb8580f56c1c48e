import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api, fetchFile } from "../lib/api";
import { careKey } from "./care";

/*
 * A child's health and safety at camp, as the family and the school's admins read it:
 *
 * - Incident reports. GET /participants/:id/incidents (newest first) and GET /incidents/:id: the
 *   family's view (no internal notes or internal addenda, only its own children) for a family,
 *   the school's view for staff. GET /incidents?open=true|false: the admins' reports to review,
 *   the open ones oldest first. An admin edits an open report (PATCH /incidents/:id; 409
 *   `incident_closed` once closed), closes it (POST /incidents/:id/closing) and adds to it, open
 *   or closed (POST /incidents/:id/addenda {text, internal}). GET /incidents/:id.pdf: the report
 *   as the caller may read it, for an insurer.
 * - The medication log. GET /participants/:id/medications: each dose recorded at camp, newest
 *   first; a correction is an entry of its own naming the one it corrects.
 * - Documents. GET /participants/:id/documents, POST the same (multipart: file, kind,
 *   expiresOn), GET /documents/:id the file itself.
 *
 * Each staff read of a child's part of these is in the family's access log (api/care.js).
 */

const participantPath = (participantId) => `/participants/${encodeURIComponent(participantId)}`;

export function participantIncidentsKey(participantId) {
  return `${participantPath(participantId)}/incidents`;
}

export function incidentKey(incidentId) {
  return `/incidents/${encodeURIComponent(incidentId)}`;
}

export function incidentsToReviewKey(open = true) {
  return `/incidents?open=${open ? "true" : "false"}`;
}

export function participantMedicationsKey(participantId) {
  return `${participantPath(participantId)}/medications`;
}

export function participantDocumentsKey(participantId) {
  return `${participantPath(participantId)}/documents`;
}

// Any key whose list or report an incident's change shows in.
function isIncidentKey(key) {
  return (
    typeof key === "string" &&
    (key.startsWith("/incidents") || /^\/participants\/[^/]+\/incidents$/.test(key))
  );
}

export function useParticipantIncidents(participantId) {
  return useSWR(participantId != null ? participantIncidentsKey(participantId) : null);
}

// One report, asked for only while it is shown (a null id asks nothing).
export function useIncident(incidentId) {
  return useSWR(incidentId != null ? incidentKey(incidentId) : null);
}

/*
 * The admins' list: the open reports oldest first, or the closed ones newest first. Asked for
 * only while shown (`enabled`): each read is in the families' access logs.
 */
export function useIncidentsToReview(open = true, enabled = true) {
  return useSWR(enabled ? incidentsToReviewKey(open) : null);
}

export function useParticipantMedications(participantId, enabled = true) {
  return useSWR(enabled && participantId != null ? participantMedicationsKey(participantId) : null);
}

export function useParticipantDocuments(participantId) {
  return useSWR(participantId != null ? participantDocumentsKey(participantId) : null);
}

export function updateIncident(incidentId, fields) {
  return api.patch(incidentKey(incidentId), fields);
}

export function closeIncident(incidentId) {
  return api.post(`${incidentKey(incidentId)}/closing`);
}

export function addIncidentAddendum(incidentId, { text, internal = false }) {
  return api.post(`${incidentKey(incidentId)}/addenda`, { text, internal });
}

/*
 * A change to a report (an edit, a closing, an addendum): the report and every list it is in
 * are asked for again, so the review, the admins' list and the family's page agree.
 */
function useIncidentChange(change) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (incidentId, ...args) => {
      const answer = await change(incidentId, ...args);
      await mutate(isIncidentKey);
      return answer;
    },
    [change, mutate],
  );
}

export function useUpdateIncident() {
  return useIncidentChange(updateIncident);
}

export function useCloseIncident() {
  return useIncidentChange(closeIncident);
}

export function useAddIncidentAddendum() {
  return useIncidentChange(addIncidentAddendum);
}

/*
 * The report as a PDF, {blob, filename}: the name the server gave it, else incident-<id>.pdf.
 * Asked with the session's token at each press, never cached: an addendum changes it.
 */
export async function fetchIncidentPdf(incidentId) {
  const { blob, filename } = await fetchFile(`${incidentKey(incidentId)}.pdf`, {
    accept: "application/pdf",
  });
  return { blob, filename: filename || `incident-${incidentId}.pdf` };
}

/*
 * A document of the child (multipart: the file, its kind, and its expiry when it has one). The
 * list is asked for again, and so is the care record: an allergy action plan can complete it.
 */
export function uploadDocument(participantId, { file, kind, expiresOn }) {
  const form = new FormData();
  form.append("file", file);
  form.append("kind", kind);
  if (expiresOn) form.append("expiresOn", expiresOn);
  return api.post(participantDocumentsKey(participantId), form);
}

export function useUploadDocument() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (participantId, values) => {
      const uploaded = await uploadDocument(participantId, values);
      await Promise.all([
        mutate(participantDocumentsKey(participantId)),
        mutate(careKey(participantId)),
      ]);
      return uploaded;
    },
    [mutate],
  );
}

// The document's file, decrypted by the server, as {blob, filename}; the list's name if none.
export async function fetchDocument(careDocument) {
  const { blob, filename } = await fetchFile(`/documents/${encodeURIComponent(careDocument.id)}`, {
    accept: careDocument.contentType || "*/*",
  });
  return { blob, filename: filename || careDocument.fileName || `document-${careDocument.id}` };
}
