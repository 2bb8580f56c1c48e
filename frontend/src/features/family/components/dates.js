import { msgid, ngettext, t } from "ttag";

import { LOCALE } from "../../../lib/language";

// The visitor's own calendar date, "YYYY-MM-DD", as a date input gives and takes it.
export function todayIso(now = new Date()) {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

// The same day `years` earlier ("YYYY-MM-DD"); February 29 falls back to the 28th.
export function yearsBefore(isoDate, years) {
  const [year, month, day] = isoDate.split("-");
  const earlier = `${String(Number(year) - years).padStart(4, "0")}-${month}-${day}`;
  return earlier.endsWith("-02-29") ? `${earlier.slice(0, -2)}28` : earlier;
}

/*
 * Whole years on `today` of someone born on `dateOfBirth` (both "YYYY-MM-DD"), or null without
 * a date of birth. Compared as calendar dates, so no time zone moves a birthday.
 */
export function ageOn(dateOfBirth, today) {
  if (!dateOfBirth) return null;
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number);
  const [year, month, day] = today.split("-").map(Number);
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

export function formatAge(age) {
  if (age === null) return t`Not given`;
  if (age < 1) return t`Under 1 year`;
  return ngettext(msgid`${age} year`, `${age} years`, age);
}

// "June 14, 2019": a birthday is a calendar date, read in UTC so no offset moves it a day.
const longDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long", timeZone: "UTC" });

export function formatBirthDate(isoDate) {
  if (!isoDate) return t`Not given`;
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
