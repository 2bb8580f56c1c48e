import fs from "node:fs";
import path from "node:path";

import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Chart } from "chart.js";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { lendCanvas } from "../../../testing/canvas";
import { watchDownloads } from "../../../testing/downloads";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ReportsPage } from "./ReportsPage";

const DAY_MS = 24 * 60 * 60 * 1000;

// A day this many days from the run, as the server writes one.
function dayFromToday(days) {
  return new Date(Date.now() + days * DAY_MS).toLocaleDateString("en-CA");
}

// "Mon, Jun 14, 2027" and "Jun 14", as the page writes a day.
function dayInWords(day) {
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
  const rest = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const date = new Date(`${day}T00:00:00Z`);
  return `${weekday.format(date)}, ${rest.format(date)}`;
}

function monthDay(day) {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(",", "");
}

const opened = dayFromToday(-2);
const lastDay = dayFromToday(70);
const thisMonday = (() => {
  const today = new Date(`${dayFromToday(0)}T00:00:00Z`);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS)
    .toISOString()
    .slice(0, 10);
})();
const nextMonday = new Date(Date.parse(`${thisMonday}T00:00:00Z`) + 7 * DAY_MS)
  .toISOString()
  .slice(0, 10);

function fillOf(classId, name, { seats = 12, enrolled = 0, held = 0, waitlisted = 0 } = {}) {
  return {
    classId,
    name,
    category: "Pottery",
    seats,
    enrolled,
    held,
    waitlisted,
    demand: enrolled + held + waitlisted,
  };
}

function moneyLine(gross, adjustments, charged, refunds) {
  return { gross, adjustments, charged, refunds, net: charged - refunds };
}

// The report as the server answers it (camp/apis_reports.py), for the summer season.
function seasonReport(overrides = {}) {
  return {
    season: {
      id: 3,
      name: "Summer",
      opensAt: `${opened}T16:00:00Z`,
      startsOn: dayFromToday(10),
      endsOn: lastDay,
    },
    seasons: [
      { id: 3, name: "Summer" },
      { id: 2, name: "Spring" },
    ],
    from: opened,
    to: lastDay,
    generatedAt: new Date().toISOString(),
    currency: "usd",
    registrationsByDay: [
      { day: dayFromToday(-2), registrations: 14, cancellations: 0 },
      { day: dayFromToday(-1), registrations: 5, cancellations: 1 },
      { day: dayFromToday(0), registrations: 2, cancellations: 2 },
    ],
    openingDay: {
      day: opened,
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        startsAt: `${opened}T${String(hour).padStart(2, "0")}:00:00-07:00`,
        registrations: hour === 9 ? 11 : hour === 10 ? 3 : 0,
      })),
    },
    classes: [
      fillOf(12, "Wheel Throwing", { enrolled: 12, held: 1, waitlisted: 4 }),
      fillOf(14, "Watercolour for Kids", { seats: 10, enrolled: 6, held: 0, waitlisted: 0 }),
    ],
    units: [],
    extendedCare: [],
    money: {
      gross: 1350,
      adjustments: {
        earlyBird: -100,
        sibling: -50,
        multiClass: -20,
        multiWeek: 0,
        weeklyCare: 0,
        code: -10,
        scholarship: -200,
        other: 0,
      },
      creditSpent: 30,
      planLater: 500,
      instalmentsPaid: 250,
      charged: 690,
      refunds: 45.5,
      creditIssued: 60,
      net: 644.5,
      byWeek: [
        { weekOf: thisMonday, ...moneyLine(1000, -300, 500, 45.5) },
        { weekOf: nextMonday, ...moneyLine(350, -80, 190, 0) },
      ],
      byCategory: [{ category: "Pottery", ...moneyLine(1350, -380, 690, 45.5) }],
      byKind: [
        { kind: "classes", ...moneyLine(1350, -380, 690, 45.5) },
        { kind: "extendedCare", ...moneyLine(0, 0, 0, 0) },
      ],
    },
    instalments: {
      dueNext30Days: { count: 3, amount: 150 },
      overdue: { count: 1, amount: 45.5 },
      byWeek: [
        { weekOf: thisMonday, count: 1, amount: 50 },
        { weekOf: nextMonday, count: 2, amount: 100 },
      ],
    },
    attendance: {
      rate: 0.875,
      attended: 35,
      absent: 5,
      classes: [
        {
          classId: 14,
          name: "Watercolour for Kids",
          meetings: 2,
          attended: 9,
          absent: 3,
          rate: 0.75,
        },
        { classId: 12, name: "Wheel Throwing", meetings: 2, attended: 26, absent: 2, rate: 0.9286 },
      ],
    },
    missingCare: 7,
    ...overrides,
  };
}

