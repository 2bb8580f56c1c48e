import { ENDED, RESTORING, SIGNED_OUT, sessionReducer, sessionView } from "./session";

const SAM = { email: "sam@camp.test", displayName: "Sam Student", photoURL: "" };

function after(...events) {
  return events.reduce(sessionReducer, SIGNED_OUT);
}

const exchange = { type: "exchange", uid: "sam", user: SAM };
const exchanged = (role = "student") => ({ type: "exchanged", uid: "sam", role });
const outage = { type: "outage", uid: "sam", retryInMs: 1000 };
const retry = { type: "retry", uid: "sam" };
const renew = { type: "renew", uid: "sam" };

test("a visitor is signed out and not loading", () => {
  expect(sessionView(SIGNED_OUT)).toEqual({
    user: null,
    role: null,
    loading: false,
    reconnecting: false,
  });
});

test("a returning browser is loading until Firebase says who it is", () => {
  expect(sessionView(RESTORING)).toEqual({
    user: null,
    role: null,
    loading: true,
    reconnecting: false,
  });
  expect(sessionView(sessionReducer(RESTORING, { type: "signOut" }))).toEqual(
    sessionView(SIGNED_OUT),
  );
});

test("a sign-in is exchanging, then signed in with the role our server answered", () => {
  const exchanging = after(exchange);
  expect(exchanging.status).toBe("exchanging");
  expect(sessionView(exchanging)).toEqual({
    user: null,
    role: null,
    loading: true,
    reconnecting: false,
  });

  const signedIn = sessionReducer(exchanging, exchanged("instructor"));
  expect(signedIn.status).toBe("signedIn");
  expect(sessionView(signedIn)).toEqual({
    user: SAM,
    role: "instructor",
    loading: false,
    reconnecting: false,
  });
});

test("an outage while exchanging fails with a retry, still loading, never signed out", () => {
  const failed = after(exchange, outage);
  expect(failed).toMatchObject({ status: "failed", during: "exchanging", retryInMs: 1000 });
  expect(sessionView(failed).loading).toBe(true);

  const retried = sessionReducer(failed, retry);
  expect(retried.status).toBe("exchanging");
  expect(retried).not.toHaveProperty("during");
  expect(sessionReducer(retried, exchanged()).status).toBe("signedIn");
});

test("renewing, and an outage while renewing, keep the person signed in", () => {
  const renewing = after(exchange, exchanged(), renew);
  expect(renewing.status).toBe("renewing");
  expect(sessionView(renewing)).toEqual({
    user: SAM,
    role: "student",
    loading: false,
    reconnecting: false,
  });

  const failed = sessionReducer(renewing, outage);
  expect(failed).toMatchObject({ status: "failed", during: "renewing" });
  expect(sessionView(failed)).toEqual({
    user: SAM,
    role: "student",
    loading: false,
    reconnecting: false,
  });

  const renewed = [retry, exchanged("admin")].reduce(sessionReducer, failed);
  expect(sessionView(renewed)).toEqual({
    user: SAM,
    role: "admin",
    loading: false,
    reconnecting: false,
  });
});

test("a long outage is reconnecting through its retries until an exchange goes through", () => {
  const long = { ...outage, reconnecting: true };
  const signedIn = after(exchange, exchanged());
  const reconnecting = [renew, outage, retry, long].reduce(sessionReducer, signedIn);
  expect(sessionView(reconnecting)).toEqual({
    user: SAM,
    role: "student",
    loading: false,
    reconnecting: true,
  });

  // Asking again, and failing again with a plain outage, the person is still told.
  const retried = sessionReducer(reconnecting, retry);
  expect(sessionView(retried).reconnecting).toBe(true);
  expect(sessionView(sessionReducer(retried, outage)).reconnecting).toBe(true);

  const renewed = sessionReducer(retried, exchanged());
  expect(sessionView(renewed)).toEqual({
    user: SAM,
    role: "student",
    loading: false,
    reconnecting: false,
  });
});

test("a first exchange that keeps failing is still opening, and reconnecting", () => {
  const failed = after(exchange, { ...outage, reconnecting: true });
  expect(sessionView(failed)).toEqual({
    user: null,
    role: null,
    loading: true,
    reconnecting: true,
  });
  expect(sessionView(sessionReducer(failed, { type: "signOut" })).reconnecting).toBe(false);
});

test("a sign-out (or a refusal) ends the session from any state", () => {
  for (const events of [[exchange], [exchange, outage], [exchange, exchanged(), renew]]) {
    expect(after(...events, { type: "signOut" })).toBe(SIGNED_OUT);
  }
});

test("a refusal by our server ends the session saying so, until the next sign-in", () => {
  const ended = after(exchange, exchanged(), { type: "signOut", ended: true });
  expect(ended).toBe(ENDED);
  expect(sessionView(ended)).toEqual({
    user: null,
    role: null,
    loading: false,
    reconnecting: false,
    sessionEnded: true,
  });
  // Firebase then reports the sign-out it was asked for: the reason stays.
  expect(sessionReducer(ended, { type: "signOut" })).toBe(ENDED);
  expect(sessionView(sessionReducer(ended, exchange))).not.toHaveProperty("sessionEnded");
});

test("a new name and photo show at once, in the same session, through a renewal", () => {
  const profile = {
    type: "profile",
    uid: "sam",
    user: { displayName: "Sam Okafor", photoURL: "/media/classes/sam.png" },
  };
  const renamed = after(exchange, exchanged(), renew, profile);
  expect(renamed.status).toBe("renewing");
  expect(sessionView(renamed).user).toEqual({ ...SAM, ...profile.user });
  expect(sessionView(sessionReducer(renamed, exchanged())).user.displayName).toBe("Sam Okafor");
  // Nobody else's session, and no session at all, takes it.
  const exchanging = after(exchange);
  expect(sessionReducer(exchanging, { ...profile, uid: "ada" })).toBe(exchanging);
  expect(sessionReducer(SIGNED_OUT, profile)).toBe(SIGNED_OUT);
});

test("events that do not fit the state change nothing", () => {
  const signedOut = after({ type: "signOut" });
  expect(signedOut).toBe(SIGNED_OUT);
  // A late answer for a person who has since signed out.
  expect(sessionReducer(SIGNED_OUT, exchanged())).toBe(SIGNED_OUT);
  // An answer for someone else than the person signing in now.
  const exchanging = after(exchange);
  expect(sessionReducer(exchanging, { type: "exchanged", uid: "ada", role: "admin" })).toBe(
    exchanging,
  );
  // Renewing needs a session; retrying needs a failure.
  expect(sessionReducer(exchanging, renew)).toBe(exchanging);
  expect(sessionReducer(exchanging, retry)).toBe(exchanging);
  const signedIn = sessionReducer(exchanging, exchanged());
  expect(sessionReducer(signedIn, outage)).toBe(signedIn);
});

test("an unknown event is a programming error", () => {
  expect(() => sessionReducer(SIGNED_OUT, { type: "teleport" })).toThrow("Unknown session event");
});
