import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CareMissingPage } from "./CareMissingPage";

const missing = "/care/missing";
const reminders = "POST /care/reminders";

// A moment this many days after the run, as the server writes one.
function daysAhead(days) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
}

// Soonest class first, as the server orders them; the Lopez family has two children in it.
const mia = {
  classId: 3,
  className: "Watercolor Basics",
  firstMeetingAt: daysAhead(3),
  daysToFirstMeeting: 3,
  participantId: 7,
  participantName: "Mia Lopez",
  accountId: 40,
  familyName: "Ana Lopez",
  familyEmail: "ana@family.test",
  missing: ["emergencyContacts", "policy:liability-waiver"],
};
const leo = { ...mia, participantId: 8, participantName: "Leo Lopez", missing: ["record"] };
const noah = {
  classId: 5,
  className: "Clay for Beginners",
  firstMeetingAt: daysAhead(1),
  daysToFirstMeeting: 1,
  participantId: 12,
  participantName: "Noah Park",
  accountId: 41,
  familyName: "Jin Park",
  familyEmail: "jin@family.test",
  missing: ["confirmation", "photoConsent", "policy:code-of-conduct"],
};

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/care-missing", element: <CareMissingPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/care-missing", auth: signedIn("admin") },
  );
  return { ...rendered, user: userEvent.setup() };
}

// The cells of the row whose header is the child's name, by column header.
function rowOf(name) {
  const row = screen.getByRole("rowheader", { name }).closest("tr");
  const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
  return (column) => within(row.cells[headers.indexOf(column)]);
}

function remindButton(name) {
  return screen.getByRole("button", { name: `Remind the family of ${name}` });
}

function reminderRequests(fetch) {
  return fetch.mock.calls
    .filter(([url]) => url.endsWith("/care/reminders"))
    .map(([url, init]) => [url, init.method, JSON.parse(init.body)]);
}

test("each child with something missing: the class and how soon, the family to ask, what is missing", async () => {
  stubApi({ [missing]: [mia, leo, noah] });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Missing Care Records" }),
  ).toBeInTheDocument();
  await screen.findByRole("table");
  expect(document.title).toBe("Missing Care Records | Camp");
  expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
    "Class",
    "First meeting",
    "Child",
    "Family",
    "Missing",
    "Reminder",
  ]);
  expect(screen.getAllByRole("rowheader").map((header) => header.textContent)).toEqual([
    "Mia Lopez",
    "Leo Lopez",
    "Noah Park",
  ]);

  const miaRow = rowOf("Mia Lopez");
  expect(miaRow("Class").getByRole("link", { name: "Watercolor Basics" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/3/roster",
  );
  expect(miaRow("First meeting").getByText("in 3 days")).toBeInTheDocument();
  const when = new Intl.DateTimeFormat(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(mia.firstMeetingAt));
  expect(miaRow("First meeting").getByText(when)).toHaveAttribute("datetime", mia.firstMeetingAt);
  expect(miaRow("Family").getByText("Ana Lopez")).toBeInTheDocument();
  expect(miaRow("Family").getByRole("link", { name: "ana@family.test" })).toHaveAttribute(
    "href",
    "mailto:ana@family.test",
  );
  expect(
    miaRow("Missing")
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["emergency contacts", "liability waiver"]);
  expect(
    rowOf("Leo Lopez")("Missing")
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["care record"]);

  const noahRow = rowOf("Noah Park");
  expect(noahRow("First meeting").getByText("tomorrow")).toBeInTheDocument();
  expect(
    noahRow("Missing")
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["confirmation that the record is still correct", "photo consent", "code of conduct"]);
  expect(noahRow("Reminder").getByRole("button", { name: /Remind the family/ })).toBeEnabled();
  await expectNoSeriousA11yViolations();
});

test("Remind the family sends the family's account, then says the reminder was sent on each of its rows", async () => {
  const fetch = stubApi({ [missing]: [mia, leo, noah], [reminders]: respond(202, { sent: true }) });
  const { user } = renderPage();
  await screen.findByRole("table");

  await user.click(remindButton("Mia Lopez"));

  expect(await rowOf("Mia Lopez")("Reminder").findByText("Reminder sent")).toBeInTheDocument();
  expect(rowOf("Mia Lopez")("Reminder").getByRole("status")).toHaveTextContent("Reminder sent");
  expect(reminderRequests(fetch)).toEqual([["/api/care/reminders", "POST", { accountId: 40 }]]);
  // The same family, on its other child's row; not the next family.
  expect(rowOf("Leo Lopez")("Reminder").getByText("Reminder sent")).toBeInTheDocument();
  expect(remindButton("Mia Lopez")).toBeDisabled();
  expect(remindButton("Leo Lopez")).toBeDisabled();
  expect(remindButton("Noah Park")).toBeEnabled();
  expect(rowOf("Noah Park")("Reminder").queryByText("Reminder sent")).not.toBeInTheDocument();
});

test("a family reminded already today is not e-mailed again, and the page says so", async () => {
  const fetch = stubApi({ [missing]: [mia, noah], [reminders]: respond(202, { sent: false }) });
  const { user } = renderPage();
  await screen.findByRole("table");

  await user.click(remindButton("Noah Park"));

  expect(
    await rowOf("Noah Park")("Reminder").findByText("Already reminded today"),
  ).toBeInTheDocument();
  expect(reminderRequests(fetch)).toEqual([["/api/care/reminders", "POST", { accountId: 41 }]]);
  expect(remindButton("Noah Park")).toBeDisabled();
  expect(rowOf("Mia Lopez")("Reminder").queryByText("Already reminded today")).toBeNull();
});

test("a reminder that fails says why, and may be sent again", async () => {
  stubApi({
    [missing]: [mia],
    [reminders]: respond(503, { message: "The site is busy right now." }),
  });
  const { user } = renderPage();
  await screen.findByRole("table");

  await user.click(remindButton("Mia Lopez"));

  expect(
    await screen.findByText("The reminder could not be sent. The site is busy right now."),
  ).toBeInTheDocument();
  await waitFor(() => expect(remindButton("Mia Lopez")).toBeEnabled());
});

test("with every record complete the page says so", async () => {
  stubApi({ [missing]: [] });
  renderPage();

  expect(
    await screen.findByText(
      "Every child enrolled in an upcoming class has a complete care record.",
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
});

test("a list that cannot be loaded says why", async () => {
  stubApi({ [missing]: respond(503, { message: "The site is busy right now." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The missing care records could not be loaded.");
  expect(alert).toHaveTextContent("The site is busy right now.");
});
