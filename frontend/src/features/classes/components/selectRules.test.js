import { makeChance, makeClass, makeSeason } from "../../../testing/fixtures";
import { selectAvailability, waitlistChoices } from "./selectRules";

const watercolor = makeClass({ _id: 7, nameClass: "Watercolor Week", seats: 4 });
const full = makeClass({ _id: 7, seats: 2, seatsFree: 0 });
const myself = { _id: 1, firstName: "Ana", lastName: "Lopez", isAccountHolder: true };
const lily = { _id: 2, firstName: "Lily", lastName: "Lopez", isAccountHolder: false };
const max = { _id: 3, firstName: "Max", lastName: "Lopez", isAccountHolder: false };

const student = { sessionLoading: false, waiting: false, role: "student" };

const NOT_OPEN_YET =
  "Registration for Summer Session opens on Monday, November 1, 2027 at 9:00 AM.";

function answer(participant, fields = {}) {
  return { ...makeChance(participant), ...fields };
}

function refused(participant, kind, reason) {
  return makeChance(participant, { kind, reason });
}

// Only a free seat is missing: the server says they may wait for one.
function mayWait(participant) {
  return refused(participant, "full", "This class has no seats left.");
}

function said(classItem, context) {
  const { label, reason, disabled } = selectAvailability(classItem, { ...student, ...context });
  return { label, reason, disabled };
}

describe("what the button says for someone selecting for themselves, from the server's answer", () => {
  test.each([
    ["a class they may take", watercolor, [answer(myself)], "Select", null, false],
    [
      "a class they selected",
      watercolor,
      [refused(myself, "selected", "You have already selected this class.")],
      "Selected",
      "You have already selected this class.",
      true,
    ],
    [
      "a class they are enrolled in",
      watercolor,
      [refused(myself, "enrolled", "You are already enrolled in this class.")],
      "Enrolled",
      "You are already enrolled in this class.",
      true,
    ],
    [
      "a class whose registration has closed",
      makeClass({ _id: 7, registrationOpen: false }),
      [
        refused(
          myself,
          "registration-closed",
          "Registration for this class closed on Tuesday, June 1, 2027.",
        ),
      ],
      "Registration closed",
      "Registration for this class closed on Tuesday, June 1, 2027.",
      true,
    ],
    [
      "a class whose season has not opened for them",
      watercolor,
      [refused(myself, "registration-not-open", NOT_OPEN_YET)],
      "Opens soon",
      NOT_OPEN_YET,
      true,
    ],
    [
      "a class that has begun",
      makeClass({ _id: 7, registrationOpen: false }),
      [refused(myself, "started", "This class has already started.")],
      "Registration closed",
      "This class has already started.",
      true,
    ],
    [
      "a full class whose waitlist they may join",
      full,
      [mayWait(myself)],
      "Join the waitlist",
      "No seats left",
      false,
    ],
    [
      "a class meeting at the same time as one they hold",
      watercolor,
      [refused(myself, "schedule-conflict", "This class meets at the same time as Clay Night.")],
      "Time clash",
      "This class meets at the same time as Clay Night.",
      true,
    ],
    [
      "a class they are too old for",
      watercolor,
      [refused(myself, "age", "Ages 8–12: this class is for children.")],
      "Outside the age range",
      "Ages 8–12: this class is for children.",
      true,
    ],
    [
      "a full class they are too old for",
      full,
      [refused(myself, "age", "Ages 8–12: this class is for children.")],
      "Outside the age range",
      "Ages 8–12: this class is for children.",
      true,
    ],
    [
      "a refusal the button has no word for",
      watercolor,
      [refused(myself, "price", "The price of this class has changed. Please reload the page.")],
      "Not available",
      "The price of this class has changed. Please reload the page.",
      true,
    ],
    [
      "a refusal without a reason",
      watercolor,
      [answer(myself, { eligible: false })],
      "Not available",
      "This class is not open to you.",
      true,
    ],
  ])("%s", (_, classItem, eligibility, label, reason, disabled) => {
    expect(said(classItem, { eligibility })).toEqual({ label, reason, disabled });
  });

  test("the server's answer speaks over the class's public fields", () => {
    // A seat came free after the list was loaded.
    expect(said(full, { eligibility: [answer(myself)] })).toEqual({
      label: "Select",
      reason: null,
      disabled: false,
    });
  });

  test("a waitlist joined on this visit is not offered again", () => {
    expect(
      said(full, {
        eligibility: [mayWait(myself)],
        waitlisted: [{ classId: 7, participantId: 1 }],
      }),
    ).toEqual({ label: "On the waitlist", reason: "You are on the waitlist.", disabled: true });
  });

  test("a place on the waitlist the server knows of is said after a reload", () => {
    const waiting = refused(myself, "full", "This class has no seats left.");
    expect(
      said(full, { eligibility: [{ ...waiting, waitlist: false, onWaitlist: true }] }),
    ).toEqual({ label: "On the waitlist", reason: "You are on the waitlist.", disabled: true });
  });

  test("a child the server knows is waiting is not offered the waitlist again", () => {
    const waiting = { ...refused(lily, "full", "No seats."), waitlist: false, onWaitlist: true };
    const choices = selectAvailability(full, {
      ...student,
      family: [lily, max],
      eligibility: [waiting, mayWait(max)],
    }).choices;
    expect(choices.map((choice) => [choice.state, choice.canJoinWaitlist])).toEqual([
      ["On the waitlist", false],
      ["No seats left", true],
    ]);
  });

  test("the account holder's row is theirs, wherever it comes", () => {
    const eligibility = [answer(lily), refused(myself, "age", "Too old.")];
    expect(said(watercolor, { eligibility }).label).toBe("Outside the age range");
  });

  test("while something is on its way the button waits, still saying what the server said", () => {
    const eligibility = [refused(myself, "selected", "You have already selected this class.")];
    expect(said(watercolor, { eligibility, waiting: true })).toEqual({
      label: "Selected",
      reason: "You have already selected this class.",
      disabled: true,
    });
    expect(said(watercolor, { eligibility: [answer(myself)], waiting: true }).disabled).toBe(true);
  });
});

