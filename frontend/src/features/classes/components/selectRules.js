import { meetingsOverlap } from "../../../components/ui/schedule";

// Admins and instructors teach or run classes; they cannot select them (spec).
const CANNOT_SELECT = ["admin", "instructor"];

// When the server says no without saying why.
export const NOT_OPEN_TO_THEM = "This class is not open to them.";
export const NOT_OPEN_TO_YOU = "This class is not open to you.";

/*
 * The classes a student's family holds, selected or enrolled, as {id, name, meetings,
 * participantId}: what a new Select must not clash with. A row the server gave no participant
 * (one made before families) is the account holder's, `holderId`. A selection without its
 * class's meetings borrows them from a loaded copy of the class (`knownClasses`).
 * `justSelected` are {classItem, participantId}.
 */
export function heldClasses({ selections, enrolled, justSelected, knownClasses, holderId = null }) {
  const known = new Map((knownClasses ?? []).map((classItem) => [classItem._id, classItem]));
  // Two children in one class are two rows; the same child's selection and enrolment, one.
  const held = new Map();
  function hold(id, name, meetings, participantId) {
    const heldBy = participantId ?? holderId;
    held.set(`${id}/${heldBy}`, { id, name, meetings: meetings ?? [], participantId: heldBy });
  }
  for (const { classItem, participantId } of justSelected ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings, participantId);
  }
  for (const selection of selections ?? []) {
    const meetings = selection.meetings ?? known.get(selection.classId)?.meetings;
    hold(selection.classId, selection.nameClass, meetings, selection.participantId);
  }
  for (const classItem of enrolled ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings, classItem.participantId);
  }
  return [...held.values()];
}

// The name of a held class whose meetings overlap this class's, or null.
export function conflictingClassName(classItem, held) {
  if (!classItem.meetings?.length) return null;
  const other = held.find(
    (entry) => entry.id !== classItem._id && meetingsOverlap(classItem.meetings, entry.meetings),
  );
  return other ? other.name : null;
}

// How a participant is named where the family picks whom a class is for.
export function participantLabel(participant) {
  if (participant.isAccountHolder) return "Myself";
  return `${participant.firstName} ${participant.lastName}`.trim();
}

// Seats nobody holds now: the server's `seatsFree` leaves out seats held while someone pays
// and seats offered to the waitlist; a class sent without it counts its `seats`.
export function seatsFree(classItem) {
  return classItem.seatsFree ?? classItem.seats;
}

export function isSoldOut(classItem) {
  return seatsFree(classItem) === 0;
}

// Joined on this visit: {classId, participantId} of `waitlisted`.
function hasJoined(waitlisted, classItem, participantId) {
  return (waitlisted ?? []).some(
    (entry) =>
      entry.classId === classItem._id &&
      (participantId === undefined || entry.participantId === participantId),
  );
}

/*
 * Whether one participant can take the class and, when not, why: the server's answer first
 * (`eligibility`, the class's rows of /eligibility: age, already selected), then what the page
 * knows sooner than the server can say it (a class they hold, one just selected, a clash with
 * one of their own classes). `known` is false while nothing is known either way. When only a
 * free seat is missing, the server says `waitlist` and they can join the waitlist instead
 * (`canJoinWaitlist`), unless they hold the class, clash with it, or joined on this visit.
 */
