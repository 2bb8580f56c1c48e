import { t } from "ttag";

import { LANGUAGE } from "../../lib/language";

// How a class's schedule, ages and level read on every page that shows them. The server sends
// meetings as ISO datetimes with the school's offset; they are shown in the school's own time,
// which is the offset they carry, not the visitor's zone.

export const WEEKDAYS = [
  { value: "mon", label: t`Monday`, short: t`Mon` },
  { value: "tue", label: t`Tuesday`, short: t`Tue` },
  { value: "wed", label: t`Wednesday`, short: t`Wed` },
  { value: "thu", label: t`Thursday`, short: t`Thu` },
  { value: "fri", label: t`Friday`, short: t`Fri` },
  { value: "sat", label: t`Saturday`, short: t`Sat` },
  { value: "sun", label: t`Sunday`, short: t`Sun` },
];

export const LEVELS = [
  { value: "beginner", label: t`Beginner` },
  { value: "intermediate", label: t`Intermediate` },
  { value: "advanced", label: t`Advanced` },
  { value: "all-levels", label: t`All levels` },
];

export const TO_BE_ANNOUNCED = t`Schedule to be announced`;

/*
 * Calendar dates in the reader's language, by hand rather than Intl.DateTimeFormat: every page
 * loads this module, and making a formatter loads the browser's locale data, which on a phone
 * was the largest single piece of script work before the first screen. The dates carry no zone.
 */
// Spanish writes the day before the month ("14 jun"), English after it ("Jun 14").
export const DAY_FIRST = LANGUAGE !== "en";

// Each month's name; its first three letters are its short name in English and Spanish alike.
export const MONTH_NAMES = [
  t`January`,
  t`February`,
  t`March`,
  t`April`,
  t`May`,
  t`June`,
  t`July`,
  t`August`,
  t`September`,
  t`October`,
  t`November`,
  t`December`,
];
const WEEKDAYS_FROM_SUNDAY = [t`Sun`, t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`];

// "2027-06-14" -> "Jun 14".
export function formatMonthDay(isoDate) {
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  const monthName = MONTH_NAMES[month - 1].slice(0, 3);
  return DAY_FIRST ? `${day} ${monthName}` : `${monthName} ${day}`;
}

// "09:00" -> "9:00 AM"; "13:30" -> "1:30 PM" ("9:00 a.m." in Spanish, as Intl writes it).
export function formatTime(hhmm) {
  const [hours, minutes] = hhmm.split(":").map(Number);
  const suffix = hours < 12 ? t`AM` : t`PM`;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

// "2027-06-14" -> "Mon, Jun 14, 2027".
export function formatDate(isoDate) {
  const weekday = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).getUTCDay();
  const weekdayName = WEEKDAYS_FROM_SUNDAY[weekday];
  const monthDay = formatMonthDay(isoDate);
  const year = isoDate.slice(0, 4);
  return DAY_FIRST ? `${weekdayName}, ${monthDay} ${year}` : `${weekdayName}, ${monthDay}, ${year}`;
}

// The school's local date and time of a meeting's ISO datetime ("2027-06-14T09:00:00-07:00").
export function localParts(isoDateTime) {
  return { date: isoDateTime.slice(0, 10), time: isoDateTime.slice(11, 16) };
}

export function formatMeeting({ start, end }) {
  const from = localParts(start);
  const to = localParts(end);
  return `${formatDate(from.date)}, ${formatTime(from.time)}–${formatTime(to.time)}`;
}

function formatDays(days) {
  const labels = WEEKDAYS.filter((day) => days.includes(day.value)).map((day) => day.short);
  return labels.join(", ");
}

// One line for a card: "Jun 14 – Jun 25 · Mon, Wed, Fri · 9:00 AM–12:00 PM".
export function formatScheduleSummary(classItem) {
  if (!classItem.meetings || classItem.meetings.length === 0) return TO_BE_ANNOUNCED;
  const first = localParts(classItem.meetings[0].start);
  const last = localParts(classItem.meetings[classItem.meetings.length - 1].start);
  const dates =
    first.date === last.date
      ? formatMonthDay(first.date)
      : `${formatMonthDay(first.date)} – ${formatMonthDay(last.date)}`;
  const parts = [dates];
  if (first.date !== last.date && classItem.meetingDays?.length) {
    parts.push(formatDays(classItem.meetingDays));
  }
  if (classItem.startTime && classItem.endTime) {
    parts.push(`${formatTime(classItem.startTime)}–${formatTime(classItem.endTime)}`);
  }
  return parts.join(" · ");
}

export function formatAges({ ageMin, ageMax }) {
  if (ageMin == null && ageMax == null) return t`All ages`;
  if (ageMin != null && ageMin >= 18 && ageMax == null) return t`Adults`;
  if (ageMin != null && ageMax == null) return t`Ages ${ageMin} and up`;
  if (ageMin == null) return t`Ages up to ${ageMax}`;
  return t`Ages ${ageMin}–${ageMax}`;
}

export function formatLevel(level) {
  return LEVELS.find((option) => option.value === level)?.label ?? "";
}

export function formatHours(totalHours) {
  const hours = Number(totalHours);
  const shown = Number.isInteger(hours) ? hours : hours.toFixed(1);
  return t`${shown} hours`;
}

// "2027-06-14T09:00:00-07:00" -> "Mon, Jun 14, 2027, 9:00 AM", in the school's time.
export function formatDateTime(isoDateTime) {
  const { date, time } = localParts(isoDateTime);
  return `${formatDate(date)}, ${formatTime(time)}`;
}
