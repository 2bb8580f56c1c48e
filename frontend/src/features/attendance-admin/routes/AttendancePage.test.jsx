import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { STILL_HERE_REFRESH_MS } from "../../../api/attendanceAdmin";
import { respond, stubApi } from "../../../testing/api";
import { InTheAppDataCache } from "../../../testing/appDataCache";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { watchDownloads } from "../../../testing/downloads";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { AttendancePage } from "./AttendancePage";

const DAY_MS = 24 * 60 * 60 * 1000;
const stillHere = "/attendance/still-here";

// A date this many days from the run, as the day picker writes one (the page has no school
// zone in its configuration here, so the school's today is the device's).
function dayFromToday(days) {
  return new Date(Date.now() + days * DAY_MS).toLocaleDateString("en-CA");
}

function dayOf(day) {
  return `/attendance?day=${day}`;
}

// "Mon, Jun 14, 2027", as the page writes a day.
function dayInWords(day) {
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
  const rest = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const date = new Date(`${day}T00:00:00Z`);
  return `${weekday.format(date)}, ${rest.format(date)}`;
}

function timeOf(iso) {
  return new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));
}

const shownDay = dayFromToday(-2);

function meeting(overrides) {
  return {
    meetingId: 51,
    classId: 3,
    className: "Watercolor Basics",
    day: shownDay,
    // As the server writes moments: in UTC.
    start: `${shownDay}T16:00:00Z`,
    end: `${shownDay}T19:00:00Z`,
    expected: 8,
    present: 5,
    absent: 1,
    left: 2,
    stillHere: 0,
    ...overrides,
  };
}

const watercolor = meeting({});
const clay = meeting({
  meetingId: 64,
  classId: 5,
  className: "Clay for Beginners",
  start: `${shownDay}T20:30:00Z`,
  end: `${shownDay}T23:00:00Z`,
  expected: 6,
  present: 6,
  absent: 0,
  left: 4,
  stillHere: 2,
});

const checkedInAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
const mia = {
  participantId: 7,
  name: "Mia Lopez",
  classId: 5,
  className: "Clay for Beginners",
  meetingId: 64,
  checkedInAt,
  emergencyContacts: [
    { name: "Rosa Lopez", relationship: "Aunt", phone: "+1 (415) 555-0134" },
    { name: "Luis Lopez", relationship: "Father", phone: "415 555 0199" },
  ],
};
const noah = {
  participantId: 12,
  name: "Noah Park",
  classId: 5,
  className: "Clay for Beginners",
  meetingId: 64,
  checkedInAt,
  emergencyContacts: [],
};

function renderPage(route = `/dashboard/attendance?day=${shownDay}`) {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/attendance", element: <AttendancePage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route, auth: signedIn("admin") },
  );
  return { ...rendered, user: userEvent.setup() };
}

// The page under the app's data cache, whose deduping must not swallow the refreshes.
function renderPageInTheAppDataCache() {
  return renderRoutes(
    [
      {
        path: "/dashboard/attendance",
        element: (
          <InTheAppDataCache>
            <AttendancePage />
          </InTheAppDataCache>
        ),
      },
    ],
    { route: `/dashboard/attendance?day=${shownDay}`, auth: signedIn("admin") },
  );
}

// The cells of the row whose header is the class's name, by column header.
function rowOf(name) {
  const row = screen.getByRole("rowheader", { name }).closest("tr");
  const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
  return (column) => row.cells[headers.indexOf(column)];
}

function attendanceRequests(fetch) {
  return fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/attendance?"));
}

