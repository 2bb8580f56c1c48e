import { t } from "ttag";

/*
 * The care record in the sections a family saves one at a time, each with the record's fields it
 * holds and what the server's `missing` says of it while it is not done (`item`; a section
 * without one asks for nothing beyond being saved once).
 */
export const CARE_SECTIONS = [
  {
    key: "health",
    title: t`Health`,
    fields: ["allergies", "medications", "conditions", "dietary", "doctor"],
    item: null,
  },
  {
    key: "contacts",
    title: t`Emergency contacts`,
    fields: ["emergencyContacts"],
    item: "emergencyContacts",
  },
  { key: "pickups", title: t`Pick-ups`, fields: ["pickups", "mayLeaveAlone"], item: null },
  { key: "consent", title: t`Consent`, fields: ["photoConsent"], item: "photoConsent" },
];

/*
 * Whether a section is done, as the server says it: the record has been saved (a section saved
 * on its own saves it, and so does the school's office taking it by phone) and the server's `missing` names nothing of this section.
 */
export function sectionDone(section, record) {
  const saved = record.confirmedAt || record.takenAt;
  if (!saved || record.missing.includes("record")) return false;
  return section.item === null || !record.missing.includes(section.item);
}

// "2 of 4 sections done".
export function sectionsProgress(record) {
  const done = CARE_SECTIONS.filter((section) => sectionDone(section, record)).length;
  return { done, total: CARE_SECTIONS.length };
}

// The record's fields of `values` a section saves.
export function sectionValues(section, values) {
  return Object.fromEntries(section.fields.map((field) => [field, values[field]]));
}