describe("what the button says without an answer from the server", () => {
  test.each([
    [
      "a visitor, an open class",
      watercolor,
      { role: null, visitor: true },
      { label: "Select", reason: null, disabled: false },
    ],
    [
      "a visitor, a class whose registration has closed",
      makeClass({ registrationOpen: false }),
      { role: null, visitor: true },
      { label: "Registration closed", reason: null, disabled: true },
    ],
    [
      "a visitor, a full class",
      full,
      { role: null, visitor: true },
      { label: "No seats left", reason: "Sign in to join the waitlist.", disabled: true },
    ],
    [
      "a student whose answer could not be had",
      watercolor,
      {},
      { label: "Select", reason: null, disabled: false },
    ],
    [
      "a student whose answer is on its way",
      watercolor,
      { waiting: true },
      { label: "Select", reason: null, disabled: true },
    ],
    [
      "an admin",
      watercolor,
      { role: "admin" },
      { label: "Select", reason: "Admins cannot select classes.", disabled: true },
    ],
    [
      "an instructor",
      watercolor,
      { role: "instructor" },
      { label: "Select", reason: "Instructors cannot select classes.", disabled: true },
    ],
    [
      "an admin, a full class",
      full,
      { role: "admin" },
      { label: "No seats left", reason: null, disabled: true },
    ],
    [
      "anyone while the session loads",
      watercolor,
      { role: null, sessionLoading: true },
      { label: "Select", reason: null, disabled: true },
    ],
  ])("%s", (_, classItem, context, expected) => {
    expect(said(classItem, context)).toEqual(expected);
  });
});

