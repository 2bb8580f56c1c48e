import { serverErrors } from "../forms/serverErrors";

// The record's fields, and the fields of each list's rows (or of the doctor).
const ROW_FIELDS = {
  allergies: ["name", "severity", "action"],
  medications: ["name", "dose", "schedule", "atCamp"],
  emergencyContacts: ["name", "relationship", "phone"],
  pickups: ["name", "relationship", "phone"],
};
const DOCTOR_FIELDS = ["name", "phone"];
export const CARE_RECORD_FIELDS = [
  ...Object.keys(ROW_FIELDS),
  "conditions",
  "dietary",
  "doctor",
  "mayLeaveAlone",
  "photoConsent",
];

/*
 * The server flattens a row's message into its list's ("Item 2: phone: Enter a valid phone
 * number, with its area code.") and the doctor's into "doctor" ("phone: ..."). Where the sentence
 * names its row and field, the message goes beside that field; otherwise beside the list.
 */
function placed(name, message) {
  if (ROW_FIELDS[name]) {
    const row = /^Item (\d+): (\w+): (.+)$/s.exec(message);
    if (row && ROW_FIELDS[name].includes(row[2])) {
      return { path: [name, Number(row[1]) - 1, row[2]], message: row[3] };
    }
  }
  if (name === "doctor") {
    const field = /^(\w+): (.+)$/s.exec(message);
    if (field && DOCTOR_FIELDS.includes(field[1])) {
      return { path: [name, field[1]], message: field[2] };
    }
  }
  return { path: [name], message };
}

function setIn(target, [head, ...rest], value) {
  if (rest.length === 0) {
    target[head] ??= value;
    return;
  }
  if (typeof target[head] !== "object" || target[head] === null) {
    target[head] = typeof rest[0] === "number" ? [] : {};
  }
  setIn(target[head], rest, value);
}

/*
 * A refused save, for the care record form: Formik's errors, nested where the server named a
 * row's field, and one sentence for the rest.
 */
export function careServerErrors(error) {
  const { fields: firstOfEach, formError } = serverErrors(error, CARE_RECORD_FIELDS);
  const all = error?.fieldErrors ?? {};
  const errors = {};
  const unplaced = [];
  for (const name of Object.keys(firstOfEach)) {
    for (const message of [].concat(all[name])) {
      const { path, message: text } = placed(name, message);
      // A list with messages for its rows shows them there; one about the whole list joins them.
      if (path.length === 1 && typeof errors[name] === "object") unplaced.push(message);
      else if (path.length > 1 && typeof errors[name] === "string") {
        unplaced.push(errors[name]);
        delete errors[name];
        setIn(errors, path, text);
      } else setIn(errors, path, text);
    }
  }
  return { errors, formError: [formError, ...unplaced].filter(Boolean).join(" ") };
}
