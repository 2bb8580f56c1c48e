/*
 * Making an Intl formatter loads the browser's locale data. On a phone that was the largest piece
 * of script work before a visitor's first screen, so the dates and prices every card shows are
 * written out by hand, and the reader's-locale times are made only when a page shows one.
 */
let dateFormats;
let numberFormats;
let modules;

beforeEach(() => {
  dateFormats = jest.spyOn(Intl, "DateTimeFormat");
  numberFormats = jest.spyOn(Intl, "NumberFormat");
  jest.isolateModules(() => {
    modules = {
      schedule: require("./schedule"),
      price: require("./formatPrice"),
      localTime: require("./localTime"),
    };
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

test("a card's schedule, dates and price are written without an Intl formatter", () => {
  const { formatScheduleSummary, formatDateTime } = modules.schedule;
  const classItem = {
    meetings: [{ start: "2027-06-14T09:00:00-07:00" }, { start: "2027-06-25T09:00:00-07:00" }],
    meetingDays: ["mon", "wed", "fri"],
    startTime: "09:00",
    endTime: "12:00",
  };

  expect(formatScheduleSummary(classItem)).toBe(
    "Jun 14 – Jun 25 · Mon, Wed, Fri · 9:00 AM–12:00 PM",
  );
  expect(formatDateTime("2027-06-14T13:30:00-07:00")).toBe("Mon, Jun 14, 2027, 1:30 PM");
  expect(modules.price.formatPrice(1250)).toBe("$1,250.00");
  expect(modules.price.formatPrice("45.5")).toBe("$45.50");
  expect(modules.price.formatPrice(-12.05)).toBe("-$12.05");
  expect(dateFormats).not.toHaveBeenCalled();
  expect(numberFormats).not.toHaveBeenCalled();
});

test("the reader's-locale times make their formatter when first shown, once", () => {
  expect(dateFormats).not.toHaveBeenCalled();

  const { formatLocalTime } = modules.localTime;
  const shown = formatLocalTime("2027-06-14T16:00:00Z");
  formatLocalTime("2027-06-14T17:00:00Z");

  expect(shown).toBe(
    new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(
      new Date("2027-06-14T16:00:00Z"),
    ),
  );
  // Two times shown, one formatter made (the third call is this test's own).
  expect(dateFormats).toHaveBeenCalledTimes(2);
});
