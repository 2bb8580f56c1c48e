import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

import { Toast } from "../components/ui/Toast";
import { paths } from "../config/paths";
import { api, getToken, onUnauthorized, setToken } from "./api";
import {
  createAccount,
  signInWithGoogle,
  signInWithPassword,
  signOutUser,
  watchAuthState,
} from "./firebase";

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
 *   notify(message): a success pop-up that closes by itself and survives navigation
 *   prepareSignIn(): starts Firebase Auth (downloading its chunk) ahead of a sign-in
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
  notify: () => {},
  prepareSignIn: () => {},
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

async function fetchRole(email) {
  const address = encodeURIComponent(email);
  const [{ admin }, { instructor }] = await Promise.all([
    api.get(`/users/admin/${address}`),
    api.get(`/users/instructor/${address}`),
  ]);
  if (admin) return "admin";
  if (instructor) return "instructor";
  return "student";
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

const LOGGED_OUT = { user: null, role: null, loading: false };
const RESTORING = { user: null, role: null, loading: true };

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
  const [session, setSession] = useState(restoring ? RESTORING : LOGGED_OUT);
  const [notice, setNotice] = useState("");
  // The session being opened or open: { uid, email, promise, open }; null when logged out.
  const current = useRef(null);

  // The Firebase auth state listener once started: { stop, ended }; null until then.
  const watching = useRef(null);

  const forget = useCallback(() => {
    current.current = null;
    setToken(null);
    rememberSignIn(false);
    setSession(LOGGED_OUT);
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
      setSession((previous) => ({ ...previous, loading: true }));
      attempt.promise = (async () => {
        try {
          const idToken = await firebaseUser.getIdToken();
          const { token } = await api.post("/jwt", { email: firebaseUser.email, idToken });
          ensureCurrent();
          setToken(token);
          const role = await fetchRole(firebaseUser.email);
          ensureCurrent();
          attempt.open = true;
          setSession({ user: profileOf(firebaseUser), role, loading: false });
        } catch (error) {
          if (current.current === attempt) {
            // Without our token the Firebase sign-in is of no use: end it so the next sign-in
            // (same account or not) is reported and exchanged again.
            console.error("Could not open a session with the Camp server.", error);
            forget();
            signOutUser().catch(logSignOutFailure);
          }
          throw error;
        }
      })();
      return attempt.promise;
    },
    [forget],
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
        setSession(LOGGED_OUT);
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
        if (!current.current?.open) return;
        forget();
        signOutUser().catch(logSignOutFailure);
        navigate(paths.login);
      }),
    [forget, navigate],
  );

  const notify = useCallback((message) => setNotice(message), []);

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
    await signOutUser();
    forget();
  }, [forget]);

  const refreshRole = useCallback(async () => {
    const attempt = current.current;
    if (!attempt?.open) return null;
    const role = await fetchRole(attempt.email);
    if (current.current === attempt) setSession((previous) => ({ ...previous, role }));
    return role;
  }, []);

  const value = useMemo(
    () => ({
      ...session,
      logOut,
      logIn,
      logInWithGoogle,
      register,
      refreshRole,
      notify,
      prepareSignIn,
    }),
    [session, logOut, logIn, logInWithGoogle, register, refreshRole, notify, prepareSignIn],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {/* Outside the router's pages, so a message outlives the navigation that follows it. */}
      <Toast message={notice} onClose={() => setNotice("")} />
    </AuthContext.Provider>
  );
}
