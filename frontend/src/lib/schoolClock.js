import { config } from "../config/config";
import { LOCALE } from "./language";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

// Formatters by time zone, each made on first use: making one loads the locale's data.
const timeFormats = new Map();

/*
 * A formatter on the school's clock. The school's time zone comes with the page's configuration;
 * a page without it (or with a zone the browser does not know) reads the device's own, which is
 * the school's for the admins who work there.
 */
function schoolFormat(locale, options, timeZone) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined });
  } catch {
    return new Intl.DateTimeFormat(locale, options);
  }
}

// The calendar date at the school at `now`, as "2027-06-14": a day's attendance is the school's.
export function todayAtSchool(now = new Date(), timeZone = config.schoolTimeZone) {
  const parts = Object.fromEntries(
    schoolFormat("en-US", {}, timeZone)
      .formatToParts(now)
      .filter((part) => ["year", "month", "day"].includes(part.type))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month.padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
}

// A day written in the address (?day=), if it is a real calendar date.
export function isSchoolDay(value) {
  if (typeof value !== "string" || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/*
 * "9:00 AM": a moment the server sends (ISO 8601, in UTC or with an offset) as the school's
 * clock read it, where the class meets, in the reader's own way of writing times.
 */
export function formatSchoolTime(iso, timeZone = config.schoolTimeZone) {
  return schoolFormatFor(timeFormats, { timeStyle: "short" }, timeZone).format(new Date(iso));
}

// The formatter of `formats` for `timeZone`, made on its first use.
function schoolFormatFor(formats, options, timeZone) {
  const zone = timeZone || "";
  if (!formats.has(zone)) formats.set(zone, schoolFormat(LOCALE, options, timeZone));
  return formats.get(zone);
}

// Made on first use, like the times': it loads the locale's date data.
const dayFormats = new Map();

/*
 * "December 1, 2026": the day a moment the server sends fell on at the school, so the server
 * that draws a page and every reader's browser write the same day.
 */
export function formatSchoolDay(iso, timeZone = config.schoolTimeZone) {
  const options = { year: "numeric", month: "long", day: "numeric" };
  return schoolFormatFor(dayFormats, options, timeZone).format(new Date(iso));
}
