import { api, getToken } from "../api";
import {
  createAccount,
  sendVerification,
  signInWithGoogle,
  signInWithLink,
  signInWithPassword,
  signOutUser,
} from "./firebase";
import { rememberTokenOwner } from "./tokens";

// The address a sign-in link was asked for in this browser: opened here, it need not be typed again.
const LINK_EMAIL_KEY = "sign-in-link-email";

export function rememberedLinkEmail() {
  try {
    return window.localStorage.getItem(LINK_EMAIL_KEY) || "";
  } catch {
    return "";
  }
}

function rememberLinkEmail(email) {
  try {
    if (email) window.localStorage.setItem(LINK_EMAIL_KEY, email);
    else window.localStorage.removeItem(LINK_EMAIL_KEY);
  } catch {
    // Private browsing without storage: the link's page asks for the address instead.
  }
}

export function logSignOutFailure(error) {
  console.error("Signing out of Firebase failed.", error);
}

/*
 * What a person does to their session: log in (a password or Google), register, log out, ask
 * for the verification e-mail. Each goes through Firebase and then through the keeper
 * (sessionKeeper.js), which opens, renews and ends the session with our server.
 */
export function signInActions(keeper) {
  return {
    async logIn(email, password) {
      keeper.prepareSignIn();
      await keeper.signingInWith(async () => {
        const firebaseUser = await signInWithPassword(email, password);
        await keeper.open(firebaseUser);
      });
    },

    async logInWithGoogle() {
      keeper.prepareSignIn();
      const firebaseUser = await keeper.signingInWith(async () => {
        const user = await signInWithGoogle();
        await keeper.open(user);
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
    },

    // Our server e-mails the link; its answer says where it went and for how long it works.
    async sendSignInLink(email) {
      const answer = await api.post("/sign-in-links", { email });
      rememberLinkEmail(answer.email);
      return answer;
    },

    // The e-mailed ticket is spent for Firebase's own link, which signs in the same account.
    async logInWithLink(email, ticket) {
      keeper.prepareSignIn();
      await keeper.signingInWith(async () => {
        const { link } = await api.post("/sign-in-links/redeem", { email, ticket });
        const firebaseUser = await signInWithLink(email, link);
        await keeper.open(firebaseUser);
      });
      rememberLinkEmail(null);
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
      if (!firebaseUser) throw new Error("Log in again to be sent a verification e-mail.");
      await sendVerification(firebaseUser);
      keeper.unverified({ take: true });
      await signOutUser().catch(logSignOutFailure);
    },
  };
}
