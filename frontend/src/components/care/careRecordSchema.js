import * as yup from "yup";
import { msgid, ngettext, t } from "ttag";

export const SEVERITIES = ["mild", "severe", "anaphylactic"];

// The server's limits (care/apis.py), so a refusal there is caught here first.
export const LINE_MAX = 200;
export const TEXT_MAX = 2000;
export const RELATIONSHIP_MAX = 60;
export const PHONE_MAX = 40;
export const MAX_ROWS = { allergies: 30, medications: 30, emergencyContacts: 10, pickups: 10 };

export const messages = {
  allergyName: t`Say what they are allergic to.`,
  allergySeverity: t`Choose how severe the allergy is.`,
  medicationName: t`Enter the medicine's name.`,
  personName: t`Enter their name.`,
  personRelationship: t`Say who they are to your child.`,
  phoneRequired: t`Enter a phone number.`,
  // The server's own sentence for a number it cannot read.
  phoneInvalid: t`Enter a valid phone number, with its area code.`,
  emergencyContactsTooFew: (count) =>
    ngettext(
      msgid`The school needs at least ${count} emergency contact.`,
      `The school needs at least ${count} emergency contacts.`,
      count,
    ),
  photoConsent: t`Answer Yes or No.`,
  tooLong: (max) => t`Keep it to ${max} characters or fewer.`,
};

function text(max) {
  return yup.string().max(max, messages.tooLong(max));
}

/*
 * A phone number as a person types it ("415 555 0134", "(415) 555-0134", "+44 20 7946 0958"):
 * digits with spaces, dashes, dots and brackets, 10 to 15 digits. The server reads it and
 * answers it in E.164; this only catches a number that cannot be one.
 */
export function looksLikePhone(value) {
  if (!value) return true;
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 10 && digits <= 15;
}

function phone({ required }) {
  const field = text(PHONE_MAX).trim().test("phone", messages.phoneInvalid, looksLikePhone);
  return required ? field.required(messages.phoneRequired) : field;
}

const person = yup.object({
  name: text(LINE_MAX).trim().required(messages.personName),
  relationship: text(RELATIONSHIP_MAX).trim().required(messages.personRelationship),
  phone: phone({ required: true }),
});

/*
 * The care record form's rules. `emergencyContactsRequired` is the school's number, as the record
 * says it; the doctor is optional, but a doctor's phone must be one.
 */
export function careRecordSchema({ emergencyContactsRequired = 0 } = {}) {
  return yup.object({
    allergies: yup
      .array()
      .max(MAX_ROWS.allergies)
      .of(
        yup.object({
          name: text(LINE_MAX).trim().required(messages.allergyName),
          severity: yup
            .string()
            .oneOf(SEVERITIES, messages.allergySeverity)
            .required(messages.allergySeverity),
          action: text(TEXT_MAX),
        }),
      ),
    medications: yup
      .array()
      .max(MAX_ROWS.medications)
      .of(
        yup.object({
          name: text(LINE_MAX).trim().required(messages.medicationName),
          dose: text(LINE_MAX),
          schedule: text(LINE_MAX),
          atCamp: yup.boolean(),
        }),
      ),
    conditions: text(TEXT_MAX),
    dietary: text(TEXT_MAX),
    doctor: yup.object({ name: text(LINE_MAX).trim(), phone: phone({ required: false }) }),
    emergencyContacts: yup
      .array()
      .max(MAX_ROWS.emergencyContacts)
      .of(person)
      .min(emergencyContactsRequired, messages.emergencyContactsTooFew(emergencyContactsRequired)),
    pickups: yup.array().max(MAX_ROWS.pickups).of(person),
    mayLeaveAlone: yup.boolean(),
    photoConsent: yup
      .string()
      .oneOf(["yes", "no"], messages.photoConsent)
      .required(messages.photoConsent),
  });
}