describe("what the button says for a family of several", () => {
  const family = [myself, lily, max];

  function forFamily(classItem, context) {
    return selectAvailability(classItem, { ...student, family, ...context });
  }

  function button(availability) {
    const { label, reason, disabled } = availability;
    return { label, reason, disabled };
  }

  test("someone who can take it makes it Select, whatever the others hold", () => {
    const eligibility = [
      answer(myself),
      refused(lily, "enrolled", "Lily is already enrolled in this class."),
      answer(max),
    ];
    const availability = forFamily(watercolor, { eligibility });
    expect(button(availability)).toEqual({ label: "Select", reason: null, disabled: false });
    expect(availability.listChoices).toBe(true);
  });

  test("when nobody can, what some of them hold comes first, naming them", () => {
    const tooOld = refused(myself, "age", "Ages 8–12: this class is for children.");
    const lilySelected = refused(lily, "selected", "Lily has already selected this class.");
    const maxSelected = refused(max, "selected", "Max has already selected this class.");
    const maxEnrolled = refused(max, "enrolled", "Max is already enrolled in this class.");
    expect(forFamily(watercolor, { eligibility: [tooOld, lilySelected, maxEnrolled] }).label).toBe(
      "Enrolled for Max",
    );
    expect(forFamily(watercolor, { eligibility: [tooOld, lilySelected, maxSelected] }).label).toBe(
      "Selected for Lily and Max",
    );
  });

  test("the same state for all of them is the button's; different ones are Not available", () => {
    const tooOld = (who) => refused(who, "age", `Too old: ${who.firstName}.`);
    const allTooOld = forFamily(watercolor, { eligibility: family.map(tooOld) });
    expect(button(allTooOld)).toEqual({
      label: "Outside the age range",
      reason: null,
      disabled: true,
    });
    // Each one's own reason is listed beside the button.
    expect(allTooOld.listChoices).toBe(true);
    const mixed = forFamily(watercolor, {
      eligibility: [tooOld(myself), tooOld(lily), refused(max, "not-open", "Not open.")],
    });
    expect(button(mixed)).toEqual({ label: "Not available", reason: null, disabled: true });
  });

  test("each participant's state and reason are the server's", () => {
    const { choices } = forFamily(watercolor, {
      eligibility: [
        refused(myself, "age", "Ages 8–12: this class is for children."),
        refused(lily, "selected", "Lily has already selected this class."),
        refused(max, "schedule-conflict", "This class meets at the same time as Clay Night."),
      ],
    });
    expect(choices.map(({ label, state, reason }) => [label, state, reason])).toEqual([
      ["Myself", "Outside the age range", "Ages 8–12: this class is for children."],
      ["Lily Lopez", "Selected", "Lily has already selected this class."],
      ["Max Lopez", "Time clash", "This class meets at the same time as Clay Night."],
    ]);
  });

  test("one reason for the whole family is the button's, and nobody is listed", () => {
    const closed = makeClass({ _id: 7, registrationOpen: false });
    const sentence = "Registration for this class closed on Tuesday, June 1, 2027.";
    const availability = forFamily(closed, {
      eligibility: family.map((who) => refused(who, "registration-closed", sentence)),
    });
    expect(button(availability)).toEqual({
      label: "Registration closed",
      reason: sentence,
      disabled: true,
    });
    expect(availability.listChoices).toBe(false);
  });

  test("a full class whose waitlist some may join offers it, to them only", () => {
    const availability = forFamily(full, {
      eligibility: [refused(myself, "age", "Too old."), mayWait(lily), mayWait(max)],
    });
    expect(button(availability)).toEqual({
      label: "Join the waitlist",
      reason: "No seats left",
      disabled: false,
    });
    expect(availability.waitlist).toBe(true);
    expect(availability.listChoices).toBe(true);
    expect(
      waitlistChoices(availability.choices).map(({ canTake, reason }) => [canTake, reason]),
    ).toEqual([
      [false, "Too old."],
      [true, null],
      [true, null],
    ]);
  });

  test("someone who joined on this visit is on the waitlist; the others may still join", () => {
    const { label, choices } = forFamily(full, {
      eligibility: [refused(myself, "age", "Too old."), mayWait(lily), mayWait(max)],
      waitlisted: [{ classId: 7, participantId: lily._id }],
    });
    expect(label).toBe("Join the waitlist");
    expect(choices[1]).toMatchObject({
      state: "On the waitlist",
      reason: "Lily is on the waitlist.",
      canJoinWaitlist: false,
    });
    const allJoined = forFamily(full, {
      eligibility: [refused(myself, "age", "Too old."), mayWait(lily), mayWait(max)],
      waitlisted: [
        { classId: 7, participantId: lily._id },
        { classId: 7, participantId: max._id },
      ],
    });
    expect(allJoined.label).toBe("On the waitlist for Lily and Max");
  });

  test("without an answer, nobody is listed and anyone may be chosen", () => {
    const availability = forFamily(watercolor, {});
    expect(button(availability)).toEqual({ label: "Select", reason: null, disabled: false });
    expect(availability.listChoices).toBe(false);
    expect(availability.choices.every((choice) => choice.canTake)).toBe(true);
  });
});

