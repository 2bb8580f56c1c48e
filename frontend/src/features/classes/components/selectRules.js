import { t } from "ttag";

import { seatsFree } from "../../../components/cards/ClassFacts";

/*
 * What a class's Select button draws: its words, the reason beside it, whether it is off. Who may
 * take which class is the server's answer (/eligibility, enrolments.rules): this module only puts
 * it into words. It decides alone only what no answer covers: the session (still loading, or an
 * admin or instructor, who never select), a visitor or anyone else without an answer (from the
 * class's public fields and its season's opening, GET /seasons), and how a family's answers add
 * up to one button.
 */

// Admins and instructors teach or run classes; they cannot select them (spec), and the server
// gives them no answer.
const CANNOT_SELECT = {
  admin: t`Admins cannot select classes.`,
  instructor: t`Instructors cannot select classes.`,
};

// When the server says no without saying why.
export const NOT_OPEN_TO_THEM = t`This class is not open to them.`;
export const NOT_OPEN_TO_YOU = t`This class is not open to you.`;

export const SIGN_IN_TO_JOIN_WAITLIST = t`Sign in to join the waitlist.`;

// How a participant is named where the family picks whom a class is for.
export function participantLabel(participant) {
  if (participant.isAccountHolder) return t`Myself`;
  return `${participant.firstName} ${participant.lastName}`.trim();
}

// From the class's public seat count: what shades its card, and a visitor's "No seats left".
export function isSoldOut(classItem) {
  return seatsFree(classItem) === 0;
}

// The button's words for a state, said instead of a paler "Select".
export const LABELS = {
  select: t`Select`,
  waitlist: t`Join the waitlist`,
  selected: t`Selected`,
  enrolled: t`Enrolled`,
  waitlisted: t`On the waitlist`,
  soldOut: t`No seats left`,
  closed: t`Registration closed`,
  notOpen: t`Opens soon`,
  clash: t`Time clash`,
  age: t`Outside the age range`,
  unavailable: t`Not available`,
};

// The server's `kind` of refusal (enrolments.rules.RefusalKind) as the button's words; any
// other kind is "Not available", with the server's reason beside it.
const LABEL_OF_KIND = {
  selected: LABELS.selected,
  enrolled: LABELS.enrolled,
  full: LABELS.soldOut,
  "registration-closed": LABELS.closed,
  "registration-not-open": LABELS.notOpen,
  started: LABELS.closed,
  "schedule-conflict": LABELS.clash,
  age: LABELS.age,
};

// Not a refusal of the server's: someone on the class's waitlist, as its answer says
// (`onWaitlist`), or who joined on this visit, before the answer is asked again.
const WAITLISTED = "waitlisted";

// On the waitlist: the server's answer, or {classId, participantId} of `waitlisted`.
function hasJoined(waitlisted, classItem, participantId, answer) {
  if (answer?.onWaitlist === true) return true;
  return (waitlisted ?? []).some(
    (entry) =>
      entry.classId === classItem._id &&
      (participantId === undefined || entry.participantId === participantId),
  );
}

/*
 * What stops one person, as {kind, label, reason}, or null: having joined the waitlist on this
 * visit, else the server's refusal in its own words.
 */
function stopOf(answer, joined, person) {
  const { isAccountHolder, firstName } = person ?? { isAccountHolder: true };
  if (joined) {
    return {
      kind: WAITLISTED,
      label: LABELS.waitlisted,
      reason: isAccountHolder ? t`You are on the waitlist.` : t`${firstName} is on the waitlist.`,
    };
  }
  if (answer?.eligible !== false) return null;
  return {
    kind: answer.kind ?? null,
    label: LABEL_OF_KIND[answer.kind] ?? LABELS.unavailable,
    reason: answer.reason || (isAccountHolder ? NOT_OPEN_TO_YOU : NOT_OPEN_TO_THEM),
  };
}

/*
 * One participant's answer, for the list of who can take the class and the "for whom?" question:
 * {participant, label, canTake, canJoinWaitlist, known, reason, state, kind}. `state` is the
 * button's words for what stops them. Someone the answer does not name (added since it was
 * asked) may be chosen: the server still refuses a Select it would not allow.
 */
function participantChoice(classItem, participant, eligibility, waitlisted) {
  const answer = eligibility?.find((row) => row.participantId === participant._id);
  const joined = hasJoined(waitlisted, classItem, participant._id, answer);
  const stop = stopOf(answer, joined, participant);
  return {
    participant,
    label: participantLabel(participant),
    canTake: stop === null,
    canJoinWaitlist: !joined && answer?.waitlist === true,
    known: answer !== undefined || joined,
    reason: stop?.reason ?? null,
    state: stop?.label ?? null,
    kind: stop?.kind ?? null,
  };
}

// "Lily", "Lily and Max", "Lily, Max and Noa"; the account holder is "you".
function namesOf(participants) {
  const names = participants.map((participant) =>
    participant.isAccountHolder ? t`you` : participant.firstName,
  );
  if (names.length === 1) return names[0];
  const firstNames = names.slice(0, -1).join(", ");
  const lastName = names.at(-1);
  return t`${firstNames} and ${lastName}`;
}

/*
 * The words on a family's button when none of them can take the class: what some of them hold
 * comes first ("Selected for Lily"), else what stops them all alike, else "Not available" (each
 * one's reason is listed beside the button).
 */
