import { config } from "../../config/config";

/*
 * The one adapter around the Firebase Auth SDK. The SDK is imported on first use, in its own
 * chunk: the page renders without waiting for it, and jest tests that never sign in never load it.
 */
let loading = null;

// The SDK and the app's Auth instance, once loaded; firebaseAccount.js reads them from here.
export function loadAuth() {
  if (!loading) {
    loading = Promise.all([
      import(/* webpackChunkName: "firebase" */ "firebase/app"),
      import(/* webpackChunkName: "firebase" */ "firebase/auth"),
    ]).then(([{ initializeApp }, sdk]) => {
      // Not getAuth(): it also sets up the popup resolver, which on phones and Safari loads
      // Google's gapi script (apis.google.com) and a helper iframe at once, on every page that
      // restores a session. Only a Google sign-in needs them; signInWithGoogle brings them.
      const auth = sdk.initializeAuth(initializeApp(config.firebase), {
        persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
      });
      if (config.authEmulatorUrl) {
        sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      }
      return { auth, sdk };
    });
    // A chunk that failed to download (offline for a moment) may load on the next try.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export async function getFirebaseAuth() {
  return (await loadAuth()).auth;
}

// Calls back with the signed-in Firebase user or null; resolves to the unsubscribe function.
export async function watchAuthState(callback) {
  const { auth, sdk } = await loadAuth();
  return sdk.onAuthStateChanged(auth, callback);
}

export async function signInWithPassword(email, password) {
  const { auth, sdk } = await loadAuth();
  const credential = await sdk.signInWithEmailAndPassword(auth, email, password);
  return credential.user;
}

export async function signInWithGoogle() {
  const { auth, sdk } = await loadAuth();
  const credential = await sdk.signInWithPopup(
    auth,
    new sdk.GoogleAuthProvider(),
    sdk.browserPopupRedirectResolver,
  );
  return credential.user;
}

// Creates the account and sets its profile; the new user is signed in afterwards.
export async function createAccount({ email, password, name, photoURL }) {
  const { auth, sdk } = await loadAuth();
  const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
  // Firebase refuses a null display name; the name is optional, so leave it out instead.
  const profile = name ? { displayName: name, photoURL } : { photoURL };
  try {
    await sdk.updateProfile(credential.user, profile);
  } catch (error) {
    // Without its profile the account is half made; remove it so the e-mail can register again.
    await sdk.deleteUser(credential.user).catch(() => {});
    throw error;
  }
  return credential.user;
}

// The Firebase verification e-mail, whose link proves the address belongs to this account.
export async function sendVerification(firebaseUser) {
  const { sdk } = await loadAuth();
  await sdk.sendEmailVerification(firebaseUser);
}

export async function signOutUser() {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth);
}
