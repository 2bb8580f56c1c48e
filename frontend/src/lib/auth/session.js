/*
 * The session's states and the only moves between them. The keeper (sessionKeeper.js) talks
 * to Firebase and our server and reports what happened as events; this reducer decides what the
 * app sees. An event that does not fit the current state (a late answer for a person who has
 * since signed out, a second sign-out) leaves the state as it is.
 *
 *   signedOut  --exchange-->  exchanging  --exchanged-->  signedIn  --renew-->  renewing
 *   exchanging/renewing  --outage-->  failed  --retry-->  back to what failed
 *   renewing/failed(renewing)  --exchanged-->  signedIn
 *   any  --signOut (a sign-out, or a refusal: 401, 403)-->  signedOut (`ended` after a refusal)
 *
 * `failed` is an outage (no answer, 5xx, 429), never a verdict on the person: a signed-in person
 * stays signed in through it while the exchange is retried with growing waits. Once the quick
 * attempts are spent the outage says `reconnecting`, kept through the retries that follow until
 * an exchange goes through, and the app tells the person it is trying to reconnect. Only our
 * server's refusal (401, 403) or a sign-out ends a session.
 */

export const SIGNED_OUT = { status: "signedOut" };
// Signed out because our server refused the person: the login page says why.
export const ENDED = { status: "signedOut", ended: true };
// A browser that was signed in, waiting for Firebase to say who it is.
export const RESTORING = { status: "exchanging", uid: null, user: null };

export function sessionReducer(state, event) {
  switch (event.type) {
    case "exchange":
      // Firebase reported a person: our token is asked for them.
      return { status: "exchanging", uid: event.uid, user: event.user };
    case "exchanged":
      if (!isFor(state, event) || !["exchanging", "renewing", "failed"].includes(state.status)) {
        return state;
      }
      return { status: "signedIn", uid: state.uid, user: state.user, role: event.role };
    case "renew":
      if (!isFor(state, event) || state.status !== "signedIn") return state;
      return { ...state, status: "renewing" };
    case "outage":
      if (!isFor(state, event) || !["exchanging", "renewing"].includes(state.status)) return state;
      return {
        ...state,
        status: "failed",
        during: state.status,
        retryInMs: event.retryInMs,
        reconnecting: Boolean(state.reconnecting || event.reconnecting),
      };
    case "retry":
      if (!isFor(state, event) || state.status !== "failed") return state;
      return withoutFailure(state);
    case "profile":
      // The person changed their name or photo: the session shows the new ones at once.
      if (!isFor(state, event) || !state.user) return state;
      return { ...state, user: { ...state.user, ...event.user } };
    case "signOut":
      if (event.ended) return ENDED;
      return state.status === "signedOut" ? state : SIGNED_OUT;
    default:
      throw new Error(`Unknown session event: ${event.type}`);
  }
}

function isFor(state, event) {
  return state.status !== "signedOut" && state.uid === event.uid;
}

function withoutFailure(state) {
  const rest = { ...state, status: state.during };
  delete rest.during;
  delete rest.retryInMs;
  return rest;
}

// Whether the person is known to our server: they keep the app through a renewal or its outage.
function isOpen(state) {
  return (
    state.status === "signedIn" ||
    state.status === "renewing" ||
    (state.status === "failed" && state.during === "renewing")
  );
}

/*
 * What the rest of the app reads: the person (null until our server accepted them), their role,
 * whether the session is still being opened, whether our server has been out of reach for
 * longer than a blip, and whether the last session ended by our server's refusal.
 */
export function sessionView(state) {
  const reconnecting = Boolean(state.reconnecting);
  if (isOpen(state)) return { user: state.user, role: state.role, loading: false, reconnecting };
  const view = { user: null, role: null, loading: state.status !== "signedOut", reconnecting };
  return state.ended ? { ...view, sessionEnded: true } : view;
}
