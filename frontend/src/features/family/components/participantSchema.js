import * as yup from "yup";
import { t } from "ttag";

import { todayIso, yearsBefore } from "./dates";

// The server's limits, so a refusal there is caught here first.
export const NAME_MAX_LENGTH = 60;
export const NOTES_MAX_LENGTH = 2000;
export const OLDEST_AGE = 100;

export const messages = {
  firstNameRequired: t`First name is required.`,
  firstNameTooLong: t`First name must be at most ${NAME_MAX_LENGTH} characters.`,
  lastNameRequired: t`Last name is required.`,
  lastNameTooLong: t`Last name must be at most ${NAME_MAX_LENGTH} characters.`,
  dateOfBirthRequired: t`Date of birth is required.`,
  dateOfBirthInFuture: t`Date of birth cannot be in the future.`,
  dateOfBirthTooEarly: t`Date of birth must be within the last ${OLDEST_AGE} years.`,
  notesTooLong: t`Notes must be at most ${NOTES_MAX_LENGTH} characters.`,
};

function name(requiredMessage, tooLongMessage, required) {
  const field = yup.string().trim().max(NAME_MAX_LENGTH, tooLongMessage);
  return required ? field.required(requiredMessage) : field;
}

/*
 * A child needs a name and a date of birth (the school checks a class's ages against it); the
 * account holder may leave theirs out. Dates are "YYYY-MM-DD" strings, which compare as dates.
 */
export function participantSchema({ isAccountHolder = false, today = todayIso() } = {}) {
  const requiredForChild = !isAccountHolder;
  let dateOfBirth = yup
    .string()
    .test("not-in-future", messages.dateOfBirthInFuture, (value) => !value || value <= today)
    .test(
      "not-too-early",
      messages.dateOfBirthTooEarly,
      (value) => !value || value >= yearsBefore(today, OLDEST_AGE),
    );
  if (requiredForChild) dateOfBirth = dateOfBirth.required(messages.dateOfBirthRequired);
  return yup.object({
    firstName: name(messages.firstNameRequired, messages.firstNameTooLong, requiredForChild),
    lastName: name(messages.lastNameRequired, messages.lastNameTooLong, requiredForChild),
    dateOfBirth,
    notes: yup.string().max(NOTES_MAX_LENGTH, messages.notesTooLong),
  });
}
