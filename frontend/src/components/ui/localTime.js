import { LOCALE } from "../../lib/language";

/*
 * Times the server sends (ISO 8601) in the reader's own locale and time zone. Each formatter is
 * made on first use, not as the module loads: only a few signed-in pages show these times, and
 * making one loads the browser's locale data.
 */
let timeFormat;
let dateTimeFormat;

// "3:45 PM": a moment within the next hour or so.
export function formatLocalTime(iso) {
  timeFormat ??= new Intl.DateTimeFormat(LOCALE, { timeStyle: "short" });
  return timeFormat.format(new Date(iso));
}

// "Jun 14, 2027, 3:45 PM".
export function formatLocalDateTime(iso) {
  dateTimeFormat ??= new Intl.DateTimeFormat(LOCALE, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return dateTimeFormat.format(new Date(iso));
}
