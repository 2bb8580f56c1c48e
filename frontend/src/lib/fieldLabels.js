import { t } from "ttag";

/*
 * The API's field names in the family's words, in one place: what a message about a field calls
 * it (an error summary's line, the sentence of a refused request). A name not here is never
 * shown: the sentence speaks of "what you entered" instead.
 */
export const FIELD_LABELS = {
  // Care record
  allergies: t`Allergies`,
  medications: t`Medications`,
  conditions: t`Medical conditions`,
  dietary: t`Dietary needs`,
  doctor: t`Doctor`,
  "doctor.name": t`Doctor's name`,
  "doctor.phone": t`Doctor's phone`,
  emergencyContacts: t`Emergency contacts`,
  pickups: t`Who may collect them`,
  mayLeaveAlone: t`May leave on their own`,
  photoConsent: t`Photo consent`,
  // Policies
  signedName: t`Your full name`,
  acceptances: t`Policies`,
  participantId: t`Child`,
  // A person of the family
  firstName: t`First name`,
  lastName: t`Last name`,
  dateOfBirth: t`Date of birth`,
  notes: t`Notes for the instructor`,
  emergencyContactName: t`Emergency contact name`,
  emergencyContactPhone: t`Emergency contact phone`,
  // Checkout and paying
  promoCode: t`Promo code`,
  applyCredit: t`Account credit`,
  items: t`Classes to pay for`,
  // Accounts, contact, classes
  name: t`Name`,
  email: t`Email`,
  phone: t`Phone`,
  message: t`Message`,
  subject: t`Subject`,
  body: t`Message`,
  bio: t`About you`,
  nameClass: t`Class name`,
  seats: t`Seats`,
  price: t`Price`,
  image: t`Image`,
  category: t`Category`,
  startDate: t`Start date`,
  endDate: t`End date`,
  meetingDays: t`Meeting days`,
  registrationClosesAt: t`Registration closes`,
  feedback: t`Feedback`,
  collectedBy: t`Collected by`,
};

// A row of a list, by the list's name: "Emergency contact 2".
const ROW_LABELS = {
  allergies: t`Allergy`,
  medications: t`Medication`,
  emergencyContacts: t`Emergency contact`,
  pickups: t`Pick-up person`,
  acceptances: t`Policy`,
};

// A field within a row or an object, by its own name.
const PART_LABELS = {
  name: t`name`,
  relationship: t`relationship`,
  phone: t`phone`,
  severity: t`severity`,
  action: t`what to do`,
  dose: t`dose`,
  schedule: t`when`,
  atCamp: t`given at camp`,
};

/*
 * A field's label from its path ("promoCode", "emergencyContacts.1.phone", or its parts as a
 * list), or null for a name with no words of ours. A form may name its own (`labels`).
 */
export function fieldLabel(path, labels = {}) {
  const parts = Array.isArray(path) ? path.map(String) : String(path).split(".");
  const exact = labels[parts.join(".")] ?? FIELD_LABELS[parts.join(".")];
  if (exact) return exact;
  const [head, ...rest] = parts;
  const whole = labels[head] ?? FIELD_LABELS[head];
  if (!whole) return null;
  if (rest.length === 0) return whole;
  const words = [];
  let i = 0;
  if (/^\d+$/.test(rest[0])) {
    words.push(`${ROW_LABELS[head] ?? whole} ${Number(rest[0]) + 1}`);
    i = 1;
  } else {
    words.push(whole);
  }
  for (const part of rest.slice(i)) {
    if (/^\d+$/.test(part)) continue;
    words.push(PART_LABELS[part] ?? part.replace(/([A-Z])/g, " $1").toLowerCase());
  }
  return words.join(", ");
}

function inWords(list) {
  if (list.length <= 1) return list.join("");
  const allButLast = list.slice(0, -1).join(", ");
  const last = list[list.length - 1];
  return t`${allButLast} and ${last}`;
}

/*
 * The sentence for a request refused for its fields, naming them as the family knows them
 * ("Please check: Promo code."), never by the API's names.
 */
export function fieldsSentence(names) {
  const labels = names.map((name) => fieldLabel(name)).filter(Boolean);
  if (labels.length === 0 || labels.length < names.length) {
    return t`Please check what you entered.`;
  }
  const named = inWords([...new Set(labels)]);
  return t`Please check: ${named}.`;
}
