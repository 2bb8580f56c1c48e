import { makeClass, makeMeetings } from "../../../testing/fixtures";
import { heldClasses, selectAvailability } from "./selectRules";

const meetings = makeMeetings(["2027-06-16"], "10:00", "12:00");
const watercolor = makeClass({ _id: 7, nameClass: "Watercolor Week", seats: 4, meetings });
const clay = { id: 9, name: "Clay Night", meetings, participantId: 1, enrolled: false };
const myself = { _id: 1, firstName: "Ana", lastName: "Lopez", isAccountHolder: true };
const lily = { _id: 2, firstName: "Lily", lastName: "Lopez", isAccountHolder: false };
const max = { _id: 3, firstName: "Max", lastName: "Lopez", isAccountHolder: false };

const student = { sessionLoading: false, waiting: false, role: "student", held: [] };

function answer(participant, fields = {}) {
  return {
    participantId: participant._id,
    isAccountHolder: participant.isAccountHolder,
    eligible: true,
    reason: null,
    kind: null,
    ...fields,
  };
}

function refused(participant, kind, reason) {
  return answer(participant, { eligible: false, kind, reason });
}

function said(classItem, context) {
  const { label, reason, disabled } = selectAvailability(classItem, { ...student, ...context });
  return { label, reason, disabled };
}

describe("what the button says for someone selecting for themselves", () => {
  test.each([
    ["an open class", watercolor, {}, { label: "Select", reason: null, disabled: false }],
    [
      "a class they selected",
      watercolor,
      { held: heldClasses({ selections: [{ classId: 7, nameClass: "Watercolor Week" }] }) },
      { label: "Selected", reason: "You have already selected this class.", disabled: true },
    ],
    [
      "a class they are enrolled in",
      watercolor,
      { held: heldClasses({ enrolled: [watercolor] }) },
      { label: "Enrolled", reason: "You are already enrolled in this class.", disabled: true },
    ],
    [
      "a class they joined the waitlist of on this visit",
      makeClass({ _id: 7, seats: 0 }),
      { waitlisted: [{ classId: 7, participantId: 1 }] },
      { label: "On the waitlist", reason: "You are on the waitlist.", disabled: true },
    ],
    [
      "a class whose registration has closed",
      makeClass({ registrationOpen: false, registrationClosesAt: "2027-06-01T17:00:00-07:00" }),
      {},
      {
        label: "Registration closed",
        reason: "Registration for this class closed on Tue, Jun 1, 2027.",
        disabled: true,
      },
    ],
    [
      "a class that has begun",
      makeClass({ registrationOpen: false, startsAt: "2020-04-06T09:00:00-07:00" }),
      {},
      { label: "Registration closed", reason: "This class has already started.", disabled: true },
    ],
    [
      "a full class whose waitlist they may join",
      makeClass({ _id: 7, seats: 0 }),
      {
        eligibility: [
          { ...refused(myself, "full", "This class has no seats left."), waitlist: true },
        ],
      },
      { label: "Join the waitlist", reason: "No seats left", disabled: false },
    ],
    [
      "a full class they are too young for",
      makeClass({ _id: 7, seats: 0 }),
      { eligibility: [refused(myself, "age", "Ages 8–12: this class is for children.")] },
      {
        label: "No seats left",
        reason: "Ages 8–12: this class is for children.",
        disabled: true,
      },
    ],
    [
      "a full class, for a visitor",
      makeClass({ seats: 0 }),
      { role: null, visitor: true },
      { label: "No seats left", reason: "Sign in to join the waitlist.", disabled: true },
    ],
    [
      "a class meeting at the same time as one they hold",
      watercolor,
      { held: [clay] },
      { label: "Time clash", reason: "Meets at the same time as Clay Night", disabled: true },
    ],
    [
      "a class they are too old for",
      watercolor,
      { eligibility: [refused(myself, "age", "Ages 8–12: this class is for children.")] },
      {
        label: "Outside the age range",
        reason: "Ages 8–12: this class is for children.",
        disabled: true,
      },
    ],
    [
      "a class the server refuses without naming why",
      watercolor,
      { eligibility: [answer(myself, { eligible: false })] },
      { label: "Not available", reason: "This class is not open to you.", disabled: true },
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
      "anyone while the session loads",
      watercolor,
      { role: null, sessionLoading: true },
      { label: "Select", reason: null, disabled: true },
    ],
  ])("%s", (_, classItem, context, expected) => {
    expect(said(classItem, context)).toEqual(expected);
  });

  test("an enrolled class says Enrolled even after registration closed", () => {
    const closed = makeClass({ _id: 7, registrationOpen: false });
    expect(said(closed, { held: heldClasses({ enrolled: [closed] }) }).label).toBe("Enrolled");
  });

  test("a class selected and then paid for is Enrolled, not Selected", () => {
    const held = heldClasses({
      selections: [{ classId: 7, nameClass: "Watercolor Week" }],
      enrolled: [watercolor],
    });
    expect(said(watercolor, { held }).label).toBe("Enrolled");
  });
});

