import { t } from "ttag";

import { ApiError } from "../../../lib/api";

export const SOMETHING_WENT_WRONG = t`Something went wrong. Please try again.`;

// Firebase error codes in plain words; anything else is a generic apology.
const FIREBASE_MESSAGES = {
  "auth/invalid-credential": t`Wrong e-mail or password.`,
  "auth/invalid-login-credentials": t`Wrong e-mail or password.`,
  "auth/wrong-password": t`Wrong e-mail or password.`,
  "auth/user-not-found": t`Wrong e-mail or password.`,
  "auth/invalid-email": t`Enter a valid e-mail address.`,
  "auth/user-disabled": t`This account is disabled.`,
  "auth/too-many-requests": t`Too many attempts. Please wait a moment and try again.`,
  "auth/email-already-in-use": t`An account with this e-mail already exists.`,
  "auth/popup-closed-by-user": t`The Google sign-in window was closed.`,
  "auth/cancelled-popup-request": t`The Google sign-in window was closed.`,
  "auth/popup-blocked": t`The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.`,
  "auth/network-request-failed": t`The sign-in service could not be reached. Check your connection and try again.`,
};

export function authErrorMessage(error) {
  const known = error && FIREBASE_MESSAGES[error.code];
  if (known) return known;
  // Our server's refusals come with their own readable message.
  if (error instanceof ApiError && error.status < 500 && error.body.message) {
    return error.body.message;
  }
  console.error(error);
  return SOMETHING_WENT_WRONG;
}
