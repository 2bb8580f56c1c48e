import { t } from "ttag";
import * as yup from "yup";

// The server's limits and words (pages/services.py), so most refusals are caught here first.
export const NAME_MAX_LENGTH = 100;
export const MESSAGE_MAX_LENGTH = 5000;

export const messages = {
  nameRequired: t`Please tell us your name.`,
  nameTooLong: t`Your name must be at most ${NAME_MAX_LENGTH} characters.`,
  emailInvalid: t`Please give an e-mail address we can answer.`,
  messageRequired: t`Please write your message.`,
  messageTooLong: t`Your message must be at most ${MESSAGE_MAX_LENGTH} characters.`,
};

export const contactSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.nameRequired)
    .max(NAME_MAX_LENGTH, messages.nameTooLong),
  email: yup.string().trim().required(messages.emailInvalid).email(messages.emailInvalid),
  message: yup
    .string()
    .trim()
    .required(messages.messageRequired)
    .max(MESSAGE_MAX_LENGTH, messages.messageTooLong),
});
