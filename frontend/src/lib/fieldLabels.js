/*
 * The API's field names in the family's words, in one place: what a message about a field calls
 * it (an error summary's line, the sentence of a refused request). A name not here is never
 * shown: the sentence speaks of "what you entered" instead.
 */
export const FIELD_LABELS = {
  // Care record
  allergies: "Allergies",
  medications: "Medications",
  conditions: "Medical conditions",
  dietary: "Dietary needs",
  doctor: "Doctor",
  "doctor.name": "Doctor's name",
  "doctor.phone": "Doctor's phone",
  emergencyContacts: "Emergency contacts",
  pickups: "Who may collect them",
  mayLeaveAlone: "May leave on their own",
  photoConsent: "Photo consent",
  // Policies
  signedName: "Your full name",
  acceptances: "Policies",
  participantId: "Child",
  // A person of the family
  firstName: "First name",
  lastName: "Last name",
  dateOfBirth: "Date of birth",
  notes: "Notes for the instructor",
  emergencyContactName: "Emergency contact name",
  emergencyContactPhone: "Emergency contact phone",
  // Checkout and paying
  promoCode: "Promo code",
  applyCredit: "Account credit",
  items: "Classes to pay for",
  // Accounts, contact, classes
  name: "Name",
  email: "Email",
  phone: "Phone",
  message: "Message",
  subject: "Subject",
  body: "Message",
  bio: "About you",
  nameClass: "Class name",
  seats: "Seats",
  price: "Price",
  image: "Image",
  category: "Category",
  startDate: "Start date",
  endDate: "End date",
  meetingDays: "Meeting days",
  registrationClosesAt: "Registration closes",
  feedback: "Feedback",
  collectedBy: "Collected by",
};

// A row of a list, by the list's name: "Emergency contact 2".
const ROW_LABELS = {
  allergies: "Allergy",
  medications: "Medication",
  emergencyContacts: "Emergency contact",
  pickups: "Pick-up person",
  acceptances: "Policy",
};

// A field within a row or an object, by its own name.
const PART_LABELS = {
  name: "name",
  relationship: "relationship",
  phone: "phone",
  severity: "severity",
  action: "what to do",
  dose: "dose",
  schedule: "when",
  atCamp: "given at camp",
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
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/*
 * The sentence for a request refused for its fields, naming them as the family knows them
 * ("Please check: Promo code."), never by the API's names.
 */
export function fieldsSentence(names) {
  const labels = names.map((name) => fieldLabel(name)).filter(Boolean);
  if (labels.length === 0 || labels.length < names.length) {
    return "Please check what you entered.";
  }
  return `Please check: ${inWords([...new Set(labels)])}.`;
}