test("a day's meetings show each class's time and counts, each class leading to its roster", async () => {
  stubApi({ [dayOf(shownDay)]: [watercolor, clay], [stillHere]: [mia, noah] });
  renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
  const table = await screen.findByRole("table", {
    name: `Attendance by meeting on ${dayInWords(shownDay)}`,
  });
  expect(document.title).toBe("Attendance | Camp");
  expect(screen.getByLabelText("Day")).toHaveValue(shownDay);
  expect(
    screen.getByRole("heading", { level: 2, name: `Classes on ${dayInWords(shownDay)}` }),
  ).toBeVisible();
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent),
  ).toEqual(["Class", "Time", "Expected", "Present", "Absent", "Left", "Still here"]);
  expect(
    within(table)
      .getAllByRole("rowheader")
      .map((header) => header.textContent),
  ).toEqual(["Watercolor Basics", "Clay for Beginners"]);
  const cells = (name) =>
    ["Time", "Expected", "Present", "Absent", "Left", "Still here"].map(
      (column) => rowOf(name)(column).textContent,
    );
  // On the school's clock: the device's here, as the page names no school zone.
  const hours = ({ start, end }) => `${timeOf(start)}–${timeOf(end)}`;
  expect(cells("Watercolor Basics")).toEqual([hours(watercolor), "8", "5", "1", "2", "0"]);
  expect(cells("Clay for Beginners")).toEqual([hours(clay), "6", "6", "0", "4", "2"]);
  expect(screen.getByRole("link", { name: "Clay for Beginners" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/5/roster",
  );
  await screen.findByRole("list", { name: "Children still here" });
  await expectNoSeriousA11yViolations();
});

test("Still here lists each child with their class, arrival and emergency numbers to call", async () => {
  stubApi({ [dayOf(shownDay)]: [clay], [stillHere]: [mia, noah] });
  renderPage();

  const list = within(await screen.findByRole("list", { name: "Children still here" }));
  expect(screen.getByRole("heading", { level: 2, name: "Still here" })).toBeVisible();
  expect(screen.getByRole("status")).toHaveTextContent("2 children are still here.");
  const miaItem = list.getByText("Mia Lopez").closest("li");
  const noahItem = list.getByText("Noah Park").closest("li");
  expect(miaItem).toHaveTextContent("Mia Lopez");
  expect(miaItem).toHaveTextContent(`Clay for Beginners, checked in at ${timeOf(checkedInAt)}`);
  const contacts = within(
    within(miaItem).getByRole("list", { name: "Emergency contacts of Mia Lopez" }),
  );
  expect(contacts.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "Rosa Lopez, Aunt: +1 (415) 555-0134",
    "Luis Lopez, Father: 415 555 0199",
  ]);
  expect(contacts.getByRole("link", { name: "+1 (415) 555-0134" })).toHaveAttribute(
    "href",
    "tel:+14155550134",
  );
  expect(contacts.getByRole("link", { name: "415 555 0199" })).toHaveAttribute(
    "href",
    "tel:4155550199",
  );
  expect(noahItem).toHaveTextContent("Noah Park");
  expect(within(noahItem).getByText("No emergency contact given")).toBeInTheDocument();
  expect(within(noahItem).queryByRole("link")).not.toBeInTheDocument();
});

