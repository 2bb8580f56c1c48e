import { t } from "ttag";

import { api, getToken } from "../api";
import {
  createAccount,
  sendVerification,
  signInWithGoogle,
  signInWithPassword,
  signOutUser,
} from "./firebase";
import { rememberTokenOwner } from "./tokens";

export function logSignOutFailure(error) {
  console.error("Signing out of Firebase failed.", error);
}

/*
 * What a person does to their session: log in (a password or Google), register, log out, ask
 * for the verification e-mail. Each goes through Firebase and then through the keeper
 * (sessionKeeper.js), which opens, renews and ends the session with our server.
 */
export function signInActions(keeper) {
  // Resolves to the Firebase user once our session is open.
  async function logInWith(signIn) {
    keeper.prepareSignIn();
    return keeper.signingInWith(async () => {
      const firebaseUser = await signIn();
      await keeper.open(firebaseUser);
      return firebaseUser;
    });
  }

  return {
    logIn: (email, password) => logInWith(() => signInWithPassword(email, password)),

    // A sign-in its page brings (an e-mailed link): `signIn` resolves to the Firebase user.
    logInWith,

    async logInWithGoogle() {
      const firebaseUser = await logInWith(signInWithGoogle);
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
    },

    async register({ name, photoURL, email, password }) {
      keeper.prepareSignIn();
      const done = keeper.signingInStarted();
      try {
        const firebaseUser = await createAccount({ email, password, name, photoURL });
        await keeper.open(firebaseUser);
        await api.post("/users", { name: name || "", photo: photoURL, email: firebaseUser.email });
      } finally {
        done();
        // Registration ends logged out, whether it worked or not: the new user logs in next,
        // and a sign-up that failed halfway leaves nobody signed in.
        keeper.forget();
        await signOutUser().catch(logSignOutFailure);
      }
    },

    async logOut() {
      const attempt = keeper.current();
      if (attempt) {
        clearTimeout(attempt.renewal);
        // Closed first, so the server's answer to the token it is ending changes nothing here.
        attempt.open = false;
      }
      // The token is no longer this browser's to reuse: a page left or reloaded before the
      // logout ends would otherwise bring back a token the server has just revoked.
      rememberTokenOwner(null);
      if (getToken()) {
        try {
          // The server ends the token at once: a copy of it is of no use to anyone after this.
          await api.post("/logout");
        } catch (error) {
          console.error("The Camp server could not end the session's token.", error);
        }
      }
      await signOutUser();
      keeper.forget();
    },

    async sendVerificationEmail() {
      const firebaseUser = keeper.unverified();
      if (!firebaseUser) throw new Error(t`Log in again to be sent a verification e-mail.`);
      await sendVerification(firebaseUser);
      keeper.unverified({ take: true });
      await signOutUser().catch(logSignOutFailure);
    },
  };
}
