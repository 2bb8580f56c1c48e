import { t } from "ttag";

import { getFirebaseAuth } from "../../../lib/auth/firebase";

// Django admin's endpoint that turns an admin's Firebase ID token into an admin session.
export const ADMIN_SESSION_URL = "/admin/firebase-login";
const ADMIN_HOME = "/admin/";
const REFUSED = t`The back office could not be opened. Please try again.`;

// The Django admin page the visitor came from ("/login?next=/admin/..."), or null.
export function adminDestination(search) {
  const next = new URLSearchParams(search).get("next") || "";
  return next.startsWith(ADMIN_HOME) ? next : null;
}

function csrfToken() {
  return document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/)?.[1] || "";
}

/*
 * Hand the signed-in admin's Firebase ID token to Django admin, then go there. Django admin is
 * a server-rendered page with its own session cookie, not our API's bearer token.
 */
export async function openAdminSession(next, { go = (url) => window.location.assign(url) } = {}) {
  const auth = await getFirebaseAuth();
  const idToken = await auth.currentUser.getIdToken();
  if (!csrfToken()) {
    // Someone who came straight to the login page has no CSRF cookie yet; this sets one.
    await fetch(ADMIN_SESSION_URL, { credentials: "same-origin" });
  }
  const response = await fetch(ADMIN_SESSION_URL, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify({ idToken }),
  });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    throw new Error(answer.message || REFUSED);
  }
  go(next);
}