test("Still here is asked again every 30 seconds, and a child checked out leaves the list", async () => {
  jest.useFakeTimers();
  try {
    const first = stubApi({ [dayOf(shownDay)]: [clay], [stillHere]: [mia, noah] });
    renderPageInTheAppDataCache();
    await screen.findByRole("list", { name: "Children still here" });
    const asked = (fetch) => fetch.mock.calls.filter(([url]) => url === `/api${stillHere}`).length;
    expect(asked(first)).toBe(1);

    const later = stubApi({ [dayOf(shownDay)]: [clay], [stillHere]: [noah] });
    await act(async () => jest.advanceTimersByTime(STILL_HERE_REFRESH_MS - 1_000));
    expect(screen.getByText("Mia Lopez")).toBeInTheDocument();
    expect(asked(later)).toBe(0);

    await act(async () => jest.advanceTimersByTime(1_000));

    await waitFor(() => expect(screen.queryByText("Mia Lopez")).not.toBeInTheDocument());
    expect(screen.getByText("Noah Park")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("1 child is still here.");
    expect(asked(later)).toBe(1);

    await act(async () => jest.advanceTimersByTime(STILL_HERE_REFRESH_MS));
    expect(asked(later)).toBe(2);
  } finally {
    jest.useRealTimers();
  }
});

test("the day picker starts on today, asks for the day chosen, keeps it in the address, and Today comes back", async () => {
  const today = dayFromToday(0);
  const fetch = stubApi({
    [dayOf(today)]: [],
    [dayOf(shownDay)]: [watercolor],
    [stillHere]: [],
  });
  const { user, router } = renderPage("/dashboard/attendance");

  expect(await screen.findByText("No class meets on this day.")).toBeInTheDocument();
  const picker = screen.getByLabelText("Day");
  expect(picker).toHaveValue(today);
  expect(screen.queryByRole("button", { name: "Today" })).not.toBeInTheDocument();
  expect(attendanceRequests(fetch)).toEqual([`/api${dayOf(today)}`]);

  // A browser's date field hands the page whole dates only, as this change does.
  fireEvent.change(picker, { target: { value: shownDay } });

  expect(await screen.findByRole("rowheader", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(picker).toHaveValue(shownDay);
  expect(router.state.location.search).toBe(`?day=${shownDay}`);
  expect(attendanceRequests(fetch)).toContain(`/api${dayOf(shownDay)}`);

  // An emptied field names no day: the page keeps the one it shows.
  fireEvent.change(picker, { target: { value: "" } });
  expect(picker).toHaveValue(shownDay);
  expect(router.state.location.search).toBe(`?day=${shownDay}`);

  await user.click(screen.getByRole("button", { name: "Today" }));

  expect(await screen.findByText("No class meets on this day.")).toBeInTheDocument();
  expect(router.state.location.search).toBe("");
  expect(screen.getByLabelText("Day")).toHaveValue(today);
});

test("a day in the address that is no date shows today", async () => {
  const today = dayFromToday(0);
  const fetch = stubApi({ [dayOf(today)]: [watercolor], [stillHere]: [] });
  renderPage("/dashboard/attendance?day=2027-02-30");

  expect(await screen.findByRole("rowheader", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(screen.getByLabelText("Day")).toHaveValue(today);
  expect(attendanceRequests(fetch)).toEqual([`/api${dayOf(today)}`]);
});

test("a day without classes and a school without children still here say so", async () => {
  stubApi({ [dayOf(shownDay)]: [], [stillHere]: [] });
  renderPage();

  expect(await screen.findByText("No class meets on this day.")).toBeInTheDocument();
  expect(await screen.findByText("No child is waiting to be checked out.")).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("");
});

test("lists that cannot be loaded say why", async () => {
  stubApi({
    [dayOf(shownDay)]: respond(503, { message: "The site is busy right now." }),
    [stillHere]: respond(503, { message: "The site is busy right now." }),
  });
  renderPage();

  await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(2));
  const [day, children] = screen.getAllByRole("alert");
  expect(day).toHaveTextContent("The day's attendance could not be loaded.");
  expect(day).toHaveTextContent("The site is busy right now.");
  expect(children).toHaveTextContent("The list of children still here could not be loaded.");
});

describe("Download CSV", () => {
  const csv = "day,className,participantName,status\r\n";
  const clicked = watchDownloads({ objectUrl: "blob:camp/attendance", token: "api-token" });

  // The JSON answers as stubApi gives them, and the CSV file as the server sends it.
  function stubWithCsv(csvAnswer) {
    const json = stubApi({ [dayOf(shownDay)]: [watercolor], [stillHere]: [] });
    global.fetch = jest.fn(async (url, init) =>
      String(url).startsWith("/api/attendance.csv") ? csvAnswer() : json(url, init),
    );
    return global.fetch;
  }

  test("asks for the chosen day's file with the session's token and saves it under the server's name", async () => {
    const fetch = stubWithCsv(
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": `attachment; filename="attendance-${shownDay}.csv"`,
          },
        }),
    );
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetch.mock.calls.find(([called]) => called.includes(".csv"));
    expect(url).toBe(`/api/attendance.csv?day=${shownDay}`);
    expect(init.method).toBe("GET");
    expect(init.headers).toMatchObject({ Authorization: "Bearer api-token", Accept: "text/csv" });
    const [blob] = URL.createObjectURL.mock.calls[0];
    expect(await blob.text()).toBe(csv);
    expect(clicked[0]).toEqual({
      href: "blob:camp/attendance",
      download: `attendance-${shownDay}.csv`,
    });
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  test("a file without a name is saved under the day", async () => {
    stubWithCsv(() => new Response(csv, { status: 200, headers: { "Content-Type": "text/csv" } }));
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    await waitFor(() =>
      expect(clicked).toEqual([
        expect.objectContaining({ download: `attendance-${shownDay}.csv` }),
      ]),
    );
  });

  test("a refused download is shown and nothing is saved", async () => {
    stubWithCsv(
      () =>
        new Response(JSON.stringify({ message: "The site is busy right now." }), {
          status: 503,
          headers: { "Content-Type": "application/json" },
        }),
    );
    const { user } = renderPage();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("The site is busy right now.");
    expect(clicked).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
