import { t } from "ttag";
import * as yup from "yup";

import { isImageType, isSmallEnough } from "../../../components/forms/imageFiles";
import { WEEKDAYS } from "../../../components/ui/schedule";

// Spec section 9; the server's limits (seats an integer column, price 8 digits with 2 decimals,
// the catalog's lengths and ages).
export const CLASS_NAME_MAX_LENGTH = 40;
export const MAX_SEATS = 2147483647;
export const MAX_PRICE = 999999.99;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const LOCATION_MAX_LENGTH = 200;
export const WHAT_TO_BRING_MAX_LENGTH = 500;
export const MAX_AGE = 99;
// A longer range is a mistake in the dates, and would make hundreds of meetings.
export const MAX_SCHEDULE_DAYS = 366;

export const messages = {
  nameRequired: t`Class Name - is required`,
  nameTooLong: t`Class Name must be at most ${CLASS_NAME_MAX_LENGTH} characters`,
  seatsRequired: t`Available Seats - is required`,
  seatsNotNumber: t`Available Seats must be a number`,
  seatsNotWhole: t`Available Seats must be a whole number`,
  seatsNegative: t`Available Seats cannot be negative`,
  seatsTooMany: t`Available Seats must be at most ${MAX_SEATS}`,
  priceRequired: t`Price - is required`,
  priceNotNumber: t`Price must be a number`,
  priceNegative: t`Price cannot be negative`,
  priceTooPrecise: t`Price can have at most 2 decimal places`,
  priceTooHigh: t`Price must be at most $999,999.99`,
  imageRequired: t`Class Image - is required`,
  imageType: t`Choose a JPEG, PNG, WebP or GIF image`,
  imageTooLarge: t`The image is larger than 5 MB.`,
  descriptionTooLong: t`Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  locationTooLong: t`Location must be at most ${LOCATION_MAX_LENGTH} characters`,
  whatToBringTooLong: t`What to bring must be at most ${WHAT_TO_BRING_MAX_LENGTH} characters`,
  ageNotNumber: t`An age must be a number`,
  ageNotWhole: t`An age is a whole number of years`,
  ageOutOfRange: t`An age is from 0 to ${MAX_AGE}`,
  // The schedule's messages are the server's, so a refusal reads the same from either side.
  ageMaxBelowMin: t`The oldest age must not be below the youngest.`,
  startDateRequired: t`Give the date of the first meeting.`,
  startTimeRequired: t`Give the time each meeting starts.`,
  endTimeRequired: t`Give the time each meeting ends.`,
  endDateBeforeStart: t`The end date must be on or after the start date.`,
  rangeTooLong: t`A class runs for a year at most.`,
  endTimeNotAfterStart: t`Each meeting must end after it starts, on the same day.`,
  meetingDaysRequired: t`Choose the weekdays the class meets.`,
  noMeetingDateOutside: t`Each date with no meeting must fall between the start and end dates.`,
  noMeeting: t`No meeting falls on these dates and weekdays: check them.`,
  registrationAfterEnd: t`Registration must close before the class ends.`,
};

export const nameClassSchema = yup
  .string()
  .trim()
  .required(messages.nameRequired)
  .max(CLASS_NAME_MAX_LENGTH, messages.nameTooLong);

// Number inputs hand Formik a number, or "" when empty (which Formik validates as undefined).
export const seatsSchema = yup
  .number()
  .typeError(messages.seatsNotNumber)
  .required(messages.seatsRequired)
  .integer(messages.seatsNotWhole)
  .min(0, messages.seatsNegative)
  .max(MAX_SEATS, messages.seatsTooMany);

// Dollars and cents: 19.99 passes, 19.999 does not.
function hasAtMostTwoDecimals(value) {
  return value === undefined || /^\d+(\.\d{1,2})?$/.test(String(value));
}

export const priceSchema = yup
  .number()
  .typeError(messages.priceNotNumber)
  .required(messages.priceRequired)
  .min(0, messages.priceNegative)
  .max(MAX_PRICE, messages.priceTooHigh)
  .test("cents", messages.priceTooPrecise, hasAtMostTwoDecimals);

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_ORDER = WEEKDAYS.map((day) => day.value);

function dayNumber(isoDate) {
  return Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
}

function isoDateOf(number) {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

// "mon" for a Monday: day 0 of the epoch (1970-01-01) was a Thursday.
function weekdayOf(number) {
  return WEEK_ORDER[(number + 3) % 7];
}

/*
 * The days the schedule meets, in order ("YYYY-MM-DD"), as the server expands it: every day of
 * the range on a chosen weekday, less the dates with no meeting. A one-day workshop (no end
 * date, no weekdays) meets on its start date.
 */
export function meetingDates({ startDate, endDate, meetingDays, noMeetingDates }) {
  const first = dayNumber(startDate);
  const last = dayNumber(endDate || startDate);
  const days = meetingDays?.length ? meetingDays : first === last ? [weekdayOf(first)] : [];
  const skipped = new Set(noMeetingDates ?? []);
  const dates = [];
  for (let number = first; number <= last; number += 1) {
    const date = isoDateOf(number);
    if (days.includes(weekdayOf(number)) && !skipped.has(date)) dates.push(date);
  }
  return dates;
}

/*
 * What is wrong with a class's schedule, by field, checked as the server checks it: the schedule
 * is all or nothing (empty: to be announced); given, it needs a start date and both times, an
 * end date on or after the start, weekdays when it spans several days, holidays inside the
 * range, and at least one meeting; registration must close before the last meeting ends.
 */
export function scheduleProblems(values) {
  const startDate = values.startDate || "";
  const endDate = values.endDate || "";
  const startTime = values.startTime || "";
  const endTime = values.endTime || "";
  const meetingDays = values.meetingDays ?? [];
  const noMeetingDates = values.noMeetingDates ?? [];
  const given =
    [startDate, endDate, startTime, endTime].some(Boolean) ||
    meetingDays.length > 0 ||
    noMeetingDates.length > 0;
  if (!given) return {};

  const problems = {};
  if (!startDate) problems.startDate = messages.startDateRequired;
  if (!startTime) problems.startTime = messages.startTimeRequired;
  if (!endTime) problems.endTime = messages.endTimeRequired;
  if (Object.keys(problems).length > 0) return problems;

  const last = endDate || startDate;
  if (last < startDate) problems.endDate = messages.endDateBeforeStart;
  else if (dayNumber(last) - dayNumber(startDate) >= MAX_SCHEDULE_DAYS) {
    problems.endDate = messages.rangeTooLong;
  }
  if (endTime <= startTime) problems.endTime = messages.endTimeNotAfterStart;
  if (meetingDays.length === 0 && last > startDate) {
    problems.meetingDays = messages.meetingDaysRequired;
  }
  if (Object.keys(problems).length > 0) return problems;

  if (noMeetingDates.some((date) => date < startDate || date > last)) {
    return { noMeetingDates: messages.noMeetingDateOutside };
  }
  const dates = meetingDates({ startDate, endDate, meetingDays, noMeetingDates });
  if (dates.length === 0) return { meetingDays: messages.noMeeting };

  // datetime-local and the schedule both read in the school's time, so the text compares.
  const closes = (values.registrationClosesAt || "").slice(0, 16);
  if (closes && closes >= `${dates[dates.length - 1]}T${endTime}`) {
    return { registrationClosesAt: messages.registrationAfterEnd };
  }
  return {};
}

// A field whose message, if any, comes from checking the whole schedule.
function scheduleChecked(schema, field) {
  return schema.test("schedule", "", function check() {
    const problem = scheduleProblems(this.parent)[field];
    return problem ? this.createError({ message: problem }) : true;
  });
}

// An empty number input is no age at all, as the server's null.
const ageSchema = yup
  .number()
  .transform((value, original) => (original === "" || original === null ? undefined : value))
  .typeError(messages.ageNotNumber)
  .integer(messages.ageNotWhole)
  .min(0, messages.ageOutOfRange)
  .max(MAX_AGE, messages.ageOutOfRange);

const detailsSchema = {
  description: yup.string().max(DESCRIPTION_MAX_LENGTH, messages.descriptionTooLong),
  category: yup.string(),
  level: yup.string(),
  location: yup.string().trim().max(LOCATION_MAX_LENGTH, messages.locationTooLong),
  whatToBring: yup.string().trim().max(WHAT_TO_BRING_MAX_LENGTH, messages.whatToBringTooLong),
  ageMin: ageSchema,
  ageMax: ageSchema.test("not-below-min", messages.ageMaxBelowMin, function check(ageMax) {
    const { ageMin } = this.parent;
    return ageMax === undefined || typeof ageMin !== "number" || ageMax >= ageMin;
  }),
  startDate: scheduleChecked(yup.string(), "startDate"),
  endDate: scheduleChecked(yup.string(), "endDate"),
  meetingDays: scheduleChecked(yup.array().of(yup.string()), "meetingDays"),
  startTime: scheduleChecked(yup.string(), "startTime"),
  endTime: scheduleChecked(yup.string(), "endTime"),
  noMeetingDates: scheduleChecked(yup.array().of(yup.string()), "noMeetingDates"),
  registrationClosesAt: scheduleChecked(yup.string(), "registrationClosesAt"),
};

/*
 * A picture file chosen to upload; when updating, the class's saved image (its address, which
 * the instructor does not type) until another is chosen.
 */
const imageSchema = yup
  .mixed()
  .required(messages.imageRequired)
  // The server refuses other images and larger banners; saying so here saves the upload.
  .test("type", messages.imageType, isImageType)
  .test("size", messages.imageTooLarge, isSmallEnough);

export const addClassSchema = yup.object({
  nameClass: nameClassSchema,
  seats: seatsSchema,
  price: priceSchema,
  image: imageSchema,
  ...detailsSchema,
});

export const updateClassSchema = yup.object({
  nameClass: nameClassSchema,
  seats: seatsSchema,
  price: priceSchema,
  image: imageSchema,
  ...detailsSchema,
});