const reportKey = "/reports/season";

function renderPage(route = "/dashboard/reports") {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/reports", element: <ReportsPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route, auth: signedIn("admin") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function tableNamed(name) {
  return screen.getByRole("table", { name });
}

// Each row of the table as the text of its cells, the header row first.
function rowsOf(table) {
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.cells].map((cell) => cell.textContent));
}

// The chart whose picture points at the table named `name`, as Chart.js holds it.
function chartBeside(name) {
  const table = tableNamed(name);
  const canvas = screen
    .getAllByRole("img")
    .find((picture) => picture.getAttribute("aria-details") === table.id);
  expect(canvas).toBeDefined();
  return { canvas, chart: Chart.getChart(canvas) };
}

function seriesOf(chart) {
  return chart.data.datasets.map((dataset) => [dataset.label, dataset.data]);
}

let giveCanvasBack;
beforeEach(() => {
  giveCanvasBack = lendCanvas();
});
afterEach(() => {
  giveCanvasBack();
  document.documentElement.removeAttribute("data-bs-theme");
});

test("registrations per day and on the opening day: each chart drawn from the table beside it", async () => {
  stubApi({ [reportKey]: seasonReport() });
  renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  expect(
    screen.getByText(`Summer: ${dayInWords(opened)} to ${dayInWords(lastDay)}.`, {
      exact: false,
    }),
  ).toBeVisible();

  const byDay = tableNamed("Registrations per day");
  expect(rowsOf(byDay)).toEqual([
    ["Day", "Registrations", "Cancellations"],
    [dayInWords(dayFromToday(-2)), "14", "0"],
    [dayInWords(dayFromToday(-1)), "5", "1"],
    [dayInWords(dayFromToday(0)), "2", "2"],
  ]);
  const { canvas, chart } = chartBeside("Registrations per day");
  expect(canvas).toHaveAccessibleName(
    "Line chart of registrations and cancellations per day. The table “Registrations per day” gives its figures.",
  );
  expect(chart.config.type).toBe("line");
  expect(chart.data.labels).toEqual([-2, -1, 0].map((days) => monthDay(dayFromToday(days))));
  expect(seriesOf(chart)).toEqual([
    ["Registrations", [14, 5, 2]],
    ["Cancellations", [0, 1, 2]],
  ]);

  const hoursCaption = `Registrations on the opening day, ${dayInWords(opened)}, by hour`;
  const hours = rowsOf(tableNamed(hoursCaption));
  expect(hours).toHaveLength(25);
  expect(hours[0]).toEqual(["Hour", "Registrations"]);
  expect(hours[1]).toEqual(["12:00 AM", "0"]);
  expect(hours[10]).toEqual(["9:00 AM", "11"]);
  expect(hours[14]).toEqual(["1:00 PM", "0"]);
  const { chart: hourChart } = chartBeside(hoursCaption);
  expect(hourChart.config.type).toBe("bar");
  expect(hourChart.data.labels).toHaveLength(24);
  expect(hourChart.data.datasets[0].data[9]).toBe(11);
});

