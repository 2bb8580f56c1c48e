import { t } from "ttag";

// Still in the queue, or holding an offered seat: the family may leave.
export function isOpen(entry) {
  return entry.status === "waiting" || entry.status === "offered";
}

/*
 * Ended by the family or by time (declined, expired, left): they may join again, at the back.
 * An entry the school closed (the class cancelled, registration closed, no longer eligible) is
 * not offered again; its reason says why.
 */
export function canRejoin(entry) {
  return ["declined", "expired", "left"].includes(entry.status);
}

// The same class for the same participant: a later entry replaces an earlier one.
export function sameSeat(entry, other) {
  return entry.classId === other.classId && entry.participantId === other.participantId;
}

export function positionText(position) {
  return t`Number ${position} on the list`;
}
