import { loadAuth } from "./firebase";

/*
 * What a person does with their own Firebase account besides signing in: asking for a password
 * reset, keeping their name and photo. Only the pages that do it import this module, so the
 * public pages' first load carries none of it; the SDK comes through the adapter's chunk.
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
