import { createContext, useContext, useEffect, useMemo, useReducer, useState } from "react";
import { t } from "ttag";

import { useHydrating } from "../hydrating";
import { onUnauthorized } from "../api";
import { RESTORING, SIGNED_OUT, sessionReducer, sessionView } from "./session";
import { createSessionKeeper } from "./sessionKeeper";

export { SESSION_ENDED } from "./sessionKeeper";
export { SIGNED_IN_KEY } from "./tokens";

async function missingProvider() {
  throw new Error("Signing in needs the AuthProvider.");
}

/*
 * The signed-in session as the rest of the app sees it:
 *   user:    { email, displayName, photoURL } or null
 *   role:    "admin" | "instructor" | "student" | null (null while unknown or logged out)
 *   loading: true while the identity provider, the token exchange or the role is still being asked
 *   reconnecting: true while our server has been out of reach for longer than a blip (the
 *            provider shows a notice; the person stays signed in)
 *   logOut:  async () => void; ends the session, rejects if Firebase could not sign out (the
 *            caller says goodbye and goes to /login)
 *   logIn(email, password), logInWithGoogle(), register({name, photoURL, email, password}),
 *   logInWith(signIn) (a sign-in its page brings, resolving to the Firebase user):
 *            resolve once our API token is stored (register ends logged out), reject with the
 *            Firebase or API error
 *   refreshRole: async () => role, asks the server again
 *   prepareSignIn(): starts Firebase Auth (downloading its chunk) ahead of a sign-in
 *   sendVerificationEmail(): after a sign-in refused for an unverified e-mail (the error's
 *            body.code is "email_not_verified"), sends Firebase's verification e-mail
 *   profileChanged({displayName, photoURL}): after our server saved a new name or photo, shows
 *            them at once (firebaseAccount.js keeps them for the next page load)
 *
 * Our API token lives minutes and is renewed before it ends (tokens.js). A page load that finds a
 * token of the person Firebase reports, not yet due for renewal, uses it without an exchange.
 * The states the session moves through, and why an outage never signs anyone out, are in
 * session.js; the exchanges, renewals and sign-outs themselves in sessionKeeper.js. Only our server's refusal (401, 403) ends a session the person did not end: then
 * they are sent to log in with SESSION_ENDED, and come back to the page they were on.
 *
 * Firebase Auth is only downloaded when it has something to do: to restore the session of a
 * browser that was signed in, on the pages where people sign in, and for a sign-in itself. A
 * visitor browsing the public pages never downloads it, and is known to be logged out at once.
 */
export const AuthContext = createContext({
  user: null,
  role: null,
  loading: false,
  reconnecting: false,
  logOut: async () => {},
  logIn: missingProvider,
  logInWithGoogle: missingProvider,
  register: missingProvider,
  refreshRole: async () => null,
  prepareSignIn: () => {},
  sendVerificationEmail: missingProvider,
  profileChanged: () => {},
});

export function useAuth() {
  return useContext(AuthContext);
}

// For the pages where people sign in: Firebase is ready by the time they press a button, so
// Google's pop-up can open straight from the press (browsers block one opened much later).
export function usePrepareSignIn() {
  const { prepareSignIn } = useAuth();
  useEffect(() => {
    prepareSignIn();
  }, [prepareSignIn]);
}

export const RECONNECTING_NOTICE = t`We cannot reach Camp right now. Trying to reconnect…`;

// Without the router's navigate (outside the app) a full page load still lands on the page.
function navigateByLoading(to) {
  window.location.assign(to);
}

// Shown while our server is out of reach; the page beneath goes on working with what it has.
function ReconnectingNotice() {
  return (
    <div
      className="alert alert-warning shadow position-fixed bottom-0 start-50 translate-middle-x mb-3 z-3"
      role="status"
    >
      {RECONNECTING_NOTICE}
    </div>
  );
}

export function AuthProvider({ children, navigate = navigateByLoading }) {
  const [keeper] = useState(createSessionKeeper);
  const [session, dispatch] = useReducer(sessionReducer, keeper.restoring ? RESTORING : SIGNED_OUT);
  // Both are stable for the provider's life but for a new navigate prop; handing them over at
  // each render keeps the keeper's the current ones.
  keeper.connect({ dispatch, navigate });

  useEffect(() => {
    if (keeper.restoring) keeper.actions.prepareSignIn();
    return keeper.stopWatching;
  }, [keeper]);

  useEffect(() => onUnauthorized(keeper.refused), [keeper]);

  // The server draws every page for a visitor; taking its HTML over, the app reads the same
  // session, then its own: a part that differs (a button disabled for a family) is drawn anew
  // rather than left as the server's HTML with the app believing otherwise.
  const hydrating = useHydrating();
  const shown = hydrating ? SIGNED_OUT : session;
  const value = useMemo(() => ({ ...sessionView(shown), ...keeper.actions }), [shown, keeper]);

  return (
    <AuthContext.Provider value={value}>
      {children}
      {value.reconnecting && <ReconnectingNotice />}
    </AuthContext.Provider>
  );
}
