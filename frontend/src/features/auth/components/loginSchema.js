import * as yup from "yup";

// The spec leaves the special characters open; these are the ones a keyboard offers most readily.
const SPECIAL_CHARACTER = /[!@#$%^&*()\-_+.]/;

export const messages = {
  emailRequired: "Email is required.",
  emailInvalid: "Enter a valid e-mail address.",
  passwordRequired: "Password is required.",
  passwordTooShort: "Password must not less than 6 characters.",
  passwordTooWeak:
    "Password must have at least one upper case character, one lower case character, one number & one special character.",
};

export const emailSchema = yup
  .string()
  .trim()
  .required(messages.emailRequired)
  .email(messages.emailInvalid);

// The password rules in order; a form shows the first one broken.
export function passwordRules(schema) {
  return schema
    .min(6, messages.passwordTooShort)
    .matches(/[A-Z]/, messages.passwordTooWeak)
    .matches(/[a-z]/, messages.passwordTooWeak)
    .matches(/\d/, messages.passwordTooWeak)
    .matches(SPECIAL_CHARACTER, messages.passwordTooWeak);
}

export const passwordSchema = passwordRules(yup.string().required(messages.passwordRequired));

export const loginSchema = yup.object({
  email: emailSchema,
  password: passwordSchema,
});