describe("what the button says for a family of several", () => {
  const family = [myself, lily, max];

  function forFamily(classItem, context) {
    return said(classItem, { family, ...context });
  }

  test("someone who can take it makes it Select, whatever the others hold", () => {
    const held = heldClasses({ enrolled: [{ ...watercolor, participantId: 2 }] });
    expect(
      forFamily(watercolor, {
        held,
        eligibility: [answer(myself), refused(lily, "enrolled", "x"), answer(max)],
      }),
    ).toEqual({ label: "Select", reason: null, disabled: false });
  });

  test("when nobody can, what some of them hold comes first, naming them", () => {
    const held = heldClasses({
      selections: [{ classId: 7, nameClass: "Watercolor Week", participantId: 2 }],
      enrolled: [{ ...watercolor, participantId: 3 }],
    });
    const eligibility = [refused(myself, "age", "Ages 8–12: this class is for children.")];
    expect(forFamily(watercolor, { held, eligibility }).label).toBe("Enrolled for Max");
    const bothSelected = heldClasses({
      selections: [
        { classId: 7, nameClass: "Watercolor Week", participantId: 2 },
        { classId: 7, nameClass: "Watercolor Week", participantId: 3 },
      ],
    });
    expect(forFamily(watercolor, { held: bothSelected, eligibility }).label).toBe(
      "Selected for Lily and Max",
    );
  });

  test("the same reason for all of them is the button's; different ones are Not available", () => {
    const tooOld = (who) => refused(who, "age", "Too old.");
    expect(forFamily(watercolor, { eligibility: family.map(tooOld) }).label).toBe(
      "Outside the age range",
    );
    const { label, disabled } = forFamily(watercolor, {
      eligibility: [tooOld(myself), tooOld(lily), refused(max, "not-open", "Not open.")],
    });
    expect({ label, disabled }).toEqual({ label: "Not available", disabled: true });
  });

  test("each participant's state and reason is in the choices", () => {
    const held = heldClasses({
      selections: [{ classId: 7, nameClass: "Watercolor Week", participantId: 2 }],
      enrolled: [{ ...watercolor, participantId: 3 }],
    });
    const { choices } = selectAvailability(watercolor, {
      ...student,
      family,
      held,
      eligibility: [refused(myself, "age", "Ages 8–12: this class is for children.")],
    });
    expect(choices.map(({ label, state, reason }) => [label, state, reason])).toEqual([
      ["Myself", "Outside the age range", "Ages 8–12: this class is for children."],
      ["Lily Lopez", "Selected", "Lily has already selected this class."],
      ["Max Lopez", "Enrolled", "Max is already enrolled in this class."],
    ]);
  });

  test("closed registration and a full class speak for the whole family", () => {
    const closed = makeClass({ _id: 7, registrationOpen: false });
    expect(forFamily(closed, {})).toEqual({
      label: "Registration closed",
      reason: "Registration for this class is closed.",
      disabled: true,
    });
    expect(forFamily(makeClass({ _id: 7, seats: 0 }), {}).label).toBe("No seats left");
    const mayWait = (who) => ({ ...refused(who, "full", "No seats."), waitlist: true });
    expect(
      forFamily(makeClass({ _id: 7, seats: 0 }), { eligibility: family.map(mayWait) }),
    ).toEqual({ label: "Join the waitlist", reason: "No seats left", disabled: false });
  });
});
