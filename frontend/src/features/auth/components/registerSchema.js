import * as yup from "yup";

import {
  emailSchema,
  messages as loginMessages,
  passwordRules,
  passwordSchema,
} from "./loginSchema";

export const messages = {
  ...loginMessages,
  nameTooLong: "Name must be at most 150 characters.",
  photoRequired: "Photo URL is required.",
  photoInvalid: "Enter a valid URL, starting with https://.",
  passwordMismatch: "The Password Doesn't Match",
};

export const registerSchema = yup.object({
  // Limits the server's profile shares: a longer name or a non-URL photo would be refused there.
  name: yup.string().trim().max(150, messages.nameTooLong),
  photoURL: yup.string().trim().required(messages.photoRequired).url(messages.photoInvalid),
  email: emailSchema,
  password: passwordSchema,
  // A confirmation that differs says so before repeating the password rules.
  confirmPassword: passwordRules(
    yup
      .string()
      .required(messages.passwordRequired)
      .test(
        "matches-password",
        messages.passwordMismatch,
        (value, context) => value === context.parent.password,
      ),
  ),
});