function participantChoice(classItem, participant, held, eligibility, waitlisted) {
  const answer = eligibility?.find((row) => row.participantId === participant._id);
  const theirs = held.filter((entry) => entry.participantId === participant._id);
  let ownReason = null;
  if (theirs.some((entry) => entry.id === classItem._id)) {
    ownReason = participant.isAccountHolder
      ? "You have already selected or enrolled in this class."
      : `${participant.firstName} has already selected or enrolled in this class.`;
  } else if (hasJoined(waitlisted, classItem, participant._id)) {
    ownReason = participant.isAccountHolder
      ? "You are on the waitlist."
      : `${participant.firstName} is on the waitlist.`;
  } else {
    const clash = conflictingClassName(classItem, theirs);
    if (clash) ownReason = `Meets at the same time as ${clash}`;
  }
  let reason = ownReason;
  if (answer?.eligible === false && !hasJoined(waitlisted, classItem, participant._id)) {
    reason = answer.reason || (participant.isAccountHolder ? NOT_OPEN_TO_YOU : NOT_OPEN_TO_THEM);
  }
  return {
    participant,
    label: participantLabel(participant),
    canTake: reason === null,
    canJoinWaitlist: answer?.waitlist === true && ownReason === null,
    known: answer !== undefined || reason !== null,
    reason,
  };
}

/*
 * Whether Select is off for this class, and why. Off while the session or the student's own
 * lists are loading (nobody can tell yet), for admins and instructors, once registration has
 * closed, and with no seats free.
 *
 * For a family of one (`family` null) it is also off for a class already held, for a clash
 * (`conflict` names the held class when it is the only thing in the way), and when the server
 * says the account holder cannot take it (`refusal`, its reason). For a family of several, each
 * participant's own answer is in `choices` ({participant, label, canTake, canJoinWaitlist,
 * known, reason}), and Select is off only when none of them can take the class.
 *
 * When no seat is free and someone of the family may join the class's waitlist (the server's
 * `waitlist`), `waitlist` is true: the button joins the waitlist instead of selecting.
 * `waitlisted` are the {classId, participantId} joined on this visit.
 */
export function selectAvailability(
  classItem,
  { sessionLoading, waiting, role, held, family = null, eligibility, waitlisted = [] },
) {
  const closed = classItem.registrationOpen === false;
  const listedSoldOut = isSoldOut(classItem);
  const roleBlocked = CANNOT_SELECT.includes(role);
  const pending = sessionLoading || waiting;
  if (family) {
    const choices = family.map((participant) =>
      participantChoice(classItem, participant, held, eligibility, waitlisted),
    );
    const waitlist =
      !closed &&
      !roleBlocked &&
      choices.some((choice) => choice.canJoinWaitlist) &&
      !choices.some((choice) => choice.canTake);
    const soldOut = listedSoldOut || waitlist;
    return {
      taken: false,
      closed,
      soldOut,
      waitlist,
      conflict: null,
      refusal: null,
      choices,
      disabled:
        pending ||
        roleBlocked ||
        closed ||
        (waitlist ? false : soldOut || choices.every((choice) => !choice.canTake)),
    };
  }
  const taken = held.some((entry) => entry.id === classItem._id);
  const joined = hasJoined(waitlisted, classItem);
  const answer = eligibility?.find((row) => row.isAccountHolder) ?? eligibility?.[0];
  const conflict = taken || closed || listedSoldOut ? null : conflictingClassName(classItem, held);
  const waitlist =
    !closed && !roleBlocked && !taken && !joined && conflict === null && answer?.waitlist === true;
  const soldOut = listedSoldOut || waitlist;
  // The reasons above already explain a Select that is off; the server's is for the rest.
  let refusal = null;
  if (joined) refusal = "You are on the waitlist.";
  else if (!taken && !closed && !soldOut && conflict === null && answer?.eligible === false) {
    refusal = answer.reason || NOT_OPEN_TO_YOU;
  }
  return {
    taken,
    closed,
    soldOut,
    waitlist,
    conflict,
    refusal,
    choices: null,
    disabled:
      pending ||
      roleBlocked ||
      closed ||
      (waitlist ? false : soldOut || taken || conflict !== null || refusal !== null),
  };
}

/*
 * The choices as the "for whom?" question asks them when joining the waitlist: only those who
 * may join can be picked; the others keep their reason.
 */
export function waitlistChoices(choices) {
  return (choices ?? []).map((choice) => ({
    ...choice,
    canTake: choice.canJoinWaitlist,
    reason: choice.canJoinWaitlist ? null : choice.reason,
  }));
}
