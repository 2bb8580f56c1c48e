import { EMPTY_DETAILS } from "./classFormValues";
import { meetingDates, messages, scheduleProblems, updateClassSchema } from "./classSchema";

const spec = {
  nameClass: "Clay Creatures",
  seats: 12,
  price: 45.5,
  image: "https://cdn.camp.test/classes/clay.png",
};

// Two weeks, Monday to Friday in the summer of 2027 (June 14 is a Monday), mornings.
const weekdays = {
  startDate: "2027-06-14",
  endDate: "2027-06-25",
  meetingDays: ["mon", "wed", "fri"],
  startTime: "09:00",
  endTime: "12:00",
};

// The messages by field, as Formik would show them.
async function problemsOf(details) {
  try {
    await updateClassSchema.validate(
      { ...spec, ...EMPTY_DETAILS, ...details },
      { abortEarly: false },
    );
    return {};
  } catch (invalid) {
    return Object.fromEntries(invalid.inner.map((error) => [error.path, error.message]));
  }
}

describe("meetingDates", () => {
  test("every chosen weekday of the range, less the dates with no meeting", () => {
    expect(meetingDates({ ...weekdays, noMeetingDates: ["2027-06-18"] })).toEqual([
      "2027-06-14",
      "2027-06-16",
      "2027-06-21",
      "2027-06-23",
      "2027-06-25",
    ]);
  });

  test("a one-day workshop meets on its start date", () => {
    expect(meetingDates({ startDate: "2027-07-03", endDate: "", meetingDays: [] })).toEqual([
      "2027-07-03",
    ]);
  });
});

describe("the class schema", () => {
  test("a class with none of the catalog's fields is valid: its schedule is to be announced", async () => {
    expect(await problemsOf({})).toEqual({});
  });

  test("a whole schedule with ages, description and a closing time is valid", async () => {
    expect(
      await problemsOf({
        ...weekdays,
        description: "Pinch pots.\n\nCoil bowls.",
        ageMin: 8,
        ageMax: 12,
        noMeetingDates: ["2027-06-18"],
        registrationClosesAt: "2027-06-10T17:00",
      }),
    ).toEqual({});
  });

  test.each([
    ["one age, the other empty", { ageMin: 18, ageMax: "" }, {}],
    [
      "the oldest age below the youngest",
      { ageMin: 12, ageMax: 8 },
      { ageMax: messages.ageMaxBelowMin },
    ],
    ["an age that is not whole", { ageMin: 7.5 }, { ageMin: messages.ageNotWhole }],
    ["an age over 99", { ageMax: 100 }, { ageMax: messages.ageOutOfRange }],
    ["a negative age", { ageMin: -1 }, { ageMin: messages.ageOutOfRange }],
    [
      "a description over 2000 characters",
      { description: "a".repeat(2001) },
      { description: messages.descriptionTooLong },
    ],
    ["a description of 2000 characters", { description: "a".repeat(2000) }, {}],
    [
      "a location over 200 characters",
      { location: "b".repeat(201) },
      { location: messages.locationTooLong },
    ],
  ])("%s", async (_, details, expected) => {
    expect(await problemsOf(details)).toEqual(expected);
  });

  test.each([
    [
      "a start date alone asks for the times",
      { startDate: "2027-06-14" },
      { startTime: messages.startTimeRequired, endTime: messages.endTimeRequired },
    ],
    [
      "weekdays alone ask for the date and times",
      { meetingDays: ["mon"] },
      {
        startDate: messages.startDateRequired,
        startTime: messages.startTimeRequired,
        endTime: messages.endTimeRequired,
      },
    ],
    [
      "an end date before the start",
      { ...weekdays, endDate: "2027-06-01" },
      { endDate: messages.endDateBeforeStart },
    ],
    [
      "a range of more than a year",
      { ...weekdays, endDate: "2028-06-14" },
      { endDate: messages.rangeTooLong },
    ],
    [
      "an end time before the start time",
      { ...weekdays, endTime: "08:00" },
      { endTime: messages.endTimeNotAfterStart },
    ],
    [
      "an end time equal to the start time",
      { ...weekdays, endTime: "09:00" },
      { endTime: messages.endTimeNotAfterStart },
    ],
    [
      "several days and no weekday",
      { ...weekdays, meetingDays: [] },
      { meetingDays: messages.meetingDaysRequired },
    ],
    [
      "a one-day workshop needs no end date and no weekday",
      { ...weekdays, endDate: "", meetingDays: [] },
      {},
    ],
    [
      "a one-day workshop on a weekday that is not its date's",
      { ...weekdays, endDate: "", meetingDays: ["tue"] },
      { meetingDays: messages.noMeeting },
    ],
    [
      "a date with no meeting outside the range",
      { ...weekdays, noMeetingDates: ["2027-07-04"] },
      { noMeetingDates: messages.noMeetingDateOutside },
    ],
    [
      "every meeting a holiday",
      { ...weekdays, endDate: "2027-06-14", noMeetingDates: ["2027-06-14"] },
      { meetingDays: messages.noMeeting },
    ],
    [
      "registration closing after the last meeting ends",
      { ...weekdays, registrationClosesAt: "2027-06-25T12:00" },
      { registrationClosesAt: messages.registrationAfterEnd },
    ],
    [
      "registration closing while the class runs",
      { ...weekdays, registrationClosesAt: "2027-06-21T08:00" },
      {},
    ],
  ])("%s", async (_, details, expected) => {
    expect(await problemsOf(details)).toEqual(expected);
    expect(scheduleProblems({ ...EMPTY_DETAILS, ...details })).toEqual(expected);
  });
});
