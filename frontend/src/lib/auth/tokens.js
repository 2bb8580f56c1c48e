import { ApiError } from "../api";

/*
 * What the session needs to know of our API token and of a failed exchange. Our token lives
 * minutes; it is renewed before it ends by exchanging a fresh Firebase ID token, which is how an
 * account disabled or deleted at Firebase loses the API.
 */

export const EMAIL_NOT_VERIFIED = "email_not_verified";
// Waits between attempts at an exchange that met an outage; the last one repeats.
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000];
// A token is renewed a minute before it ends, or halfway through a shorter life.
const RENEW_AHEAD_MS = 60_000;

export function retryDelay(tries) {
  return RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)];
}

export function needsVerification(error) {
  return error instanceof ApiError && error.body.code === EMAIL_NOT_VERIFIED;
}

// No verdict on the person: our server or Firebase could not be reached, or said so.
export function isOutage(error) {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError || error?.code === "auth/network-request-failed";
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