function familyLabel(choices) {
  for (const kind of ["enrolled", "selected", WAITLISTED]) {
    const holding = choices.filter((choice) => choice.kind === kind);
    if (holding.length === choices.length) return holding[0].state;
    if (holding.length > 0) {
      const { state } = holding[0];
      const names = namesOf(holding.map((choice) => choice.participant));
      return t`${state} for ${names}`;
    }
  }
  const states = new Set(choices.map((choice) => choice.state));
  return states.size === 1 ? [...states][0] : LABELS.unavailable;
}

// The reason every one of them is given, when it is the same for all (registration closed).
function sharedReason(choices) {
  const reasons = new Set(choices.map((choice) => choice.reason));
  return reasons.size === 1 ? [...reasons][0] : null;
}

// A signed-in family of several, from each one's answer.
function forFamily(choices) {
  if (choices.some((choice) => choice.canTake)) return { label: LABELS.select };
  if (choices.some((choice) => choice.canJoinWaitlist)) {
    return { label: LABELS.waitlist, reason: LABELS.soldOut, waitlist: true };
  }
  return { label: familyLabel(choices), reason: sharedReason(choices), off: true };
}

// Someone selecting for themselves, from the account holder's answer.
function forThemselves(classItem, eligibility, waitlisted) {
  const answer = eligibility.find((row) => row.isAccountHolder) ?? eligibility[0];
  const stop = stopOf(answer, hasJoined(waitlisted, classItem, undefined, answer), null);
  if (stop === null) return { label: LABELS.select };
  if (stop.kind !== WAITLISTED && answer.waitlist === true) {
    return { label: LABELS.waitlist, reason: LABELS.soldOut, waitlist: true };
  }
  return { label: stop.label, reason: stop.reason, off: true };
}

/*
 * Where the class's season stands for this family at `now` (ms), from GET /seasons: "ahead"
 * while its opening for them is to come, "closed" once it has closed, else null (open, no
 * season, or its opening just passed and the seasons are being asked again).
 */
function seasonStanding(season, now) {
  if (!season || season.registrationOpen !== false) return null;
  if (Date.parse(season.closesAt) <= now) return "closed";
  if (Date.parse(season.opensForYouAt) > now) return "ahead";
  return null;
}

/*
 * Without the server's answer (a visitor, an admin or instructor, a student whose answer failed
 * or is on its way): only the class's public fields, which the server keeps for everyone, and
 * its season's opening.
 */
function withoutAnswer(classItem, role, visitor, standing) {
  if (classItem.registrationOpen === false || standing === "closed") {
    return { label: LABELS.closed, off: true };
  }
  if (standing === "ahead") return { label: LABELS.notOpen, off: true };
  if (isSoldOut(classItem)) {
    // Someone signed in could join its waitlist.
    return { label: LABELS.soldOut, reason: visitor ? SIGN_IN_TO_JOIN_WAITLIST : null, off: true };
  }
  if (CANNOT_SELECT[role]) return { label: LABELS.select, reason: CANNOT_SELECT[role], off: true };
  return { label: LABELS.select };
}

/*
 * What the class's button says (`label`), why when it is off (`reason`, for the words beside the
 * button that it points to), and whether it is off (`disabled`): off too while the session, the
 * family or the server's answer are on their way (`sessionLoading`, `waiting`), since nobody can
 * tell yet.
 *
 * `eligibility` is the class's rows of the server's answer (/eligibility), undefined when there
 * is none. For a family of several (`family`, their participants), `choices` has each one's
 * answer (participantChoice), Select is on while any of them can take the class, and
 * `listChoices` says whether the card lists them (not when one reason speaks for all). When only a
 * free seat is missing and the server says someone may wait for one, `waitlist` is true: the
 * button joins the waitlist instead of selecting. `waitlisted` are the {classId, participantId}
 * joined on this visit. A `visitor` (signed out) is told a full class's waitlist needs them
 * signed in.
 *
 * `season` is the class's season (GET /seasons), null for none or while unknown, and `now` the
 * page's clock (ms). While the season's opening for this family is ahead, the button is Opens
 * soon and `opens` says when ({at, left: ms until then, earlyAccess}) for its countdown. It is
 * null otherwise, and also when the server's answer lets someone take the class (the seasons were
 * read before they signed in) or the class itself has closed.
 */
export function selectAvailability(
  classItem,
  {
    sessionLoading = false,
    waiting = false,
    role = null,
    family = null,
    eligibility,
    waitlisted = [],
    visitor = false,
    season = null,
    now = Date.now(),
  },
) {
  const pending = sessionLoading || waiting;
  const standing = seasonStanding(season, now);
  const choices = family
    ? family.map((participant) =>
        participantChoice(classItem, participant, eligibility, waitlisted),
      )
    : null;
  let said;
  if (!CANNOT_SELECT[role] && eligibility?.length) {
    said = family ? forFamily(choices) : forThemselves(classItem, eligibility, waitlisted);
  } else {
    said = withoutAnswer(classItem, role, visitor, standing);
  }
  const { label, reason = null, waitlist = false, off = false } = said;
  const opensAhead = standing === "ahead" && off && label !== LABELS.closed;
  return {
    label,
    reason,
    disabled: pending || off,
    waitlist,
    choices,
    listChoices: hasKnownChoices(choices) && (waitlist || reason === null),
    opens: opensAhead
      ? {
          at: season.opensForYouAt,
          left: Date.parse(season.opensForYouAt) - now,
          earlyAccess: season.hasEarlyAccess,
        }
      : null,
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
