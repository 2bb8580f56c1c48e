import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";

import { paths } from "../../config/paths";
import { api, ApiError, getToken, onUnauthorized, setToken } from "../api";
import {
  createAccount,
  sendVerification,
  signInWithGoogle,
  signInWithPassword,
  signOutUser,
  watchAuthState,
} from "./firebase";
import { RESTORING, SIGNED_OUT, sessionReducer, sessionView } from "./session";
import {
  isOutage,
  isReconnecting,
  isRefusal,
  needsVerification,
  rememberTokenOwner,
  renewalDelay,
  retryDelay,
  tokenExpired,
  tokenFresh,
  tokenOwner,
} from "./tokens";

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
 *   logIn(email, password), logInWithGoogle(), register({name, photoURL, email, password}):
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
 * session.js. Only our server's refusal (401, 403) ends a session the person did not end: then
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

/*
 * Kept while this browser has a Firebase sign-in, so that a later page load knows to ask
 * Firebase who it is. Our API token is dropped at a page load that cannot use it (see
 * AuthProvider) and is missing when the page was left in the middle of a token exchange; this
 * mark is not.
 */
export const SIGNED_IN_KEY = "signed-in";

function rememberSignIn(signedIn) {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, "1");
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode): a reload then starts logged out.
  }
}

function signInRemembered() {
  try {
    return Boolean(getToken()) || window.localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return false;
  }
}

export const RECONNECTING_NOTICE = "We cannot reach Camp right now. Trying to reconnect…";
export const SESSION_ENDED = "Your session has ended. Please log in again.";

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Our API token for a Firebase user, with the person's role as our server knows it, in one
// round trip; `fresh` asks Firebase for a new ID token first.
async function exchange(firebaseUser, fresh = false) {
  const idToken = await firebaseUser.getIdToken(fresh);
  // Sent without the old token: a refusal here is judged by the session, not the HTTP client.
  const { token, user } = await api.post(
    "/jwt",
    { email: firebaseUser.email, idToken },
    { anonymous: true },
  );
  return { token, role: user?.role ?? null };
}

function profileOf(firebaseUser) {
  return {
    email: firebaseUser.email,
    displayName: firebaseUser.displayName,
    photoURL: firebaseUser.photoURL,
  };
}

function logSignOutFailure(error) {
  console.error("Signing out of Firebase failed.", error);
}

// Without the router's navigate (outside the app) a full page load still lands on the page.
function navigateByLoading(to) {
  window.location.assign(to);
}

// The page the person is on, to come back to after logging in again.
function currentPage() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

