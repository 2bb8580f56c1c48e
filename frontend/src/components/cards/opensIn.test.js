import { opensInWords } from "./opensIn";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test.each([
  ["days and hours", 2 * DAY + 3 * HOUR, "2 days 3 hours", "2 days"],
  ["whole days", 3 * DAY, "3 days", "3 days"],
  ["one day", DAY + HOUR, "1 day 1 hour", "1 day"],
  ["hours and minutes under a day", 5 * HOUR + 12 * MINUTE, "5 hours 12 minutes", "5 hours"],
  ["whole hours", 2 * HOUR, "2 hours", "2 hours"],
  ["minutes under an hour", 12 * MINUTE, "12 minutes", "12 minutes"],
  ["a minute and a little, rounded up", MINUTE + SECOND, "2 minutes", "2 minutes"],
  ["the last whole minute", MINUTE, "1 minute", "1 minute"],
  ["seconds in the last minute", 42 * SECOND, "42 seconds", "42 seconds"],
  ["part of a second, rounded up", 300, "1 second", "1 second"],
  ["a little over a day", DAY + 1, "1 day", "1 day"],
  ["half a minute short of a day, rounded up", DAY - 30 * SECOND, "1 day", "1 day"],
])("%s", (_, left, full, compact) => {
  expect(opensInWords(left)).toBe(full);
  expect(opensInWords(left, { compact: true })).toBe(compact);
});
