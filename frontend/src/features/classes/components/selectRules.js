import { seatsFree } from "../../../components/cards/ClassFacts";
import { formatDate, localParts, meetingsOverlap } from "../../../components/ui/schedule";

// Admins and instructors teach or run classes; they cannot select them (spec).
const CANNOT_SELECT = ["admin", "instructor"];

// When the server says no without saying why.
export const NOT_OPEN_TO_THEM = "This class is not open to them.";
export const NOT_OPEN_TO_YOU = "This class is not open to you.";

/*
 * The classes a student's family holds, selected or enrolled, as {id, name, meetings,
 * participantId, enrolled}: what a new Select must not clash with, and what the button says. A row the server gave no participant
 * (one made before families) is the account holder's, `holderId`. A selection without its
 * class's meetings borrows them from a loaded copy of the class (`knownClasses`).
 * `justSelected` are {classItem, participantId}.
 */
export function heldClasses({ selections, enrolled, justSelected, knownClasses, holderId = null }) {
  const known = new Map((knownClasses ?? []).map((classItem) => [classItem._id, classItem]));
  // Two children in one class are two rows; the same child's selection and enrolment, one.
  const held = new Map();
  function hold(id, name, meetings, participantId, enrolled = false) {
    const heldBy = participantId ?? holderId;
    const key = `${id}/${heldBy}`;
    held.set(key, {
      id,
      name,
      meetings: meetings ?? [],
      participantId: heldBy,
      enrolled: enrolled || Boolean(held.get(key)?.enrolled),
    });
  }
  for (const { classItem, participantId } of justSelected ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings, participantId);
  }
  for (const selection of selections ?? []) {
    const meetings = selection.meetings ?? known.get(selection.classId)?.meetings;
    hold(selection.classId, selection.nameClass, meetings, selection.participantId);
  }
  for (const classItem of enrolled ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings, classItem.participantId, true);
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

export { seatsFree };

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

// The button's words for a state, said instead of a paler "Select".
export const LABELS = {
  select: "Select",
  waitlist: "Join the waitlist",
  selected: "Selected",
  enrolled: "Enrolled",
  waitlisted: "On the waitlist",
  soldOut: "No seats left",
  closed: "Registration closed",
  clash: "Time clash",
  age: "Outside the age range",
  unavailable: "Not available",
};

// The server's `kind` of refusal (enrolments.rules.RefusalKind) as the button's words.
const LABEL_OF_KIND = {
  selected: LABELS.selected,
  enrolled: LABELS.enrolled,
  full: LABELS.soldOut,
  "registration-closed": LABELS.closed,
  started: LABELS.closed,
  "schedule-conflict": LABELS.clash,
  age: LABELS.age,
};

export const SIGN_IN_TO_JOIN_WAITLIST = "Sign in to join the waitlist.";

// Why registration is over, in the words the server uses to refuse a Select.
export function closedReason(classItem) {
  if (classItem.startsAt && Date.parse(classItem.startsAt) <= Date.now()) {
    return "This class has already started.";
  }
  if (classItem.registrationClosesAt) {
    const day = formatDate(localParts(classItem.registrationClosesAt).date);
    return `Registration for this class closed on ${day}.`;
  }
  return "Registration for this class is closed.";
}

