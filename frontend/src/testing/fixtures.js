// Data shaped like the server's JSON (spec section 3), for stubbed API answers.
let nextId = 1;

export function makeClass(overrides = {}) {
  const id = nextId++;
  const made = {
    _id: id,
    nameClass: `Class ${id}`,
    image: `https://images.camp.test/classes/${id}.jpg`,
    price: 45.5,
    seats: 10,
    instructorName: "Ada Brush",
    instructorEmail: "ada@camp.test",
    status: "Approved",
    enroll: 3,
    // The catalog's fields, as the server sends a class that has none of them set.
    instructorId: 1,
    description: "",
    category: null,
    categoryName: null,
    level: null,
    location: "",
    whatToBring: "",
    ageMin: null,
    ageMax: null,
    startDate: null,
    endDate: null,
    meetingDays: [],
    startTime: null,
    endTime: null,
    noMeetingDates: [],
    meetings: [],
    totalHours: 0,
    startsAt: null,
    registrationClosesAt: null,
    registrationOpen: true,
    // A class of no season registers as its own dates allow.
    seasonId: null,
    // No payment plan: a family pays it in full.
    plans: [],
    ...overrides,
  };
  // Seats nobody holds now: all of them, unless a test says some are held.
  return { seatsFree: made.seats, ...made };
}

// One seat in a class, as GET /enrolledStudent/{email} answers it: the class, and whose seat
// it is (the account holder of the signedIn("student") session's family unless a test says).
export function makeEnrolledClass(overrides = {}) {
  return asEnrolment(makeClass(overrides));
}

// A class made by makeClass or makeScheduledClass, as one seat in it is listed.
export function asEnrolment(classItem) {
  return {
    enrolmentId: classItem._id + 100,
    participantId: 1,
    participantName: "Ana Lopez",
    // No meeting of the class has had its attendance taken yet.
    attendance: [],
    ...classItem,
  };
}

export function makeInstructor(overrides = {}) {
  const id = nextId++;
  return {
    _id: id,
    name: `Instructor ${id}`,
    photo: `https://images.camp.test/people/${id}.jpg`,
    email: `instructor${id}@camp.test`,
    ...overrides,
  };
}

// One selected class of student@camp.test (the signedIn("student") session's e-mail).
export function makeSelection(overrides = {}) {
  return {
    _id: 11,
    classId: 3,
    nameClass: "Watercolor Basics",
    image: "https://images.camp.test/classes/3.jpg",
    instructorEmail: "ada@camp.test",
    instructorName: "Ada Brush",
    email: "student@camp.test",
    price: 45.5,
    seats: 4,
    enroll: 2,
    status: "Selected",
    // For the account holder of the family, with the class's meetings (none set here).
    participantId: 1,
    participantName: "Ana Lopez",
    meetings: [],
    ...overrides,
  };
}

// The account holder of the signedIn("student") session's family, as GET /participants answers.
export const myself = {
  _id: 1,
  firstName: "Ana",
  lastName: "Lopez",
  dateOfBirth: null,
  notes: "",
  emergencyContactName: "",
  emergencyContactPhone: "",
  isAccountHolder: true,
};

// A child of that family; `overrides` names them, dates their birth, gives their notes.
export function makeChild(overrides = {}) {
  return { ...myself, _id: 2, firstName: "Mia", isAccountHolder: false, ...overrides };
}

/*
 * One participant's row of GET /eligibility (the server's ParticipantChance): they may take the
 * class, or, given `refusal` ({kind, reason}: enrolments.rules.RefusalKind and the server's
 * sentence), why not. As the server says, only a refusal for want of a seat ("full") lets them
 * join the waitlist.
 */
export function makeChance(participant, refusal = null) {
  return {
    participantId: participant._id,
    participantName: `${participant.firstName} ${participant.lastName}`,
    isAccountHolder: participant.isAccountHolder,
    eligible: refusal === null,
    kind: refusal?.kind ?? null,
    reason: refusal?.reason ?? null,
    waitlist: refusal?.kind === "full",
    onWaitlist: false,
  };
}

// GET /categories: the school's list, in its order.
export const categories = [
  { slug: "painting", name: "Painting" },
  { slug: "pottery-ceramics", name: "Pottery & ceramics" },
  { slug: "paper-origami", name: "Paper & origami" },
];

// The school's offset in summer (America/Los_Angeles), as the server writes meeting times.
const SCHOOL_OFFSET = "-07:00";

