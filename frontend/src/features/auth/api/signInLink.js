import { api } from "../../../lib/api";
import { signInWithLink } from "../../../lib/auth/firebaseAccount";

// The address a sign-in link was asked for in this browser: opened here, it need not be typed
// again.
const LINK_EMAIL_KEY = "sign-in-link-email";

export function rememberedLinkEmail() {
  try {
    return window.localStorage.getItem(LINK_EMAIL_KEY) || "";
  } catch {
    return "";
  }
}

function keep(email) {
  try {
    if (email) window.localStorage.setItem(LINK_EMAIL_KEY, email);
    else window.localStorage.removeItem(LINK_EMAIL_KEY);
  } catch {
    // No storage (private browsing): the link's page asks for the address instead.
  }
}

export function forgetLinkEmail() {
  keep(null);
}

// Our server e-mails the link; its answer ({email, minutes}) says where it went and how long it
// works, the same whether or not the address has an account.
export async function sendSignInLink(email) {
  const answer = await api.post("/sign-in-links", { email });
  keep(answer.email);
  return answer;
}

// The e-mailed ticket, spent at our server for Firebase's own link, which signs in the account
// of the address; our server refuses a ticket used or expired.
export async function signInWithTicket(email, ticket) {
  const { link } = await api.post("/sign-in-links/redeem", { email, ticket });
  return signInWithLink(email, link);
}
