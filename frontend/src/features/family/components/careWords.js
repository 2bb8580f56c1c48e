// A care record's fields as a family reads them, for its list of changes.
const FIELD_WORDS = {
  allergies: "allergies",
  medications: "medications",
  conditions: "medical conditions",
  dietary: "dietary needs",
  doctor: "doctor",
  emergencyContacts: "emergency contacts",
  pickups: "who may collect them",
  mayLeaveAlone: "leaving on their own",
  photoConsent: "photo consent",
};

function listed(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// One line of the record's history: "Ana Lopez changed allergies and photo consent".
export function changeInWords({ changedBy, change, fields }) {
  const who = changedBy || "Someone";
  switch (change) {
    case "created":
      return `${who} filled in the record`;
    case "confirmed":
      return `${who} confirmed it was still correct`;
    case "erased":
      return `${who} erased the record`;
    default: {
      const what = listed((fields ?? []).map((field) => FIELD_WORDS[field] ?? field));
      return what ? `${who} changed ${what}` : `${who} changed the record`;
    }
  }
}

const READER_ROLES = { instructor: "instructor", admin: "school office" };

// Where a member of staff read the record (the access log's `part`).
const READ_PARTS = {
  record: "the care record",
  history: "every version of the record",
  roster: "the allergy and pick-up flags on a class roster",
  attendance: "the allergy and pick-up flags on a meeting's attendance",
  today: "the allergy and pick-up flags on the Today screen",
  export: "a downloaded class roster",
  document: "a document on file",
  incident: "an incident report",
  medication: "the medication log",
};

// One line of the access log: "Pat Instructor (instructor) read the care record".
export function readInWords({ readerName, readerRole, part }) {
  const role = READER_ROLES[readerRole] ?? readerRole;
  return `${readerName} (${role}) read ${READ_PARTS[part] ?? "the care record"}`;
}
