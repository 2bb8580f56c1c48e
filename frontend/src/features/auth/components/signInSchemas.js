import * as yup from "yup";
import { t } from "ttag";

/*
 * What the sign-in forms (log in, register, forgot password) accept, as the app's other forms
 * say it: a yup schema per form, each field showing the first rule it breaks.
 */

// The spec leaves the special characters open; these are the ones a keyboard offers most readily.
const SPECIAL_CHARACTER = /[!@#$%^&*()\-_+.]/;
// Limits the server's profile shares: a longer name would be refused there.
const NAME_MAX_LENGTH = 150;
const PASSWORD_MIN_LENGTH = 6;

export const messages = {
  emailRequired: t`Email is required.`,
  emailInvalid: t`Enter a valid e-mail address.`,
  passwordRequired: t`Password is required.`,
  passwordTooShort: t`Password must not less than 6 characters.`,
  passwordTooWeak: t`Password must have at least one upper case character, one lower case character, one number & one special character.`,
  nameTooLong: t`Name must be at most 150 characters.`,
  photoRequired: t`Photo URL is required.`,
  photoInvalid: t`Enter a valid URL, starting with https://.`,
  passwordMismatch: t`The Password Doesn't Match`,
};

// yup's e-mail rule is the HTML spec's valid e-mail address, as the browser's type="email" checks.
const email = yup.string().trim().required(messages.emailRequired).email(messages.emailInvalid);

function isStrong(password) {
  return [/[A-Z]/, /[a-z]/, /\d/, SPECIAL_CHARACTER].every((rule) => rule.test(password ?? ""));
}

// A password is taken as typed: spaces count.
const password = yup
  .string()
  .required(messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .test("strong", messages.passwordTooWeak, isStrong);

export const loginSchema = yup.object({ email, password });

export const forgotPasswordSchema = yup.object({ email });

export const registrationSchema = yup.object({
  name: yup.string().trim().max(NAME_MAX_LENGTH, messages.nameTooLong),
  photoURL: yup.string().trim().required(messages.photoRequired).url(messages.photoInvalid),
  email,
  password,
  // A confirmation that differs says so before repeating the password rules.
  confirmPassword: yup
    .string()
    .required(messages.passwordRequired)
    .test(
      "matches",
      messages.passwordMismatch,
      (confirmation, context) => confirmation === context.parent.password,
    )
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .test("strong", messages.passwordTooWeak, isStrong),
});
