import { t } from "ttag";
import * as yup from "yup";

// The server's limits and words (class_messages/apis.py), so most refusals are
// caught here first.
export const SUBJECT_MAX_LENGTH = 150;
export const BODY_MAX_LENGTH = 5000;

// Whom a message may go to, as the API names them.
export const AUDIENCE_VALUES = ["enrolled", "waitlisted", "both"];

// The choices of whom to write to, in the page's language.
export function audienceOptions() {
  return [
    { value: "enrolled", label: t`Enrolled families` },
    { value: "waitlisted", label: t`Waitlisted families` },
    { value: "both", label: t`Both` },
  ];
}

// How a past message names whom it went to.
export function audienceSentTo(audience) {
  const sentTo = {
    enrolled: t`Enrolled families`,
    waitlisted: t`Waitlisted families`,
    both: t`Enrolled and waitlisted families`,
  };
  return sentTo[audience];
}

export const messages = {
  subjectRequired: t`Please write a subject.`,
  subjectTooLong: t`The subject must be at most ${SUBJECT_MAX_LENGTH} characters.`,
  bodyRequired: t`Please write your message.`,
  bodyTooLong: t`The message must be at most ${BODY_MAX_LENGTH} characters.`,
  audienceUnknown: t`Choose enrolled, waitlisted or both.`,
};

export const classMessageSchema = yup.object({
  subject: yup
    .string()
    .trim()
    .required(messages.subjectRequired)
    .max(SUBJECT_MAX_LENGTH, messages.subjectTooLong),
  body: yup
    .string()
    .trim()
    .required(messages.bodyRequired)
    .max(BODY_MAX_LENGTH, messages.bodyTooLong),
  audience: yup
    .string()
    .required(messages.audienceUnknown)
    .oneOf(AUDIENCE_VALUES, messages.audienceUnknown),
  announcement: yup.boolean(),
});