test("fill per class: the chart stacks the 20 classes most asked for, the table lists them all", async () => {
  const classes = Array.from({ length: 60 }, (_, index) =>
    fillOf(100 + index, `Class ${String(index + 1).padStart(2, "0")}`, {
      enrolled: 60 - index,
      held: index % 2,
      waitlisted: index < 5 ? 3 : 0,
    }),
  );
  stubApi({ [reportKey]: seasonReport({ classes }) });
  const { user } = renderPage();

  const table = await screen.findByRole("table", { name: "Fill per class, most asked for first" });
  const rows = rowsOf(table);
  expect(rows[0]).toEqual([
    "Class",
    "Category",
    "Seats",
    "Enrolled",
    "Held now",
    "Waitlisted",
    "Demand",
  ]);
  expect(rows[1]).toEqual(["Class 01", "Pottery", "12", "60", "0", "3", "63"]);
  expect(rows).toHaveLength(51);
  expect(within(table).getByRole("link", { name: "Class 01" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/100/roster",
  );

  const { chart } = chartBeside("Fill per class, most asked for first");
  expect(chart.options.indexAxis).toBe("y");
  expect(chart.data.labels).toEqual(classes.slice(0, 20).map((row) => row.name));
  expect(seriesOf(chart)).toEqual([
    ["Enrolled", classes.slice(0, 20).map((row) => row.enrolled)],
    ["Held", classes.slice(0, 20).map((row) => row.held)],
    ["Waitlisted", classes.slice(0, 20).map((row) => row.waitlisted)],
    ["Seats", classes.slice(0, 20).map(() => 12)],
  ]);
  // Three stacked one bar, the seats another beside it.
  expect(chart.data.datasets.map((dataset) => dataset.stack)).toEqual([
    "demand",
    "demand",
    "demand",
    "seats",
  ]);

  await user.click(screen.getByRole("button", { name: "Show all 60 classes" }));

  expect(rowsOf(table)).toHaveLength(61);
  expect(screen.queryByRole("button", { name: /Show all/ })).not.toBeInTheDocument();
});

test("money reads from the list prices to the net, as the money file does, then by week and category", async () => {
  stubApi({ [reportKey]: seasonReport() });
  renderPage();

  const summary = await screen.findByRole("table", { name: "Money in the range" });
  expect(rowsOf(summary)).toEqual([
    ["Figure", "Amount"],
    ["Gross (list prices)", "$1,350.00"],
    ["Early-bird prices", "-$100.00"],
    ["Sibling discounts", "-$50.00"],
    ["Multi-class discounts", "-$20.00"],
    ["Multi-week discounts", "$0.00"],
    ["Extended care's weekly rates", "$0.00"],
    ["Promo codes", "-$10.00"],
    ["Scholarships", "-$200.00"],
    ["Other adjustments", "$0.00"],
    ["Paid with account credit", "-$30.00"],
    ["Left for payment plans", "-$500.00"],
    ["Instalments paid", "$250.00"],
    ["Charged to cards", "$690.00"],
    ["Refunds", "-$45.50"],
    ["Net", "$644.50"],
    ["Account credit issued", "$60.00"],
  ]);

  expect(rowsOf(tableNamed("Money by week"))).toEqual([
    ["Week of", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
    [monthDay(thisMonday), "$1,000.00", "-$300.00", "$500.00", "$45.50", "$454.50"],
    [monthDay(nextMonday), "$350.00", "-$80.00", "$190.00", "$0.00", "$190.00"],
  ]);
  const { chart: weeks } = chartBeside("Money by week");
  expect(seriesOf(weeks)).toEqual([
    ["Charged", [500, 190]],
    ["Refunds", [45.5, 0]],
    ["Net", [454.5, 190]],
  ]);
  // The axis and the tooltip write money as the tables do.
  expect(weeks.options.scales.y.ticks.callback(1250)).toBe("$1,250.00");

  expect(rowsOf(tableNamed("Money by category"))).toEqual([
    ["Category", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
    ["Pottery", "$1,350.00", "-$380.00", "$690.00", "$45.50", "$644.50"],
  ]);
  const { chart: categories } = chartBeside("Money by category");
  expect(categories.data.labels).toEqual(["Pottery"]);
  expect(seriesOf(categories)).toEqual([
    ["Gross", [1350]],
    ["Net", [644.5]],
  ]);
});

test("a season sold by the week with after-care: each week's fill, each day of care, and its money apart", async () => {
  const report = seasonReport();
  const monday = dayFromToday(14);
  stubApi({
    [reportKey]: {
      ...report,
      classes: [fillOf(20, "Art Explorers", { seats: 16, enrolled: 3, held: 1 })],
      units: [
        {
          classId: 20,
          unitId: 21,
          name: "Art Explorers",
          label: "Week 1: Jun 21–Jun 25",
          startsOn: monday,
          endsOn: monday,
          seats: 8,
          taken: 2,
          held: 0,
          waitlisted: 0,
        },
        {
          classId: 20,
          unitId: 22,
          name: "Art Explorers",
          label: "Week 2: Jun 28–Jul 2",
          startsOn: monday,
          endsOn: monday,
          seats: 8,
          taken: 1,
          held: 1,
          waitlisted: 0,
        },
      ],
      extendedCare: [
        {
          optionId: 5,
          label: "After-care",
          kind: "after",
          dayId: 31,
          day: monday,
          seats: 6,
          taken: 2,
          held: 0,
          revenue: 50,
        },
      ],
      money: {
        ...report.money,
        byKind: [
          { kind: "classes", ...moneyLine(1350, -380, 690, 45.5) },
          { kind: "extendedCare", ...moneyLine(100, 0, 100, 25) },
        ],
      },
    },
  });
  renderPage();

  const weeks = await screen.findByRole("table", { name: "Fill per week or day" });
  expect(rowsOf(weeks)).toEqual([
    ["Class", "Week or day", "Seats", "Taken", "Held now"],
    ["Art Explorers", "Week 1: Jun 21–Jun 25", "8", "2", "0"],
    ["Art Explorers", "Week 2: Jun 28–Jul 2", "8", "1", "1"],
  ]);
  expect(rowsOf(tableNamed("Extended care per day"))).toEqual([
    ["Extended care", "Day", "Seats", "Taken", "Revenue"],
    ["After-care", dayInWords(monday), "6", "2", "$50.00"],
  ]);
  expect(rowsOf(tableNamed("Classes and extended care"))).toEqual([
    ["Kind", "Gross", "Discounts and credit", "Charged", "Refunds", "Net"],
    ["Classes", "$1,350.00", "-$380.00", "$690.00", "$45.50", "$644.50"],
    ["Extended care", "$100.00", "$0.00", "$100.00", "$25.00", "$75.00"],
  ]);
  expect(
    screen.getByRole("button", { name: "Download Extended care per day as CSV" }),
  ).toBeVisible();
});

test("a season of whole classes shows no weeks, days or extended care", async () => {
  stubApi({ [reportKey]: seasonReport() });
  renderPage();

  await screen.findByRole("table", { name: "Money in the range" });
  expect(screen.queryByRole("heading", { name: "Weeks, days and extended care" })).toBeNull();
  expect(screen.queryByRole("table", { name: "Classes and extended care" })).toBeNull();
});

test("instalments due and overdue, attendance lowest first, and the missing care records", async () => {
  stubApi({ [reportKey]: seasonReport() });
  renderPage();

  const instalments = await screen.findByRole("table", { name: "Instalments due and overdue" });
  expect(rowsOf(instalments)).toEqual([
    ["Instalments", "Count", "Amount"],
    ["Due in the next 30 days", "3", "$150.00"],
    ["Overdue", "1", "$45.50"],
    [`Due the week of ${monthDay(thisMonday)}`, "1", "$50.00"],
    [`Due the week of ${monthDay(nextMonday)}`, "2", "$100.00"],
  ]);
  const { chart: due } = chartBeside("Instalments due and overdue");
  expect(due.data.labels).toEqual([monthDay(thisMonday), monthDay(nextMonday)]);
  expect(seriesOf(due)).toEqual([["Due", [50, 100]]]);

  const section = within(screen.getByRole("region", { name: "Attendance" }));
  expect(section.getByText("87.5%")).toBeVisible();
  expect(section.getByText(/35 present, 5 absent/)).toBeVisible();
  expect(rowsOf(tableNamed("Attendance per class, lowest first"))).toEqual([
    ["Class", "Meetings", "Attended", "Absent", "Rate"],
    ["Watercolour for Kids", "2", "9", "3", "75%"],
    ["Wheel Throwing", "2", "26", "2", "92.9%"],
  ]);
  const { chart: rates } = chartBeside("Attendance per class, lowest first");
  expect(rates.data.labels).toEqual(["Watercolour for Kids", "Wheel Throwing"]);
  expect(seriesOf(rates)).toEqual([["Attendance", [0.75, 0.9286]]]);
  expect(rates.options.scales.x.max).toBe(1);
  expect(rates.options.scales.x.ticks.callback(0.5)).toBe("50%");

  const care = within(screen.getByRole("region", { name: "Missing care records" }));
  expect(care.getByText("7")).toBeVisible();
  expect(care.getByRole("link", { name: "See the missing care records" })).toHaveAttribute(
    "href",
    "/dashboard/care-missing",
  );
});

test("a section with nothing yet says so, with no chart", async () => {
  stubApi({
    [reportKey]: seasonReport({
      registrationsByDay: [],
      classes: [],
      attendance: { rate: null, attended: 0, absent: 0, classes: [] },
    }),
  });
  renderPage();

  expect(await screen.findByText("No day of the range has come yet.")).toBeVisible();
  expect(screen.getByText("The season has no class yet.")).toBeVisible();
  expect(screen.getByText("No attendance is recorded in the range yet.")).toBeVisible();
  expect(screen.getByText("No class has a meeting recorded in the range yet.")).toBeVisible();
  expect(screen.queryByRole("table", { name: "Registrations per day" })).not.toBeInTheDocument();
  expect(screen.queryByRole("img", { name: /registrations and cancellations/ })).toBeNull();
  // Its files can still be had: a heading row and nothing under it.
  expect(
    screen.getByRole("button", { name: "Download Registrations per day as CSV" }),
  ).toBeVisible();
});

test("a season chosen shows at once; the days are sent together with Show", async () => {
  const spring = seasonReport({
    season: { ...seasonReport().season, id: 2, name: "Spring" },
    from: dayFromToday(-90),
    to: dayFromToday(-20),
  });
  const narrowed = { ...spring, from: dayFromToday(-60), to: dayFromToday(-30) };
  const fetch = stubApi({
    [reportKey]: seasonReport(),
    [`${reportKey}?season=2`]: spring,
    [`${reportKey}?season=2&from=${dayFromToday(-60)}&to=${dayFromToday(-30)}`]: narrowed,
  });
  const { user, router } = renderPage();
  const season = await screen.findByRole("combobox", { name: "Season" });
  expect(season).toHaveValue("3");
  expect(screen.getByLabelText("From")).toHaveValue(opened);
  expect(screen.getByLabelText("To")).toHaveValue(lastDay);

  await user.selectOptions(season, "Spring");

  expect(
    await screen.findByText(`Spring: ${dayInWords(dayFromToday(-90))}`, { exact: false }),
  ).toBeVisible();
  expect(router.state.location.search).toBe("?season=2");
  expect(screen.getByLabelText("From")).toHaveValue(dayFromToday(-90));

  // Typing a day asks for nothing: a half-typed date would be a report of the wrong days.
  const asked = fetch.mock.calls.length;
  await user.clear(screen.getByLabelText("From"));
  await user.type(screen.getByLabelText("From"), dayFromToday(-60));
  await user.clear(screen.getByLabelText("To"));
  await user.type(screen.getByLabelText("To"), dayFromToday(-30));
  expect(fetch.mock.calls).toHaveLength(asked);
  await user.click(screen.getByRole("button", { name: "Show" }));

  expect(
    await screen.findByText(
      `Spring: ${dayInWords(dayFromToday(-60))} to ${dayInWords(dayFromToday(-30))}.`,
      { exact: false },
    ),
  ).toBeVisible();
  expect(router.state.location.search).toBe(
    `?season=2&from=${dayFromToday(-60)}&to=${dayFromToday(-30)}`,
  );
});

test("days the server refuses are explained beside the field, and the report shown stays", async () => {
  const refused = `${reportKey}?season=3&from=${opened}&to=${dayFromToday(-400)}`;
  stubApi({
    [reportKey]: seasonReport(),
    [refused]: respond(400, {
      message: "Please correct the highlighted fields.",
      errors: { to: ["The last day comes before the first."] },
    }),
  });
  const { user } = renderPage();
  const to = await screen.findByLabelText("To");

  await user.clear(to);
  await user.type(to, dayFromToday(-400));
  await user.click(screen.getByRole("button", { name: "Show" }));

  expect(await screen.findByText("The last day comes before the first.")).toBeVisible();
  expect(screen.getByLabelText("To")).toHaveAccessibleDescription(
    "The last day comes before the first.",
  );
  expect(screen.getByLabelText("To")).toBeInvalid();
  expect(screen.getByRole("alert")).toHaveTextContent("The report could not be loaded.");
  expect(tableNamed("Registrations per day")).toBeVisible();
});

test("an unknown season says so", async () => {
  stubApi({ [`${reportKey}?season=99`]: respond(404, { message: "No such season." }) });
  renderPage("/dashboard/reports?season=99");

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The report could not be loaded.No such season.",
  );
});

describe("a table's files", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/report", token: "api-token" });

  // The report as stubApi answers it, and the file as the server sends it.
  function stubWithFile(fileAnswer) {
    const json = stubApi({ [reportKey]: seasonReport() });
    global.fetch = jest.fn(async (url, init) =>
      String(url).startsWith("/api/reports/season") ? json(url, init) : fileAnswer(),
    );
    return global.fetch;
  }

  test("an XLSX is asked with the session's token for the days shown and saved under the server's name", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const fetch = stubWithFile(
      () =>
        new Response(bytes, {
          status: 200,
          headers: {
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": 'attachment; filename="camp-summer-classes.xlsx"',
          },
        }),
    );
    const { user } = renderPage();
    await screen.findByRole("table", { name: "Fill per class, most asked for first" });

    await user.click(
      screen.getByRole("button", {
        name: "Download Fill per class, most asked for first as XLSX",
      }),
    );

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetch.mock.calls.find(([called]) => called.includes(".xlsx"));
    // The days on screen, the server's own choice though the address names none.
    expect(url).toBe(`/api/reports/classes.xlsx?season=3&from=${opened}&to=${lastDay}`);
    expect(init.headers).toMatchObject({
      Authorization: "Bearer api-token",
      Accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    const [blob] = URL.createObjectURL.mock.calls[0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(clicked[0]).toEqual({
      href: "blob:camp/report",
      download: "camp-summer-classes.xlsx",
    });
  });

  test("a CSV without a name is saved under the table's", async () => {
    stubWithFile(
      () => new Response("Day,Registrations\r\n", { headers: { "Content-Type": "text/csv" } }),
    );
    const { user } = renderPage();
    await screen.findByRole("table", { name: "Money by week" });

    await user.click(screen.getByRole("button", { name: "Download Money by week as CSV" }));

    await waitFor(() =>
      expect(clicked).toEqual([{ href: "blob:camp/report", download: "camp-money-by-week.csv" }]),
    );
  });

  test("a refused download is told beside its table, and nothing is saved", async () => {
    stubWithFile(
      () =>
        new Response(JSON.stringify({ message: "The report is busy. Please try again." }), {
          status: 503,
          headers: { "Content-Type": "application/json" },
        }),
    );
    const { user } = renderPage();
    await screen.findByRole("table", { name: "Money in the range" });

    await user.click(screen.getByRole("button", { name: "Download Money in the range as CSV" }));

    const money = within(screen.getByRole("region", { name: "Money" }));
    expect(await money.findByRole("alert")).toHaveTextContent(
      "The report is busy. Please try again.",
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

test("the charts take the theme's colours, and take them again when the theme changes", async () => {
  // The page's own style sheet, as the build gives it (jest leaves CSS out of the modules).
  const style = document.createElement("style");
  style.textContent = fs.readFileSync(path.join(__dirname, "../components/reports.css"), "utf8");
  document.head.appendChild(style);
  stubApi({ [reportKey]: seasonReport() });
  renderPage();
  await screen.findByRole("table", { name: "Registrations per day" });
  const { canvas } = chartBeside("Registrations per day");
  const colourOf = (chart) => chart.data.datasets[0].borderColor;

  // jsdom keeps var() as written: the property names which of the theme's colours is used.
  expect(colourOf(Chart.getChart(canvas))).toBe("var(--bs-primary)");

  act(() => document.documentElement.setAttribute("data-bs-theme", "dark"));

  await waitFor(() =>
    expect(colourOf(Chart.getChart(canvas))).toBe("var(--bs-primary-text-emphasis)"),
  );
  style.remove();
});

test("the page has no serious accessibility problem", async () => {
  stubApi({ [reportKey]: seasonReport() });
  renderPage();
  await screen.findByRole("table", { name: "Registrations per day" });

  await expectNoSeriousA11yViolations();
});
