/*
 * What the sign-in forms (log in, register, forgot password) accept. Plain functions rather than
 * a schema library, so these pages, which a visitor may open first, do not download one: each
 * takes the form's values and answers { field: message } with the first rule each field breaks.
 */

// The spec leaves the special characters open; these are the ones a keyboard offers most readily.
const SPECIAL_CHARACTER = /[!@#$%^&*()\-_+.]/;
// The HTML spec's valid e-mail address, as the browser's own type="email" checks it.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// An http(s) or ftp address with a host (an IPv4 address or a dotted name with a letter-only
// top-level part), then an optional port, path, query and fragment.
const URL_PATTERN =
  /^((https?|ftp):)?\/\/(((([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(%[\da-f]{2})|[!$&'()*+,;=]|:)*@)?(((\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])\.(\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])\.(\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])\.(\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5]))|((([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))\.)+(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))\.?)(:\d*)?)(\/((([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(%[\da-f]{2})|[!$&'()*+,;=]|:|@)+(\/(([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(%[\da-f]{2})|[!$&'()*+,;=]|:|@)*)*)?)?(\?((([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(%[\da-f]{2})|[!$&'()*+,;=]|:|@)|[\uE000-\uF8FF]|\/|\?)*)?(#((([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(%[\da-f]{2})|[!$&'()*+,;=]|:|@)|\/|\?)*)?$/i;
// Limits the server's profile shares: a longer name would be refused there.
const NAME_MAX_LENGTH = 150;

export const messages = {
  emailRequired: "Email is required.",
  emailInvalid: "Enter a valid e-mail address.",
  passwordRequired: "Password is required.",
  passwordTooShort: "Password must not less than 6 characters.",
  passwordTooWeak:
    "Password must have at least one upper case character, one lower case character, one number & one special character.",
  nameTooLong: "Name must be at most 150 characters.",
  photoRequired: "Photo URL is required.",
  photoInvalid: "Enter a valid URL, starting with https://.",
  passwordMismatch: "The Password Doesn't Match",
};

// A required text that must match its pattern, once trimmed.
function matchError(value, pattern, required, invalid) {
  const text = value.trim();
  if (!text) return required;
  return pattern.test(text) ? undefined : invalid;
}

function emailError(value) {
  return matchError(value, EMAIL, messages.emailRequired, messages.emailInvalid);
}

// The password rules in order; a form shows the first one broken.
function passwordStrengthError(password) {
  if (password.length < 6) return messages.passwordTooShort;
  const strong = [/[A-Z]/, /[a-z]/, /\d/, SPECIAL_CHARACTER].every((rule) => rule.test(password));
  return strong ? undefined : messages.passwordTooWeak;
}

function passwordError(password) {
  if (!password) return messages.passwordRequired;
  return passwordStrengthError(password);
}

// A confirmation that differs says so before repeating the password rules.
function confirmationError(confirmation, password) {
  if (!confirmation) return messages.passwordRequired;
  if (confirmation !== password) return messages.passwordMismatch;
  return passwordStrengthError(confirmation);
}

function photoError(value) {
  return matchError(value, URL_PATTERN, messages.photoRequired, messages.photoInvalid);
}

function nameError(value) {
  return value.trim().length > NAME_MAX_LENGTH ? messages.nameTooLong : undefined;
}

// Keeps the fields that break a rule, each with its message.
function broken(errors) {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

export function validateLogin({ email, password }) {
  return broken({ email: emailError(email), password: passwordError(password) });
}

export function validateForgotPassword({ email }) {
  return broken({ email: emailError(email) });
}

export function validateRegistration({ name, photoURL, email, password, confirmPassword }) {
  return broken({
    name: nameError(name),
    photoURL: photoError(photoURL),
    email: emailError(email),
    password: passwordError(password),
    confirmPassword: confirmationError(confirmPassword, password),
  });
}
