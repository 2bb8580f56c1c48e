import * as yup from "yup";

// The server's limits and words (class_messages/apis.py), so most refusals are
// caught here first.
export const SUBJECT_MAX_LENGTH = 150;
export const BODY_MAX_LENGTH = 5000;

export const AUDIENCES = [
  { value: "enrolled", label: "Enrolled families" },
  { value: "waitlisted", label: "Waitlisted families" },
  { value: "both", label: "Both" },
];

// How a past message names whom it went to.
export const AUDIENCE_SENT_TO = {
  enrolled: "Enrolled families",
  waitlisted: "Waitlisted families",
  both: "Enrolled and waitlisted families",
};

export const messages = {
  subjectRequired: "Please write a subject.",
  subjectTooLong: `The subject must be at most ${SUBJECT_MAX_LENGTH} characters.`,
  bodyRequired: "Please write your message.",
  bodyTooLong: `The message must be at most ${BODY_MAX_LENGTH} characters.`,
  audienceUnknown: "Choose enrolled, waitlisted or both.",
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
    .oneOf(
      AUDIENCES.map((audience) => audience.value),
      messages.audienceUnknown,
    ),
  announcement: yup.boolean(),
});