describe("before a class's season opens for the family", () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const inSeason = makeClass({ _id: 7, seasonId: 3 });
  const visitor = { role: null, visitor: true };

  beforeEach(() => jest.useFakeTimers({ now: Date.parse("2027-10-29T17:00:00Z") }));
  afterEach(() => jest.useRealTimers());

  function availability(context) {
    return selectAvailability(inSeason, { ...student, now: Date.now(), ...context });
  }

  test("a visitor reads Opens soon from the seasons, with when it opens for the countdown", () => {
    const season = makeSeason({ opensIn: 2 * DAY + 3 * HOUR });
    const { label, reason, disabled, opens } = availability({ ...visitor, season });
    expect({ label, reason, disabled }).toEqual({
      label: "Opens soon",
      reason: null,
      disabled: true,
    });
    expect(opens).toEqual({
      at: season.opensForYouAt,
      left: 2 * DAY + 3 * HOUR,
      earlyAccess: false,
    });
  });

  test("a family with early access counts down to its own opening, with the server's reason", () => {
    const season = makeSeason({ opensIn: 3 * DAY, earlyAccessIn: DAY, hasEarlyAccess: true });
    const { label, reason, disabled, opens } = availability({
      season,
      eligibility: [refused(myself, "registration-not-open", NOT_OPEN_YET)],
    });
    expect({ label, reason, disabled }).toEqual({
      label: "Opens soon",
      reason: NOT_OPEN_YET,
      disabled: true,
    });
    expect(opens).toEqual({ at: season.earlyAccessOpensAt, left: DAY, earlyAccess: true });
  });

  test("a family of several waiting alike shares one button and one reason", () => {
    const family = [myself, lily, max];
    const season = makeSeason({ opensIn: DAY });
    const waitingAlike = availability({
      season,
      family,
      eligibility: family.map((who) => refused(who, "registration-not-open", NOT_OPEN_YET)),
    });
    expect(waitingAlike.label).toBe("Opens soon");
    expect(waitingAlike.reason).toBe(NOT_OPEN_YET);
    expect(waitingAlike.listChoices).toBe(false);
    expect(waitingAlike.opens.left).toBe(DAY);
  });

  test.each([
    ["an open season", makeSeason, visitor, "Select", false],
    [
      "a closed season: the existing Registration closed",
      () => makeSeason({ opensIn: -90 * DAY, closesIn: -DAY }),
      visitor,
      "Registration closed",
      true,
    ],
    [
      "a season whose opening has just passed on this clock, while it is asked again",
      () => ({ ...makeSeason({ opensIn: -1000 }), registrationOpen: false }),
      visitor,
      "Select",
      false,
    ],
    [
      "seasons read before they signed in, when the server lets them take it",
      () => makeSeason({ opensIn: DAY }),
      { eligibility: [answer(myself)] },
      "Select",
      false,
    ],
    ["a class of no season", () => null, visitor, "Select", false],
  ])("no countdown for %s", (_, season, context, label, disabled) => {
    const said = availability({ ...context, season: season() });
    expect({ label: said.label, disabled: said.disabled, opens: said.opens }).toEqual({
      label,
      disabled,
      opens: null,
    });
  });
});
