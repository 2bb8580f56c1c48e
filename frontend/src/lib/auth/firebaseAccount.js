import { loadAuth } from "./firebase";

/*
 * What a person does with their own Firebase account besides the usual sign-ins: asking for a
 * password reset, signing in with an e-mailed link, keeping their name and photo. Only the pages
 * that do it import this module, so the public pages' first load carries none of it; the SDK
 * comes through the adapter's chunk.
 */

// Firebase's password reset e-mail. It says nothing of whether the address has an account
// (Firebase answers the same with e-mail enumeration protection on, and the page says the same
// either way); what it throws is a malformed address, too many requests, or no network.
export async function sendPasswordReset(email) {
  const { auth, sdk } = await loadAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email);
  } catch (error) {
    if (error?.code !== "auth/user-not-found") throw error;
  }
}

// Firebase's e-mail sign-in link (our server hands it over once, for an e-mailed ticket): the
// Firebase user it signs in.
export async function signInWithLink(email, link) {
  const { auth, sdk } = await loadAuth();
  if (!sdk.isSignInWithEmailLink(auth, link)) throw new Error("This is not a sign-in link.");
  return (await sdk.signInWithEmailLink(auth, email, link)).user;
}

// The signed-in account's name and photo, as the school now knows them, so that the next page
// load shows them too. Firebase keeps absolute addresses; an upload is a path on this site.
export async function updateAccountProfile({ displayName, photoURL }) {
  const { auth, sdk } = await loadAuth();
  if (!auth.currentUser) return;
  await sdk.updateProfile(auth.currentUser, {
    displayName: displayName || null,
    photoURL: photoURL ? new URL(photoURL, window.location.origin).href : null,
  });
}
