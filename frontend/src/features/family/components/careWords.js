import { t } from "ttag";

// A care record's fields as a family reads them, for its list of changes.
const FIELD_WORDS = {
  allergies: t`allergies`,
  medications: t`medications`,
  conditions: t`medical conditions`,
  dietary: t`dietary needs`,
  doctor: t`doctor`,
  emergencyContacts: t`emergency contacts`,
  pickups: t`who may collect them`,
  mayLeaveAlone: t`leaving on their own`,
  photoConsent: t`photo consent`,
};

function listed(words) {
  if (words.length <= 1) return words.join("");
  const others = words.slice(0, -1).join(", ");
  const last = words[words.length - 1];
  return t`${others} and ${last}`;
}

// One line of the record's history: "Ana Lopez changed allergies and photo consent".
export function changeInWords({ changedBy, change, fields }) {
  const who = changedBy || t`Someone`;
  switch (change) {
    case "created":
      return t`${who} filled in the record`;
    case "confirmed":
      return t`${who} confirmed it was still correct`;
    case "erased":
      return t`${who} erased the record`;
    default: {
      const what = listed((fields ?? []).map((field) => FIELD_WORDS[field] ?? field));
      return what ? t`${who} changed ${what}` : t`${who} changed the record`;
    }
  }
}

const READER_ROLES = { instructor: t`instructor`, admin: t`school office` };

// Where a member of staff read the record (the access log's `part`).
const READ_PARTS = {
  record: t`the care record`,
  history: t`every version of the record`,
  roster: t`the allergy and pick-up flags on a class roster`,
  attendance: t`the allergy and pick-up flags on a meeting's attendance`,
  today: t`the allergy and pick-up flags on the Today screen`,
  export: t`a downloaded class roster`,
  document: t`a document on file`,
  incident: t`an incident report`,
  medication: t`the medication log`,
};

// One line of the access log: "Pat Instructor (instructor) read the care record".
export function readInWords({ readerName, readerRole, part }) {
  const role = READER_ROLES[readerRole] ?? readerRole;
  const what = READ_PARTS[part] ?? READ_PARTS.record;
  return t`${readerName} (${role}) read ${what}`;
}
