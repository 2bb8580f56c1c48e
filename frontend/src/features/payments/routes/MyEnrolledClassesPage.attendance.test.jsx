import { screen, within } from "@testing-library/react";

import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { stubApi } from "../../../testing/api";
import { makeEnrolledClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

// A family sees each day the school marked their child: arrived, left, who collected, absent.
const myEnrolled = "/enrolledStudent/student%40camp.test";
const feedUrl = "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics";
const DAY_MS = 24 * 60 * 60 * 1000;

// A moment this many days (and hours) before the run, and its date, as the server writes them.
function daysAgo(days, hoursLater = 0) {
  return new Date(Date.now() - days * DAY_MS + hoursLater * 60 * 60 * 1000);
}
const dateOf = (moment) => moment.toISOString().slice(0, 10);

// "Mon, Jun 14, 2027", as the page writes a day.
function dayInWords(day) {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
  const rest = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  return `${weekday.format(date)}, ${rest.format(date)}`;
}

function timeOf(moment) {
  return new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(moment);
}

const firstIn = daysAgo(3, 0);
const firstOut = daysAgo(3, 3);
const secondDay = daysAgo(2);
const thirdIn = daysAgo(1, 0);
const todayIn = daysAgo(0, -1);

const miasDays = [
  {
    meetingId: 51,
    day: dateOf(firstIn),
    status: "left",
    checkedInAt: firstIn.toISOString(),
    checkedOutAt: firstOut.toISOString(),
    collectedBy: "Rosa Lopez",
  },
  {
    meetingId: 52,
    day: dateOf(secondDay),
    status: "absent",
    checkedInAt: null,
    checkedOutAt: null,
    collectedBy: null,
  },
  {
    // Checked in, and the check-in undone: the school recorded nothing that stands.
    meetingId: 53,
    day: dateOf(thirdIn),
    status: "expected",
    checkedInAt: null,
    checkedOutAt: null,
    collectedBy: null,
  },
  {
    meetingId: 54,
    day: dateOf(todayIn),
    status: "present",
    checkedInAt: todayIn.toISOString(),
    checkedOutAt: null,
    collectedBy: null,
  },
];

function renderPage() {
  return renderRoutes(
    [
      { path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-enrolled-classes", auth: signedIn("student") },
  );
}

test("each enrolment lists its child's days: arrived and left with who collected, absent, or still there", async () => {
  const clay = makeEnrolledClass({
    nameClass: "Clay for Beginners",
    participantId: 7,
    participantName: "Mia Lopez",
    attendance: miasDays,
  });
  stubApi({ [myEnrolled]: [clay], "/calendarFeed": { url: feedUrl } });
  renderPage();

  const card = within(await screen.findByRole("article", { name: "Clay for Beginners" }));
  await screen.findByLabelText("Calendar link");
  expect(card.getByRole("heading", { level: 3, name: "Attendance" })).toBeInTheDocument();
  const days = card.getByRole("list", { name: "Attendance" });
  expect(
    within(days)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([
    `${dayInWords(dateOf(firstIn))}: Arrived at ${timeOf(firstIn)}, left at ${timeOf(firstOut)}, collected by Rosa Lopez`,
    `${dayInWords(dateOf(secondDay))}: Absent`,
    `${dayInWords(dateOf(todayIn))}: Arrived at ${timeOf(todayIn)}`,
  ]);
  // The spec's card is as it was: its facts and its Start Class button.
  expect(card.getByText("Mia Lopez")).toBeInTheDocument();
  expect(card.getByRole("link", { name: "Start Class" })).toHaveAttribute(
    "href",
    `/classes/${clay._id}`,
  );
  await expectNoSeriousA11yViolations();
});

test("a child checked out alone or with no name recorded shows when they left, and no collector", async () => {
  const leftAt = daysAgo(1, 2);
  const clay = makeEnrolledClass({
    nameClass: "Clay for Beginners",
    attendance: [
      {
        meetingId: 61,
        day: dateOf(daysAgo(1)),
        status: "left",
        checkedInAt: daysAgo(1).toISOString(),
        checkedOutAt: leftAt.toISOString(),
        collectedBy: null,
      },
    ],
  });
  stubApi({ [myEnrolled]: [clay], "/calendarFeed": { url: feedUrl } });
  renderPage();

  const card = within(await screen.findByRole("article", { name: "Clay for Beginners" }));
  await screen.findByLabelText("Calendar link");
  const [day] = within(card.getByRole("list", { name: "Attendance" })).getAllByRole("listitem");
  expect(day).toHaveTextContent(`left at ${timeOf(leftAt)}`);
  expect(day).not.toHaveTextContent("collected by");
});

test("an enrolment with no day marked, or only undone ones, shows no attendance", async () => {
  const watercolor = makeEnrolledClass({ nameClass: "Watercolor Basics", attendance: [] });
  const pottery = makeEnrolledClass({
    nameClass: "Pottery Wheel",
    attendance: [miasDays[1], miasDays[2]],
  });
  const batik = makeEnrolledClass({ nameClass: "Batik on Silk", attendance: [miasDays[2]] });
  stubApi({ [myEnrolled]: [watercolor, pottery, batik], "/calendarFeed": { url: feedUrl } });
  renderPage();

  const card = within(await screen.findByRole("article", { name: "Watercolor Basics" }));
  await screen.findByLabelText("Calendar link");
  expect(card.queryByRole("heading", { name: "Attendance" })).not.toBeInTheDocument();
  expect(card.queryByRole("list", { name: "Attendance" })).not.toBeInTheDocument();
  expect(card.getByRole("link", { name: "Start Class" })).toBeInTheDocument();
  // The undone day is left out beside a day that stands, and alone shows nothing.
  const potteryCard = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(
    within(potteryCard.getByRole("list", { name: "Attendance" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([`${dayInWords(dateOf(secondDay))}: Absent`]);
  const batikCard = within(screen.getByRole("article", { name: "Batik on Silk" }));
  expect(batikCard.queryByRole("list", { name: "Attendance" })).not.toBeInTheDocument();
});

test("a child handed from before-care to their class shows where they went", async () => {
  const leftAt = daysAgo(1, 2);
  const beforeCare = makeEnrolledClass({
    nameClass: "Before-care",
    attendance: [
      {
        meetingId: 71,
        day: dateOf(daysAgo(1)),
        status: "left",
        checkedInAt: daysAgo(1).toISOString(),
        checkedOutAt: leftAt.toISOString(),
        collectedBy: null,
        handedOverTo: "Art Adventures",
      },
    ],
  });
  stubApi({ [myEnrolled]: [beforeCare], "/calendarFeed": { url: feedUrl } });
  renderPage();

  const card = within(await screen.findByRole("article", { name: "Before-care" }));
  await screen.findByLabelText("Calendar link");
  const [day] = within(card.getByRole("list", { name: "Attendance" })).getAllByRole("listitem");
  expect(day).toHaveTextContent(`left at ${timeOf(leftAt)}, went to Art Adventures`);
  expect(day).not.toHaveTextContent("collected by");
});