// Meetings on each of `dates` ("YYYY-MM-DD") from `startTime` to `endTime` ("HH:MM").
export function makeMeetings(dates, startTime = "09:00", endTime = "12:00") {
  return dates.map((date) => ({
    start: `${date}T${startTime}:00${SCHOOL_OFFSET}`,
    end: `${date}T${endTime}:00${SCHOOL_OFFSET}`,
  }));
}

// A moment (ms since the epoch) as the server writes a time of the school's: with its offset.
export function atSchool(time) {
  const local = new Date(time + Number.parseInt(SCHOOL_OFFSET, 10) * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}${SCHOOL_OFFSET}`;
}

const DAY = 24 * 60 * 60 * 1000;

/*
 * One season as GET /seasons answers it, from the test's clock: registration opens for everyone
 * `opensIn` ms from now (past when negative), for families with early access `earlyAccessIn` ms
 * from now (none when null), and closes `closesIn` ms from now. `hasEarlyAccess` says whether the
 * caller is such a family; when and whether they may register follow from it.
 */
export function makeSeason({
  opensIn = -DAY,
  earlyAccessIn = null,
  closesIn = opensIn + 60 * DAY,
  hasEarlyAccess = false,
  ...overrides
} = {}) {
  const now = Date.now();
  const opensForYouIn = hasEarlyAccess && earlyAccessIn !== null ? earlyAccessIn : opensIn;
  return {
    id: 3,
    name: "Summer Session",
    startsOn: atSchool(now + opensIn + 90 * DAY).slice(0, 10),
    endsOn: atSchool(now + opensIn + 150 * DAY).slice(0, 10),
    opensAt: atSchool(now + opensIn),
    closesAt: atSchool(now + closesIn),
    earlyAccessOpensAt: earlyAccessIn === null ? null : atSchool(now + earlyAccessIn),
    hasEarlyAccess,
    opensForYouAt: atSchool(now + opensForYouIn),
    registrationOpen: opensForYouIn <= 0 && closesIn > 0,
    ...overrides,
  };
}

/*
 * A season whose places go by a draw, as GET /seasons answers it: its wishes opened
 * `wishesOpenedAgo` ms ago (ahead when negative) and close `wishesCloseIn` ms from now, the draw
 * a day after they close, registration for what it leaves two days after.
 */
export function makeLotterySeason({
  wishesOpenedAgo = DAY,
  wishesCloseIn = 7 * DAY,
  ...overrides
} = {}) {
  const now = Date.now();
  return makeSeason({
    name: "Lottery Summer",
    opensIn: wishesCloseIn + 2 * DAY,
    allocation: "lottery",
    wishesOpenAt: atSchool(now - wishesOpenedAgo),
    wishesCloseAt: atSchool(now + wishesCloseIn),
    drawAt: atSchool(now + wishesCloseIn + DAY),
    ...overrides,
  });
}

// A family's wishes for makeLotterySeason's season, as GET /seasons/3/wishes answers them.
export function makeWishes(overrides = {}) {
  return {
    seasonId: 3,
    code: "7F3A9C21",
    maxChoices: 5,
    children: [],
    together: [],
    result: null,
    ...overrides,
  };
}

/*
 * A class with the catalog's fields filled in as an instructor would: a morning class on
 * Monday, Wednesday and Friday for the week of June 14, 2027, for ages 8 to 12. Give other
 * `meetings` (makeMeetings) with their matching schedule fields to move it.
 */
export function makeScheduledClass(overrides = {}) {
  const meetings = makeMeetings(["2027-06-14", "2027-06-16", "2027-06-18"]);
  return makeClass({
    instructorId: 4,
    description:
      "Loose, bright washes and the patience to let them dry.\n\nEach camper leaves with three finished postcards.",
    category: "painting",
    categoryName: "Painting",
    level: "beginner",
    location: "Studio B",
    ageMin: 8,
    ageMax: 12,
    startDate: "2027-06-14",
    endDate: "2027-06-18",
    meetingDays: ["mon", "wed", "fri"],
    startTime: "09:00",
    endTime: "12:00",
    noMeetingDates: [],
    meetings,
    totalHours: 9,
    startsAt: meetings[0].start,
    registrationClosesAt: meetings[0].start,
    registrationOpen: true,
    ...overrides,
  });
}

// One waitlist entry, as GET and POST /waitlist answer it: the account holder waiting for class 3.
export function makeWaitlistEntry(overrides = {}) {
  return {
    _id: 30,
    classId: 3,
    className: "Watercolor Basics",
    image: "https://images.camp.test/classes/3.jpg",
    participantId: 1,
    participantName: "Ana Lopez",
    status: "waiting",
    position: 1,
    offerExpiresAt: null,
    selectionId: null,
    closedReason: "",
    createdAt: hoursAgo(2),
    ...overrides,
  };
}

// A moment before this run, as the server writes one: a record made then never lies ahead.
export function hoursAgo(hours) {
  return new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
}

// A school day this many days after today, as "YYYY-MM-DD": a meeting that stays ahead of the run.
export function daysAhead(days) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// When makePayment's payment was made: yesterday, the same instant for the whole test file.
export const PAID_AT = hoursAgo(24);

// One payment of student@camp.test (the signedIn("student") session), as GET /payments lists it.
export function makePayment(overrides = {}) {
  return {
    _id: 7,
    email: "student@camp.test",
    studentName: "Sam Student",
    transactionId: "pi_3Pay",
    price: 45.5,
    date: PAID_AT,
    nameClass: "Watercolor Basics",
    image: "https://images.camp.test/classes/3.jpg",
    instructorEmail: "ada@camp.test",
    instructorName: "Ada Brush",
    payId: 11,
    classId: 3,
    seats: 3,
    enroll: 3,
    status: "enrolled",
    refundReason: "",
    participantId: 1,
    participantName: "Sam Student",
    refundedAt: null,
    refundAmount: null,
    refundPending: false,
    // Paid in full, not by a plan.
    planLabel: "",
    instalments: [],
    // Not refunded whole by the school.
    refundParts: [],
    // A payment of its own, not a line of a family's checkout.
    checkoutId: null,
    checkoutReference: "",
    ...overrides,
  };
}

/*
 * The waiting room's answer to a family (GET or POST /waitingRoom): in the line of the Summer
 * season that opened five minutes ago, third, its turn in about four minutes, asking again in 4
 * seconds.
 */
export function makeLineStanding(overrides = {}) {
  return {
    active: true,
    season: { id: 3, name: "Summer" },
    opensAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    paused: false,
    line: "token-1",
    position: 3,
    admitted: false,
    admission: null,
    admissionExpiresAt: null,
    estimatedWaitSeconds: 240,
    pollSeconds: 4,
    ...overrides,
  };
}

/*
 * One line of a family checkout, as GET /checkouts/{id} answers it: Ana's Watercolor Basics at
 * its list price, nothing off, paid in full and not yet paid. `price` sets the list price, the
 * price and what is due now together; pass `adjustments` with their own `price` and `dueNow`.
 */
export function makeCheckoutLine({ price = 45.5, ...overrides } = {}) {
  return {
    id: 21,
    classId: 3,
    className: "Watercolor Basics",
    participantId: 1,
    participantName: "Ana Lopez",
    listPrice: price,
    adjustments: [],
    price,
    paymentId: null,
    planId: null,
    plans: [],
    dueNow: price,
    schedule: [],
    ...overrides,
  };
}

/*
 * One message to a class's families, as GET /classes/{id}/messages lists it to the class's
 * instructor and admins (with `recipients`); a family's answer has no recipients, so pass
 * `recipients: undefined` and it is left out.
 */
export function makeClassMessage(overrides = {}) {
  const made = {
    id: 40,
    subject: "Aprons on Monday",
    body: "Please bring an apron: we start with clay.",
    audience: "enrolled",
    announcement: false,
    sentAt: hoursAgo(3),
    senderName: "Ada Brush",
    recipients: 4,
    ...overrides,
  };
  if (made.recipients === undefined) delete made.recipients;
  return made;
}

// The clock's APIs left real: only `Date` is frozen, so waits and retries run as always.
const REAL_TIMERS = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
];

// A spring day before the stubbed plans' instalments fall due (May and June 2027).
export const BEFORE_THE_INSTALMENTS = new Date("2027-04-01T19:00:00Z");

/*
 * Today frozen at `now` for each test of the file (the stubbed answers' dates stand where they
 * stand against it, whatever day the suite runs on), and real again after.
 */
export function todayFrozenAt(now) {
  beforeEach(() => jest.useFakeTimers({ now, doNotFake: REAL_TIMERS }));
  afterEach(() => jest.useRealTimers());
}
