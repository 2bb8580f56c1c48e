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

/*
 * Whether one participant can take the class and, when not, why: the server's answer first
 * (`eligibility`, the class's rows of /eligibility: age, already selected), then what the page
 * knows sooner than the server can say it (a class they hold, one just selected, a clash with
 * one of their own classes). `known` is false while nothing is known either way.
 */
function participantChoice(classItem, participant, held, eligibility) {
  const answer = eligibility?.find((row) => row.participantId === participant._id);
  const theirs = held.filter((entry) => entry.participantId === participant._id);
  let reason = null;
  if (answer?.eligible === false) {
    reason = answer.reason || (participant.isAccountHolder ? NOT_OPEN_TO_YOU : NOT_OPEN_TO_THEM);
  } else if (theirs.some((entry) => entry.id === classItem._id)) {
    reason = participant.isAccountHolder
      ? "You have already selected or enrolled in this class."
      : `${participant.firstName} has already selected or enrolled in this class.`;
  } else {
    const clash = conflictingClassName(classItem, theirs);
    if (clash) reason = `Meets at the same time as ${clash}`;
  }
  return {
    participant,
    label: participantLabel(participant),
    canTake: reason === null,
    known: answer !== undefined || reason !== null,
    reason,
  };
}

/*
 * Whether Select is off for this class, and why. Off while the session or the student's own
 * lists are loading (nobody can tell yet), for admins and instructors, once registration has
 * closed, and with no seats left.
 *
 * For a family of one (`family` null) it is also off for a class already held, for a clash
 * (`conflict` names the held class when it is the only thing in the way), and when the server
 * says the account holder cannot take it (`refusal`, its reason). For a family of several, each
 * participant's own answer is in `choices` ({participant, label, canTake, known, reason}), and
 * Select is off only when none of them can take the class.
 */
export function selectAvailability(
  classItem,
  { sessionLoading, waiting, role, held, family = null, eligibility },
) {
  const closed = classItem.registrationOpen === false;
  const soldOut = classItem.seats === 0;
  const blocked = sessionLoading || waiting || CANNOT_SELECT.includes(role) || closed || soldOut;
  if (family) {
    const choices = family.map((participant) =>
      participantChoice(classItem, participant, held, eligibility),
    );
    return {
      taken: false,
      closed,
      soldOut,
      conflict: null,
      refusal: null,
      choices,
      disabled: blocked || choices.every((choice) => !choice.canTake),
    };
  }
  const taken = held.some((entry) => entry.id === classItem._id);
  const conflict = taken || closed || soldOut ? null : conflictingClassName(classItem, held);
  // The reasons above already explain a Select that is off; the server's is for the rest.
  const answer = eligibility?.find((row) => row.isAccountHolder) ?? eligibility?.[0];
  const refusal =
    !taken && !closed && !soldOut && conflict === null && answer?.eligible === false
      ? answer.reason || NOT_OPEN_TO_YOU
      : null;
  return {
    taken,
    closed,
    soldOut,
    conflict,
    refusal,
    choices: null,
    disabled: blocked || taken || conflict !== null || refusal !== null,
  };
}
