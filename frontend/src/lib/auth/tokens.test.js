import { ApiError } from "../api";
import {
  isOutage,
  isReconnecting,
  isRefusal,
  RECONNECT_DELAY_MS,
  retryDelay,
  tokenFresh,
} from "./tokens";

const ours = (status) => new ApiError(status, { message: "Said by our server." });
const notOurs = (status) => new ApiError(status, null);

test("a failed exchange is asked again after 0.5 s, 1 s, 2 s, 4 s, then at a slower pace", () => {
  expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([
    500,
    1000,
    2000,
    4000,
    RECONNECT_DELAY_MS,
    RECONNECT_DELAY_MS,
    RECONNECT_DELAY_MS,
  ]);
  expect([0, 1, 2, 3, 4, 5].map(isReconnecting)).toEqual([false, false, false, false, true, true]);
});

test.each([
  ["no network", new TypeError("Failed to fetch")],
  ["a request aborted as the page was left", new DOMException("aborted", "AbortError")],
  ["Firebase out of reach", { code: "auth/network-request-failed" }],
  ["our server busy", ours(503)],
  ["our server failing", ours(500)],
  ["too many sign-ins at once", ours(429)],
  ["a gateway's page", notOurs(502)],
  ["a proxy's 403 page", notOurs(403)],
])("%s is an outage, not a refusal", (_, error) => {
  expect(isOutage(error)).toBe(true);
  expect(isRefusal(error)).toBe(false);
});

test.each([401, 403])("our server's %i is a refusal", (status) => {
  expect(isRefusal(ours(status))).toBe(true);
  expect(isOutage(ours(status))).toBe(false);
});

test("other answers of ours are neither", () => {
  for (const status of [400, 404, 409]) {
    expect(isRefusal(ours(status))).toBe(false);
    expect(isOutage(ours(status))).toBe(false);
  }
});

function tokenFor({ issued, expires }) {
  const payload = btoa(JSON.stringify({ iat: issued / 1000, exp: expires / 1000 }));
  return `header.${payload.replace(/=+$/, "")}.signature`;
}

test("a stored token is used as it is until it is due for renewal", () => {
  const now = 1_800_000_000_000;
  const token = tokenFor({ issued: now - 60_000, expires: now + 540_000 });

  expect(tokenFresh(token, now)).toBe(true);
  // A minute before its end it is renewed, not used by a new page.
  expect(tokenFresh(token, now + 480_000)).toBe(false);
  expect(tokenFresh(token, now + 600_000)).toBe(false);
  expect(tokenFresh("not-a-token", now)).toBe(false);
  expect(tokenFresh(null, now)).toBe(false);
});
