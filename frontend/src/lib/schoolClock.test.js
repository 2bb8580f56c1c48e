import { formatSchoolDay, formatSchoolTime, isSchoolDay, todayAtSchool } from "./schoolClock";

test("today at the school is the school's date, whatever the reader's", () => {
  // 05:30 in London is still the evening before in California.
  const moment = new Date("2027-06-15T05:30:00Z");

  expect(todayAtSchool(moment, "America/Los_Angeles")).toBe("2027-06-14");
  expect(todayAtSchool(moment, "Europe/London")).toBe("2027-06-15");
});

test("without a known school zone, the device's own date is the school's", () => {
  const moment = new Date(2027, 0, 5, 9, 30);

  expect(todayAtSchool(moment, undefined)).toBe("2027-01-05");
  expect(todayAtSchool(moment, "Not/AZone")).toBe("2027-01-05");
});

test("only a real calendar date is a day in the address", () => {
  expect(isSchoolDay("2027-06-14")).toBe(true);
  expect(isSchoolDay("2028-02-29")).toBe(true);
  expect(isSchoolDay("2027-02-29")).toBe(false);
  expect(isSchoolDay("2027-6-14")).toBe(false);
  expect(isSchoolDay("yesterday")).toBe(false);
  expect(isSchoolDay(null)).toBe(false);
});

test("a moment the server sends reads on the school's clock, whichever offset it carries", () => {
  // Nine in the morning, as the reader's locale writes it.
  const nine = new Intl.DateTimeFormat(undefined, { timeStyle: "short", timeZone: "UTC" }).format(
    new Date("2027-06-14T09:00:00Z"),
  );

  expect(formatSchoolTime("2027-06-14T16:00:00Z", "America/Los_Angeles")).toBe(nine);
  expect(formatSchoolTime("2027-06-14T09:00:00-07:00", "America/Los_Angeles")).toBe(nine);
  expect(formatSchoolTime("2027-06-14T08:00:00Z", "Europe/London")).toBe(nine);
  expect(formatSchoolTime("2027-06-14T16:00:00Z", "Europe/London")).not.toBe(nine);
});

test("a moment's day is the day it fell on at the school, wherever the page is written", () => {
  // 8 PM in California is already the next day in London, and on a server kept in UTC: the
  // 2nd of next December at 04:00 UTC, whatever year the suite runs in.
  const year = new Date().getUTCFullYear() + 1;
  const moment = new Date(Date.UTC(year, 11, 2, 4)).toISOString();

  expect(formatSchoolDay(moment, "America/Los_Angeles")).toBe(`December 1, ${year}`);
  expect(formatSchoolDay(moment, "Europe/London")).toBe(`December 2, ${year}`);
});
