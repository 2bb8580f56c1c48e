import { t } from "ttag";

import { paths } from "../../config/paths";
import { api, ApiError, getToken, setToken } from "../api";
import { languageFollow } from "../language";
import { logSignOutFailure, signInActions } from "./signInActions";
import { signOutUser, watchAuthState } from "./firebase";
import {
  isOutage,
  isReconnecting,
  isRefusal,
  keptToken,
  needsVerification,
  rememberSignIn,
  rememberTokenOwner,
  renewalDelay,
  retryDelay,
  signInRemembered,
  tokenExpired,
} from "./tokens";

/*
 * The session's effects, apart from React: Firebase's auth state, the exchange of Firebase's ID
 * token for ours with our server, its renewal, what this browser keeps between page loads, and
 * the end of a session. What happens is reported as session.js events through `dispatch`;
 * AuthProvider.jsx hands those to its reducer and shows the result.
 */

export const SESSION_ENDED = t`Your session has ended. Please log in again.`;

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
  return { token, role: user?.role ?? null, language: user?.language ?? null };
}

function profileOf(firebaseUser) {
  return {
    email: firebaseUser.email,
    displayName: firebaseUser.displayName,
    photoURL: firebaseUser.photoURL,
  };
}

// The page the person is on, to come back to after logging in again.
function currentPage() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/*
 * One keeper per AuthProvider. `restoring` says whether this browser was signed in at the page
 * load, read once, before an old token goes. `connect` hands it the reducer's dispatch and the
 * router's navigate; `actions` are what the app may do (signInActions.js), the rest is what the
 * provider's effects and those actions call.
 */
export function createSessionKeeper() {
  let dispatch = () => {};
  let navigate = (to) => window.location.assign(to);

  const remembered = signInRemembered();
  // Taken by the first session opened for its owner; any other opening drops it.
  let kept = keptToken();
  // A token that expired, or is due for renewal, is exchanged again once Firebase reports the
  // user; sent with public requests meanwhile it would only earn 401s.
  if (!kept) {
    setToken(null);
    rememberTokenOwner(null);
  }
  const restoring = remembered || Boolean(kept);
  // The session being opened or open: { uid, email, promise, open, ... }; null when logged out.
  let current = null;
  // The Firebase auth state listener once started: { stop, ended }; null until then.
  let watching = null;
  // The Firebase user whose sign-in was refused for an unverified e-mail; kept signed in to
  // Firebase only so the verification e-mail can be sent to it.
  let unverified = null;
  // How many sign-in actions (log in, Google, register) are under way: a session opened
  // meanwhile is theirs; any other was restored from an earlier page load.
  let signingIn = 0;

  // `ended`: our server refused the person, which the login page will say.
  function forget(ended = false) {
    clearTimeout(current?.renewal);
    current = null;
    kept = null;
    setToken(null);
    rememberTokenOwner(null);
    rememberSignIn(false);
    dispatch({ type: "signOut", ended });
  }

  // Our server refused the person: the session ends, and the login page says why and brings
  // them back here afterwards. A guarded page may send them there first; it says the same.
  function endSession() {
    const from = currentPage();
    forget(true);
    signOutUser().catch(logSignOutFailure);
    navigate(paths.login, { state: { message: SESSION_ENDED, from } });
  }

  // One token exchange per signed-in user, shared by the auth state listener and the action
  // (log in, Google, register) that caused it, whichever asks first.
  function open(firebaseUser) {
    if (current?.uid === firebaseUser.uid) return current.promise;
    const attempt = {
      uid: firebaseUser.uid,
      email: firebaseUser.email,
      open: false,
      restored: signingIn === 0,
    };
    current = attempt;
    const keptHere = kept;
    kept = null;
    rememberSignIn(true);
    const isCurrent = () => current === attempt;
    const ensureCurrent = () => {
      if (!isCurrent()) throw new Error("The session changed while opening.");
    };
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
    const adopt = ({ token, role, language }) => {
      setToken(token);
      rememberTokenOwner({ uid: attempt.uid, role });
      dispatch({ type: "exchanged", uid: attempt.uid, role });
      keepRenewing(token);
      languageFollow(language);
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
    if (keptHere?.uid === attempt.uid) {
      // This person's token from an earlier page load is still good: no exchange until it is
      // due for renewal.
      dispatch({ type: "exchange", uid: attempt.uid, user: profileOf(firebaseUser) });
      attempt.open = true;
      adopt(keptHere);
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
          if (needsVerification(error)) unverified = firebaseUser;
          else signOutUser().catch(logSignOutFailure);
        }
        throw error;
      }
    })();
    return attempt.promise;
  }

  // Starts Firebase Auth and listens to it, once; the first call downloads the SDK.
  function prepareSignIn() {
    if (watching) return;
    const watch = { stop: null, ended: false };
    watching = watch;
    watchAuthState((firebaseUser) => {
      if (!firebaseUser) forget();
      // Failures are logged by `open`; the visitor simply stays logged out.
      else open(firebaseUser).catch(() => {});
    })
      .then((stop) => {
        if (watch.ended) stop();
        else watch.stop = stop;
      })
      .catch((error) => {
        console.error("Firebase Auth could not start.", error);
        // The next sign-in tries again (the chunk may download then).
        if (watching === watch) watching = null;
        dispatch({ type: "signOut" });
      });
  }

  function stopWatching() {
    const watch = watching;
    if (!watch) return;
    watch.ended = true;
    if (watch.stop) watch.stop();
    watching = null;
  }

  // Our server answered 401 or 403 to a request of the session.
  function refused() {
    // Only an open session can be refused; a late answer to a request sent with an older
    // token must not end the session being opened now.
    const attempt = current;
    if (!attempt?.open) return;
    // A token that ran out while the computer slept is renewed, not a reason to sign out.
    if (tokenExpired(getToken()) && attempt.renew) {
      attempt.renew();
      return;
    }
    endSession();
  }

  // A sign-in action (log in, Google, register) is under way until the function answered is
  // called: the session Firebase reports meanwhile is known as its own.
  function signingInStarted() {
    signingIn += 1;
    let ended = false;
    return () => {
      if (!ended) signingIn -= 1;
      ended = true;
    };
  }

  // Runs a sign-in action (see signingInStarted).
  async function signingInWith(action) {
    const done = signingInStarted();
    try {
      return await action();
    } finally {
      done();
    }
  }

  const keeper = {
    restoring,
    prepareSignIn,
    open,
    forget,
    signingInStarted,
    signingInWith,
    stopWatching,
    refused,
    // The session open now, if any: { uid, open, refresh, ... }.
    current: () => current,
    // The Firebase user kept signed in, after a refusal for an unverified e-mail, to be sent
    // the verification e-mail; `take` lets it go.
    unverified: ({ take = false } = {}) => {
      const user = unverified;
      if (take) unverified = null;
      return user;
    },
    connect(handlers) {
      ({ dispatch, navigate } = handlers);
    },
  };
  keeper.actions = {
    ...signInActions(keeper),
    prepareSignIn,
    // Our server saved a new name or photo: the session shows them at once.
    profileChanged(user) {
      if (current) dispatch({ type: "profile", uid: current.uid, user });
    },
    // Asks our server for the role again; null without an open session.
    async refreshRole() {
      if (!current?.open) return null;
      return current.refresh();
    },
  };
  return keeper;
}
