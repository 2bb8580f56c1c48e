// Incident reports, medication log entries and documents shaped like the server's JSON, for
// stubbed API answers. Every moment is relative to the run: nothing depends on today's date.
import { daysAhead, hoursAgo } from "./fixtures";

// A day this many days before today, "YYYY-MM-DD".
export function daysAgo(days) {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// One addendum of a report, as GET /incidents/:id lists it.
export function makeAddendum(overrides = {}) {
  return {
    id: 31,
    text: "Mia's mother called: the knee is fine.",
    internal: false,
    by: "Ada Office",
    at: hoursAgo(2),
    ...overrides,
  };
}

/*
 * An open report of Mia's grazed knee as the school reads it (GET /incidents/:id, staff view):
 * with internal notes and every child. `familyView` drops what a family never reads.
 */
export function makeIncident(overrides = {}) {
  return {
    id: 5,
    meetingId: 40,
    classId: 3,
    className: "Watercolor Basics",
    at: hoursAgo(26),
    location: "The garden",
    kind: "injury",
    bodyArea: "left_leg",
    description: "Mia tripped on the path and grazed her knee.",
    firstAid: "Cleaned and a plaster.",
    told: "Ana Lopez by phone",
    parentToldAt: hoursAgo(25),
    followUp: "Watch for swelling.",
    internalNotes: "The path's edge is loose: ask the caretaker.",
    reportedBy: "Pat Instructor",
    recordedAt: hoursAgo(26),
    closedAt: null,
    closedBy: "",
    keepUntil: daysAhead(7 * 365),
    children: [{ participantId: 2, name: "Mia Lopez", familyEmailedAt: hoursAgo(26) }],
    addenda: [],
    ...overrides,
  };
}

export function familyView(incident) {
  const shown = {
    ...incident,
    addenda: (incident.addenda ?? []).filter((addendum) => !addendum.internal),
  };
  delete shown.internalNotes;
  return shown;
}

// One entry of a child's medication log (GET /participants/:id/medications).
export function makeMedicationEntry(overrides = {}) {
  return {
    id: 61,
    outcome: "given",
    at: hoursAgo(3),
    note: "",
    by: "Pat Instructor",
    corrects: null,
    correctedBy: null,
    meetingId: 40,
    classId: 3,
    className: "Watercolor Basics",
    day: daysAgo(0),
    medication: "Ventolin",
    dose: "2 puffs",
    recordedAt: hoursAgo(3),
    ...overrides,
  };
}

// One document of a child (GET /participants/:id/documents).
export function makeCareDocument(overrides = {}) {
  return {
    id: 81,
    kind: "action_plan",
    fileName: "action-plan.pdf",
    contentType: "application/pdf",
    size: 120 * 1024,
    expiresOn: daysAhead(200),
    expired: false,
    uploadedAt: hoursAgo(48),
    uploadedBy: "Ana Lopez",
    ...overrides,
  };
}