// A fresh token from an earlier page load, with its owner and role, or null.
function keptToken() {
  const token = getToken();
  const owner = tokenOwner();
  return owner && tokenFresh(token) ? { token, uid: owner.uid, role: owner.role ?? null } : null;
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
  // Read once, before an old token goes: was someone signed in on this browser, and may their
  // token still be used?
  const [{ restoring, kept }] = useState(() => {
    const remembered = signInRemembered();
    const fresh = keptToken();
    // A token that expired, or is due for renewal, is exchanged again once Firebase reports the
    // user; sent with public requests meanwhile it would only earn 401s.
    if (!fresh) {
      setToken(null);
      rememberTokenOwner(null);
    }
    return { restoring: remembered || Boolean(fresh), kept: fresh };
  });
  // Taken by the first session opened for its owner; any other opening drops it.
  const keptRef = useRef(kept);
  const [session, dispatch] = useReducer(sessionReducer, restoring ? RESTORING : SIGNED_OUT);
  // The session being opened or open: { uid, email, promise, open }; null when logged out.
  const current = useRef(null);

  // The Firebase auth state listener once started: { stop, ended }; null until then.
  const watching = useRef(null);

  // The Firebase user whose sign-in was refused for an unverified e-mail; kept signed in to
  // Firebase only so the verification e-mail can be sent to it.
  const unverified = useRef(null);

  // How many sign-in actions (log in, Google, register) are under way: a session opened
  // meanwhile is theirs; any other was restored from an earlier page load.
  const signingIn = useRef(0);

  // `ended`: our server refused the person, which the login page will say.
  const forget = useCallback((ended = false) => {
    clearTimeout(current.current?.renewal);
    current.current = null;
    keptRef.current = null;
    setToken(null);
    rememberTokenOwner(null);
    rememberSignIn(false);
    dispatch({ type: "signOut", ended });
  }, []);

  // Our server refused the person: the session ends, and the login page says why and brings
  // them back here afterwards. A guarded page may send them there first; it says the same.
  const endSession = useCallback(() => {
    const from = currentPage();
    forget(true);
    signOutUser().catch(logSignOutFailure);
    navigate(paths.login, { state: { message: SESSION_ENDED, from } });
  }, [forget, navigate]);

  // One token exchange per signed-in user, shared by the auth state listener and the action
  // (log in, Google, register) that caused it, whichever asks first.
  const openSession = useCallback(
    (firebaseUser) => {
      if (current.current?.uid === firebaseUser.uid) return current.current.promise;
      const attempt = {
        uid: firebaseUser.uid,
        email: firebaseUser.email,
        open: false,
        restored: signingIn.current === 0,
      };
      current.current = attempt;
      const kept = keptRef.current;
      keptRef.current = null;
      rememberSignIn(true);
      const ensureCurrent = () => {
        if (current.current !== attempt) throw new Error("The session changed while opening.");
      };
      const isCurrent = () => current.current === attempt;
      // Through an outage the person stays signed in, and the call is made again: quickly a few
      // times, then at a slower pace with a notice. A session already known to our server (being
      // renewed, or restored from an earlier page load) ends only on our server's refusal or
      // Firebase's (an account disabled there); a new sign-in also gives up on any other answer
      // of ours, which its form shows.
      const persevering = async (call, { untilRefused = false } = {}) => {
        for (let tries = 0; ; tries += 1) {
          try {
            return await call();
          } catch (error) {
            const retried =
              isOutage(error) || (untilRefused && error instanceof ApiError && !isRefusal(error));
            if (!retried || !isCurrent()) throw error;
            if (!isOutage(error)) console.error("The Camp server refused a token exchange.", error);
            dispatch({
              type: "outage",
              uid: attempt.uid,
              retryInMs: retryDelay(tries),
              reconnecting: isReconnecting(tries),
            });
            await wait(retryDelay(tries));
            ensureCurrent();
            dispatch({ type: "retry", uid: attempt.uid });
          }
        }
      };
      // Our token and the role it came with, put to use; renewed again before it ends.
      const adopt = ({ token, role }) => {
        setToken(token);
        rememberTokenOwner({ uid: attempt.uid, role });
        dispatch({ type: "exchanged", uid: attempt.uid, role });
        keepRenewing(token);
      };
      const keepRenewing = (token) => {
        clearTimeout(attempt.renewal);
        const delay = renewalDelay(token);
        if (delay === null) return;
        attempt.renew = async () => {
          clearTimeout(attempt.renewal);
          dispatch({ type: "renew", uid: attempt.uid });
          try {
            const renewed = await persevering(() => exchange(firebaseUser, true), {
              untilRefused: true,
            });
            ensureCurrent();
            adopt(renewed);
          } catch (error) {
            if (!isCurrent()) return;
            // Refused: the account was disabled, deleted or signed out everywhere.
            console.error("The Camp server refused to renew the session.", error);
            endSession();
          }
        };
        attempt.renewal = setTimeout(attempt.renew, delay);
      };
      // Asks our server again (a role changed by an admin shows at once).
      attempt.refresh = async () => {
        dispatch({ type: "renew", uid: attempt.uid });
        try {
          const answer = await persevering(() => exchange(firebaseUser), { untilRefused: true });
          ensureCurrent();
          adopt(answer);
          return answer.role;
        } catch (error) {
          if (isCurrent()) endSession();
          throw error;
        }
      };
      if (kept?.uid === attempt.uid) {
        // This person's token from an earlier page load is still good: no exchange until it is
        // due for renewal.
        dispatch({ type: "exchange", uid: attempt.uid, user: profileOf(firebaseUser) });
        attempt.open = true;
        adopt(kept);
        attempt.promise = Promise.resolve();
        return attempt.promise;
      }
      setToken(null);
      rememberTokenOwner(null);
      dispatch({ type: "exchange", uid: attempt.uid, user: profileOf(firebaseUser) });
      attempt.promise = (async () => {
        try {
          const answer = await persevering(() => exchange(firebaseUser), {
            untilRefused: attempt.restored,
          });
          ensureCurrent();
          attempt.open = true;
          adopt(answer);
        } catch (error) {
          if (isCurrent() && attempt.restored && isRefusal(error)) {
            // The session this browser kept was refused (disabled, deleted, signed out
            // everywhere): the person is told, not silently dropped.
            console.error("The Camp server refused the restored session.", error);
            endSession();
          } else if (isCurrent()) {
            // Without our token the Firebase sign-in is of no use: end it so the next sign-in
            // (same account or not) is reported and exchanged again. An account refused for its
            // unverified e-mail stays signed in to Firebase until the e-mail is sent.
            console.error("Could not open a session with the Camp server.", error);
            forget();
            if (needsVerification(error)) unverified.current = firebaseUser;
            else signOutUser().catch(logSignOutFailure);
          }
          throw error;
        }
      })();
      return attempt.promise;
    },
    [forget, endSession],
  );

  // Starts Firebase Auth and listens to it, once; the first call downloads the SDK.
  const prepareSignIn = useCallback(() => {
    if (watching.current) return;
    const watch = { stop: null, ended: false };
    watching.current = watch;
    watchAuthState((firebaseUser) => {
      if (!firebaseUser) forget();
      // Failures are logged by openSession; the visitor simply stays logged out.
      else openSession(firebaseUser).catch(() => {});
    })
      .then((stop) => {
        if (watch.ended) stop();
        else watch.stop = stop;
      })
      .catch((error) => {
        console.error("Firebase Auth could not start.", error);
        // The next sign-in tries again (the chunk may download then).
        if (watching.current === watch) watching.current = null;
        dispatch({ type: "signOut" });
      });
  }, [forget, openSession]);

  useEffect(() => {
    if (restoring) prepareSignIn();
  }, [restoring, prepareSignIn]);

  useEffect(() => {
    return () => {
      const watch = watching.current;
      if (!watch) return;
      watch.ended = true;
      if (watch.stop) watch.stop();
      watching.current = null;
    };
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Only an open session can be refused; a late answer to a request sent with an older
        // token must not end the session being opened now.
        const attempt = current.current;
        if (!attempt?.open) return;
        // A token that ran out while the computer slept is renewed, not a reason to sign out.
        if (tokenExpired(getToken()) && attempt.renew) {
          attempt.renew();
          return;
        }
        endSession();
      }),
    [endSession],
  );

  // Runs a sign-in action, so that the session Firebase reports meanwhile is known as its own.
  const signingInWith = useCallback(async (action) => {
    signingIn.current += 1;
    try {
      return await action();
    } finally {
      signingIn.current -= 1;
    }
  }, []);

  const logIn = useCallback(
    async (email, password) => {
      prepareSignIn();
      await signingInWith(async () => {
        const firebaseUser = await signInWithPassword(email, password);
        await openSession(firebaseUser);
      });
    },
    [prepareSignIn, signingInWith, openSession],
  );

  const logInWithGoogle = useCallback(async () => {
    prepareSignIn();
    const firebaseUser = await signingInWith(async () => {
      const user = await signInWithGoogle();
      await openSession(user);
      return user;
    });
    try {
      await api.post("/users", {
        name: firebaseUser.displayName || "",
        photo: firebaseUser.photoURL || "",
        email: firebaseUser.email,
      });
    } catch (error) {
      // The token exchange already created the account; only the profile details are missing.
      console.error("Saving the Google profile failed.", error);
    }
  }, [prepareSignIn, signingInWith, openSession]);

  const register = useCallback(
    async ({ name, photoURL, email, password }) => {
      prepareSignIn();
      signingIn.current += 1;
      try {
        const firebaseUser = await createAccount({ email, password, name, photoURL });
        await openSession(firebaseUser);
        await api.post("/users", { name: name || "", photo: photoURL, email: firebaseUser.email });
      } finally {
        signingIn.current -= 1;
        // Registration ends logged out, whether it worked or not: the new user logs in next,
        // and a sign-up that failed halfway leaves nobody signed in.
        forget();
        await signOutUser().catch(logSignOutFailure);
      }
    },
    [prepareSignIn, forget, openSession],
  );

  const logOut = useCallback(async () => {
    const attempt = current.current;
    if (attempt) {
      clearTimeout(attempt.renewal);
      // Closed first, so the server's answer to the token it is ending changes nothing here.
      attempt.open = false;
    }
    if (getToken()) {
      try {
        // The server ends the token at once: a copy of it is of no use to anyone after this.
        await api.post("/logout");
      } catch (error) {
        console.error("The Camp server could not end the session's token.", error);
      }
    }
    await signOutUser();
    forget();
  }, [forget]);

  const sendVerificationEmail = useCallback(async () => {
    const firebaseUser = unverified.current;
    if (!firebaseUser) throw new Error("Log in again to be sent a verification e-mail.");
    await sendVerification(firebaseUser);
    unverified.current = null;
    await signOutUser().catch(logSignOutFailure);
  }, []);

  // Our server saved a new name or photo: the session shows them at once.
  const profileChanged = useCallback((user) => {
    const attempt = current.current;
    if (attempt) dispatch({ type: "profile", uid: attempt.uid, user });
  }, []);

  const refreshRole = useCallback(async () => {
    const attempt = current.current;
    if (!attempt?.open) return null;
    return attempt.refresh();
  }, []);

  const value = useMemo(
    () => ({
      ...sessionView(session),
      logOut,
      logIn,
      logInWithGoogle,
      register,
      refreshRole,
      prepareSignIn,
      sendVerificationEmail,
      profileChanged,
    }),
    [
      session,
      logOut,
      logIn,
      logInWithGoogle,
      register,
      refreshRole,
      prepareSignIn,
      sendVerificationEmail,
      profileChanged,
    ],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {value.reconnecting && <ReconnectingNotice />}
    </AuthContext.Provider>
  );
}
