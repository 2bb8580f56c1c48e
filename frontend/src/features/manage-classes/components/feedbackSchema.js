import * as yup from "yup";
import { t } from "ttag";

// The server keeps at most 1000 characters of feedback.
export const FEEDBACK_MAX_LENGTH = 1000;

export const messages = {
  feedbackRequired: t`Feedback - is required`,
  feedbackTooLong: t`Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`,
};

export const feedbackSchema = yup.object({
  feedback: yup
    .string()
    .trim()
    .required(messages.feedbackRequired)
    .max(FEEDBACK_MAX_LENGTH, messages.feedbackTooLong),
});
