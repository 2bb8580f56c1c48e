// The care record's fields, as the server names them when it refuses one.
export const CARE_FIELDS = [
  "allergies",
  "medications",
  "conditions",
  "dietary",
  "doctor",
  "emergencyContacts",
  "pickups",
  "mayLeaveAlone",
  "photoConsent",
];

// A blank record with rows for the two emergency contacts most schools ask for (the server names
// the school's own number if it asks for more), to fill in while the family is on the line.
export const DESK_CARE_START = { emergencyContactsRequired: 2 };
