import { api } from "../lib/api";

/*
 * POST /contact: a message to the school's office, answered by e-mail. `website` is the form's
 * honeypot, which people never see and so leave empty. Nothing cached changes.
 */

export const contactPath = "/contact";

export function sendContactMessage({ name, email, message, website = "" }) {
  return api.post(contactPath, {
    name: name.trim(),
    email: email.trim(),
    message: message.trim(),
    website,
  });
}
