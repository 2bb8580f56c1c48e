import useSWR from "swr";

import { api } from "../lib/api";

/*
 * GET /care/missing and POST /care/reminders, for admins: each child enrolled in an upcoming class
 * whose care record or policies are not complete, soonest class first ({classId, className,
 * firstMeetingAt, daysToFirstMeeting, participantId, participantName, accountId, familyName,
 * familyEmail, missing}), and the e-mail that reminds a family of what is still missing.
 */

export const careMissingKey = "/care/missing";

export function fetchCareMissing() {
  return api.get(careMissingKey);
}

export function useCareMissing() {
  return useSWR(careMissingKey);
}

/*
 * Reminds the family by e-mail: {sent: true}, or {sent: false} when they were reminded already
 * today (one e-mail per family per day). A reminder changes nothing in the list, so nothing is
 * asked again.
 */
export function sendCareReminder(accountId) {
  return api.post("/care/reminders", { accountId });
}
