// Care records and school policies shaped like the server's JSON, for stubbed API answers.
import { hoursAgo } from "./fixtures";

// A child's record never saved, as GET /participants/:id/care answers it.
export function makeCareRecord(overrides = {}) {
  return {
    participantId: 2,
    allergies: [],
    medications: [],
    conditions: "",
    dietary: "",
    doctor: { name: "", phone: "" },
    emergencyContacts: [],
    pickups: [],
    mayLeaveAlone: false,
    photoConsent: null,
    confirmedAt: null,
    complete: false,
    missing: ["record", "emergencyContacts", "photoConsent"],
    needsConfirmation: false,
    emergencyContactsRequired: 2,
    mayLeaveAloneAllowed: false,
    leaveAloneMinAge: 12,
    ...overrides,
  };
}

// The same child's record filled in and confirmed yesterday: nothing missing.
export function makeCompleteCareRecord(overrides = {}) {
  return makeCareRecord({
    allergies: [
      { name: "Peanuts", severity: "anaphylactic", action: "EpiPen in the front pocket; call 911" },
    ],
    medications: [{ name: "Ventolin", dose: "2 puffs", schedule: "before sport", atCamp: true }],
    conditions: "Asthma",
    dietary: "Vegetarian",
    doctor: { name: "Dr Ruiz", phone: "+14155550100" },
    emergencyContacts: [
      { name: "Rosa Lopez", relationship: "Aunt", phone: "+14155550134" },
      { name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" },
    ],
    pickups: [{ name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" }],
    photoConsent: true,
    confirmedAt: "2027-05-02T10:00:00-07:00",
    complete: true,
    missing: [],
    ...overrides,
  });
}

// A child's care flags as a roster line and Today's line carry them: a complete record with
// nothing to flag but the photo answer.
export function makeCareFlags(overrides = {}) {
  return {
    allergy: null,
    allergies: [],
    medicationAtCamp: false,
    photoConsent: true,
    pickups: [],
    mayLeaveAlone: false,
    complete: true,
    missing: [],
    actionPlanOnFile: false,
    ...overrides,
  };
}

// One of the school's policies as GET /policies lists it, due for Mia (participant 2).
export function makePolicy(overrides = {}) {
  return {
    _id: 1,
    slug: "liability-waiver",
    title: "Liability waiver",
    text: "Art is messy.\n\nThe school is not liable for paint on clothes.",
    version: 2,
    publishedAt: hoursAgo(24 * 30),
    perChild: true,
    accepted: [],
    due: [2],
    ...overrides,
  };
}

// One acceptance, as GET /policies lists it and POST /policies/:id/acceptances answers it.
export function makeAcceptance(overrides = {}) {
  return {
    policyId: 1,
    version: 2,
    participantId: 2,
    signedName: "Ana Lopez",
    acceptedAt: "2027-05-02T10:00:00-07:00",
    ...overrides,
  };
}
