/*
 * Times typed on Today: a datetime-local field holds the device's local time ("2027-06-14T10:05"),
 * the server takes an ISO 8601 moment. The device is at the school, so its clock's zone is the
 * school's.
 */

// The server allows a device's clock this far ahead of its own (a few minutes' skew).
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

const pad = (number) => String(number).padStart(2, "0");

// A moment (a Date, or ISO text) as a datetime-local field's value, to the minute.
export function inputValueOf(moment) {
  const date = new Date(moment);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

// A datetime-local field's value as the moment it names (ISO, UTC), or null when blank or not a time.
export function momentOf(value) {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/*
 * When the day of a meeting began, as a timestamp: midnight of its date at the school's offset
 * as the server wrote its start ("2027-06-14T09:00:00-07:00" -> 2027-06-14T00:00:00-07:00).
 */
export function dayStartOf(start) {
  const offset = /([+-]\d\d:\d\d|Z)$/.exec(start)?.[1] ?? "";
  return Date.parse(`${start.slice(0, 10)}T00:00:00${offset}`);
}
