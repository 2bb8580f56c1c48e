import { ApiError, getToken } from "../api";

/*
 * What the session needs to know of our API token and of a failed exchange. Our token lives
 * minutes; it is renewed before it ends by exchanging a fresh Firebase ID token, which is how an
 * account disabled or deleted at Firebase loses the API.
 */

export const EMAIL_NOT_VERIFIED = "email_not_verified";
// Waits between quick attempts at an exchange that met an outage: a blip passes unnoticed.
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
// Once the quick attempts are spent the person is told, and asked again at this pace.
export const RECONNECT_DELAY_MS = 15_000;
// A token is renewed a minute before it ends, or halfway through a shorter life.
const RENEW_AHEAD_MS = 60_000;

export function retryDelay(tries) {
  return tries < RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[tries] : RECONNECT_DELAY_MS;
}

// Whether the failure after `tries` earlier ones is long enough to tell the person.
export function isReconnecting(tries) {
  return tries >= RETRY_DELAYS_MS.length;
}

export function needsVerification(error) {
  return error instanceof ApiError && error.body.code === EMAIL_NOT_VERIFIED;
}

/*
 * Our server's verdict that this person may not go on: a 401 or 403 in our own error shape. The
 * only answer that ends a session; a proxy's or a portal's 403 page is not a verdict on anyone.
 */
export function isRefusal(error) {
  return (
    error instanceof ApiError &&
    error.fromOurServer &&
    (error.status === 401 || error.status === 403)
  );
}

/*
 * No verdict on the person: our server or Firebase could not be reached (offline, the request
 * aborted as the page was left), was busy (5xx, 429, 408), or what answered was not our server.
 */
export function isOutage(error) {
  if (error instanceof ApiError) {
    return !error.fromOurServer || error.status >= 500 || [408, 429].includes(error.status);
  }
  return (
    error instanceof TypeError ||
    error?.name === "AbortError" ||
    error?.code === "auth/network-request-failed" ||
    error?.code === "auth/timeout"
  );
}

function tokenTimes(token) {
  try {
    const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return { issuedAt: payload.iat * 1000, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

export function renewalDelay(token, now = Date.now()) {
  const times = tokenTimes(token);
  if (!times) return null;
  const life = times.expiresAt - times.issuedAt;
  const renewAt = times.expiresAt - Math.min(RENEW_AHEAD_MS, life / 2);
  return Math.max(renewAt - now, 0);
}

export function tokenExpired(token) {
  const times = token && tokenTimes(token);
  return Boolean(times) && times.expiresAt <= Date.now();
}

// Whether a stored token may still be used as it is: it is not yet due for renewal.
export function tokenFresh(token, now = Date.now()) {
  const delay = token ? renewalDelay(token, now) : null;
  return delay !== null && delay > 0;
}

/*
 * Whose our stored token is and the role it came with ({ uid, role }): a page load that finds a
 * fresh token of the person Firebase reports uses it instead of asking for another one.
 */
export const TOKEN_OWNER_KEY = "access-token-owner";

export function rememberTokenOwner(owner) {
  try {
    if (owner) window.localStorage.setItem(TOKEN_OWNER_KEY, JSON.stringify(owner));
    else window.localStorage.removeItem(TOKEN_OWNER_KEY);
  } catch {
    // Storage refused (private mode): the next page load exchanges a token again.
  }
}

export function tokenOwner() {
  try {
    const owner = JSON.parse(window.localStorage.getItem(TOKEN_OWNER_KEY));
    return typeof owner?.uid === "string" ? owner : null;
  } catch {
    return null;
  }
}

/*
 * Kept while this browser has a Firebase sign-in, so that a later page load knows to ask
 * Firebase who it is. Our API token is dropped at a page load that cannot use it (see
 * sessionKeeper.js) and is missing when the page was left in the middle of a token
 * exchange; this mark is not.
 */
export const SIGNED_IN_KEY = "signed-in";

export function rememberSignIn(signedIn) {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, "1");
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode): a reload then starts logged out.
  }
}

export function signInRemembered() {
  try {
    return Boolean(getToken()) || window.localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return false;
  }
}

// A fresh token from an earlier page load, with its owner and role, or null.
export function keptToken() {
  const token = getToken();
  const owner = tokenOwner();
  return owner && tokenFresh(token) ? { token, uid: owner.uid, role: owner.role ?? null } : null;
}