// "Lily", "Lily and Max", "Lily, Max and Noa"; the account holder is "you".
function namesOf(participants) {
  const names = participants.map((participant) =>
    participant.isAccountHolder ? "you" : participant.firstName,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

// What one person already holds, in their words: "Enrolled", "Lily has already selected...".
function heldState(entry, participant) {
  const child = participant && !participant.isAccountHolder;
  if (entry.enrolled) {
    return {
      state: "enrolled",
      reason: child
        ? `${participant.firstName} is already enrolled in this class.`
        : "You are already enrolled in this class.",
    };
  }
  return {
    state: "selected",
    reason: child
      ? `${participant.firstName} has already selected this class.`
      : "You have already selected this class.",
  };
}

/*
 * Whether one participant can take the class and, when not, why: the server's answer first
 * (`eligibility`, the class's rows of /eligibility: age, already selected), then what the page
 * knows sooner than the server can say it (a class they hold, one just selected, a clash with
 * one of their own classes). `known` is false while nothing is known either way. When only a
 * free seat is missing, the server says `waitlist` and they can join the waitlist instead
 * (`canJoinWaitlist`), unless they hold the class, clash with it, or joined on this visit.
 * `state` names what stops them in the button's words (a key of LABELS).
 */
function participantChoice(classItem, participant, held, eligibility, waitlisted) {
  const answer = eligibility?.find((row) => row.participantId === participant._id);
  const theirs = held.filter((entry) => entry.participantId === participant._id);
  const holding = theirs.find((entry) => entry.id === classItem._id);
  const joined = hasJoined(waitlisted, classItem, participant._id);
  let own = null;
  if (holding) {
    own = heldState(holding, participant);
  } else if (joined) {
    own = {
      state: "waitlisted",
      reason: participant.isAccountHolder
        ? "You are on the waitlist."
        : `${participant.firstName} is on the waitlist.`,
    };
  } else {
    const clash = conflictingClassName(classItem, theirs);
    if (clash) own = { state: "clash", reason: `Meets at the same time as ${clash}` };
  }
  let stop = own;
  if (answer?.eligible === false && !joined && !holding) {
    stop = {
      label: LABEL_OF_KIND[answer.kind] ?? LABELS.unavailable,
      reason: answer.reason || (participant.isAccountHolder ? NOT_OPEN_TO_YOU : NOT_OPEN_TO_THEM),
    };
  }
  const reason = stop?.reason ?? null;
  return {
    participant,
    label: participantLabel(participant),
    canTake: reason === null,
    canJoinWaitlist: answer?.waitlist === true && own === null,
    known: answer !== undefined || reason !== null,
    reason,
    state: stop ? (stop.label ?? LABELS[stop.state]) : null,
    stateKey: stop?.state ?? null,
  };
}

/*
 * The words on a family's button when none of them can take the class: what some of them hold
 * comes first ("Selected for Lily"), else what stops them all alike, else "Not available" (each
 * one's reason is listed beside the button).
 */
function familyLabel(choices) {
  for (const key of ["enrolled", "selected", "waitlisted"]) {
    const holding = choices.filter((choice) => choice.stateKey === key);
    if (holding.length === choices.length) return LABELS[key];
    if (holding.length > 0) {
      return `${LABELS[key]} for ${namesOf(holding.map((choice) => choice.participant))}`;
    }
  }
  const states = new Set(choices.map((choice) => choice.state));
  return states.size === 1 ? [...states][0] : LABELS.unavailable;
}

/*
 * Whether Select is off for this class, what the button says instead (`label`) and why
 * (`reason`, for the words beside the button that it points to). Off while the session or the
 * student's own lists are loading (nobody can tell yet), for admins and instructors, once
 * registration has closed, and with no seats free: "Registration closed", "No seats left".
 *
 * For a family of one (`family` null) it is also off for a class already held ("Selected",
 * "Enrolled"), for a clash (`conflict` names the held class when it is the only thing in the
 * way), and when the server says the account holder cannot take it (`refusal`, its reason, and
 * its `kind` names the button). For a family of several, each participant's own answer is in
 * `choices` ({participant, label, canTake, canJoinWaitlist, known, reason, state}), and Select
 * is off only when none of them can take the class.
 *
 * When no seat is free and someone of the family may join the class's waitlist (the server's
 * `waitlist`), `waitlist` is true: the button joins the waitlist instead of selecting.
 * `waitlisted` are the {classId, participantId} joined on this visit. A `visitor` (signed out)
 * is told a full class's waitlist needs them signed in.
 */
export function selectAvailability(
  classItem,
  {
    sessionLoading,
    waiting,
    role,
    held,
    family = null,
    eligibility,
    waitlisted = [],
    visitor = false,
  },
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
    const nobody = choices.every((choice) => !choice.canTake);
    let label = LABELS.select;
    let reason = null;
    if (closed) [label, reason] = [LABELS.closed, closedReason(classItem)];
    else if (waitlist) [label, reason] = [LABELS.waitlist, LABELS.soldOut];
    else if (soldOut) label = LABELS.soldOut;
    else if (!pending && nobody) label = familyLabel(choices);
    return {
      taken: false,
      closed,
      soldOut,
      waitlist,
      conflict: null,
      refusal: null,
      choices,
      label,
      reason,
      disabled: pending || roleBlocked || closed || (waitlist ? false : soldOut || nobody),
    };
  }
  const holding = held.find((entry) => entry.id === classItem._id);
  const taken = Boolean(holding);
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
  let label = LABELS.select;
  let reason = null;
  if (taken) {
    const { state, reason: heldReason } = heldState(holding, null);
    [label, reason] = [LABELS[state], heldReason];
  } else if (joined) [label, reason] = [LABELS.waitlisted, refusal];
  else if (closed) [label, reason] = [LABELS.closed, closedReason(classItem)];
  else if (waitlist) [label, reason] = [LABELS.waitlist, LABELS.soldOut];
  else if (soldOut) {
    label = LABELS.soldOut;
    // Someone signed in could join its waitlist; one too young for it is told why not.
    if (visitor) reason = SIGN_IN_TO_JOIN_WAITLIST;
    else if (answer?.eligible === false && answer.kind !== "full") reason = answer.reason;
  } else if (roleBlocked) {
    reason =
      role === "admin" ? "Admins cannot select classes." : "Instructors cannot select classes.";
  } else if (conflict) [label, reason] = [LABELS.clash, `Meets at the same time as ${conflict}`];
  else if (refusal) [label, reason] = [LABEL_OF_KIND[answer.kind] ?? LABELS.unavailable, refusal];
  return {
    taken,
    closed,
    soldOut,
    waitlist,
    conflict,
    refusal,
    choices: null,
    label,
    reason: reason || null,
    disabled:
      pending ||
      roleBlocked ||
      closed ||
      (waitlist ? false : soldOut || taken || conflict !== null || refusal !== null),
  };
}

// Whether anything is known yet about who in the family can take the class.
export function hasKnownChoices(choices) {
  return Boolean(choices?.some((choice) => choice.known));
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
