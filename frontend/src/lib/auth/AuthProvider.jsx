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
import { api, getToken, onUnauthorized, setToken } from "../api";
import { useNotify } from "../notices";
import {
  createAccount,
  sendVerification,
  signInWithGoogle,
  signInWithPassword,
  signOutUser,
  watchAuthState,
} from "./firebase";
import { RESTORING, SIGNED_OUT, sessionReducer, sessionView } from "./session";
import { isOutage, needsVerification, renewalDelay, retryDelay, tokenExpired } from "./tokens";

async function missingProvider() {
  throw new Error("Signing in needs the AuthProvider.");
}

/*
 * The signed-in session as the rest of the app sees it:
 *   user:    { email, displayName, photoURL } or null
 *   role:    "admin" | "instructor" | "student" | null (null while unknown or logged out)
 *   loading: true while the identity provider, the token exchange or the role is still being asked
 *   logOut:  async () => void; ends the session, rejects if Firebase could not sign out (the
 *            caller says goodbye and goes to /login)
 *   logIn(email, password), logInWithGoogle(), register({name, photoURL, email, password}):
 *            resolve once our API token is stored (register ends logged out), reject with the
 *            Firebase or API error
 *   refreshRole: async () => role, asks the server again
 *   prepareSignIn(): starts Firebase Auth (downloading its chunk) ahead of a sign-in
 *   sendVerificationEmail(): after a sign-in refused for an unverified e-mail (the error's
 *            body.code is "email_not_verified"), sends Firebase's verification e-mail
 *
 * Our API token lives minutes and is renewed before it ends (tokens.js). The states the session
 * moves through, and why an outage never signs anyone out, are in session.js.
 *
 * Firebase Auth is only downloaded when it has something to do: to restore the session of a
 * browser that was signed in, on the pages where people sign in, and for a sign-in itself. A
 * visitor browsing the public pages never downloads it, and is known to be logged out at once.
 */
export const AuthContext = createContext({
  user: null,
  role: null,
  loading: false,
  logOut: async () => {},
  logIn: missingProvider,
  logInWithGoogle: missingProvider,
  register: missingProvider,
  refreshRole: async () => null,
  prepareSignIn: () => {},
  sendVerificationEmail: missingProvider,
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
 * Firebase who it is. Our API token is dropped at each page load (see AuthProvider) and may be
 * missing when the page was left in the middle of a token exchange; this mark is not.
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

export const OUTAGE_NOTICE = "Sign-in is unavailable, try again shortly. We will keep trying.";

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Our API token for a Firebase user, with the person's role as our server knows it, in one
// round trip; `fresh` asks Firebase for a new ID token first.
async function exchange(firebaseUser, fresh = false) {
  const idToken = await firebaseUser.getIdToken(fresh);
  const { token, user } = await api.post("/jwt", { email: firebaseUser.email, idToken });
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

export function AuthProvider({ children, navigate = navigateByLoading }) {
  // Read once, before the old token goes: was someone signed in on this browser?
  const [restoring] = useState(() => {
    const remembered = signInRemembered();
    // Every page load exchanges a fresh token once Firebase reports the user. A token left from
    // an earlier visit may have expired, and sent with public requests it would only earn 401s.
    setToken(null);
    return remembered;
  });
  const [session, dispatch] = useReducer(sessionReducer, restoring ? RESTORING : SIGNED_OUT);
  const notify = useNotify();
  // The session being opened or open: { uid, email, promise, open }; null when logged out.
  const current = useRef(null);

  // The Firebase auth state listener once started: { stop, ended }; null until then.
  const watching = useRef(null);

  // The Firebase user whose sign-in was refused for an unverified e-mail; kept signed in to
  // Firebase only so the verification e-mail can be sent to it.
  const unverified = useRef(null);

  const forget = useCallback(() => {
    clearTimeout(current.current?.renewal);
    current.current = null;
    setToken(null);
    rememberSignIn(false);
    dispatch({ type: "signOut" });
  }, []);

  // One token exchange per signed-in user, shared by the auth state listener and the action
  // (log in, Google, register) that caused it, whichever asks first.
  const openSession = useCallback(
    (firebaseUser) => {
      if (current.current?.uid === firebaseUser.uid) return current.current.promise;
      const attempt = { uid: firebaseUser.uid, email: firebaseUser.email, open: false };
      current.current = attempt;
      rememberSignIn(true);
      const ensureCurrent = () => {
        if (current.current !== attempt) throw new Error("The session changed while opening.");
      };
      setToken(null);
      dispatch({ type: "exchange", uid: attempt.uid, user: profileOf(firebaseUser) });
      const isCurrent = () => current.current === attempt;
      // Through an outage the person stays signed in, and the call is made again.
      const persevering = async (call) => {
        for (let tries = 0; ; tries += 1) {
          try {
            return await call();
          } catch (error) {
            if (!isOutage(error) || !isCurrent()) throw error;
            if (tries === 0) notify(OUTAGE_NOTICE);
            dispatch({ type: "outage", uid: attempt.uid, retryInMs: retryDelay(tries) });
            await wait(retryDelay(tries));
            ensureCurrent();
            dispatch({ type: "retry", uid: attempt.uid });
          }
        }
      };
      // Our token and the role it came with, put to use; renewed again before it ends.
      const adopt = ({ token, role }) => {
        setToken(token);
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
            const renewed = await persevering(() => exchange(firebaseUser, true));
            ensureCurrent();
            adopt(renewed);
          } catch (error) {
            if (!isCurrent()) return;
            // Refused: the account was disabled, deleted or signed out everywhere.
            console.error("The Camp server refused to renew the session.", error);
            forget();
            signOutUser().catch(logSignOutFailure);
            navigate(paths.login);
          }
        };
        attempt.renewal = setTimeout(attempt.renew, delay);
      };
      // Asks our server again (a role changed by an admin shows at once).
      attempt.refresh = async () => {
        dispatch({ type: "renew", uid: attempt.uid });
        const answer = await persevering(() => exchange(firebaseUser));
        ensureCurrent();
        adopt(answer);
        return answer.role;
      };
      attempt.promise = (async () => {
        try {
          const answer = await persevering(() => exchange(firebaseUser));
          ensureCurrent();
          attempt.open = true;
          adopt(answer);
        } catch (error) {
          if (isCurrent()) {
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
    [forget, navigate, notify],
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
        forget();
        signOutUser().catch(logSignOutFailure);
        navigate(paths.login);
      }),
    [forget, navigate],
  );

  const logIn = useCallback(
    async (email, password) => {
      prepareSignIn();
      const firebaseUser = await signInWithPassword(email, password);
      await openSession(firebaseUser);
    },
    [prepareSignIn, openSession],
  );

  const logInWithGoogle = useCallback(async () => {
    prepareSignIn();
    const firebaseUser = await signInWithGoogle();
    await openSession(firebaseUser);
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
  }, [prepareSignIn, openSession]);

  const register = useCallback(
    async ({ name, photoURL, email, password }) => {
      prepareSignIn();
      try {
        const firebaseUser = await createAccount({ email, password, name, photoURL });
        await openSession(firebaseUser);
        await api.post("/users", { name: name || "", photo: photoURL, email: firebaseUser.email });
      } finally {
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
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
