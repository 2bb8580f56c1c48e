// Times the server sends (ISO 8601) in the reader's own locale and time zone.
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

// "3:45 PM": a moment within the next hour or so.
export function formatLocalTime(iso) {
  return timeFormat.format(new Date(iso));
}

// "Jun 14, 2027, 3:45 PM".
export function formatLocalDateTime(iso) {
  return dateTimeFormat.format(new Date(iso));
}
