import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSWRConfig } from "swr";

import { revalidateClassLists } from "../../../api/classes";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeChance, makeMeetings, makeScheduledClass, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { PICTURE_SIZES } from "../../../components/ui/pictureSources";
import { WATCHED_CLASSES_KEY, watchedClasses } from "../../../lib/watchedClasses";
import { ClassPage } from "./ClassPage";

const eligibility = (id) => `/eligibility?classIds=${id}`;

// The server's answer for the student alone (the account holder), for class `id`.
function answerFor(id, refusal = null) {
  return { classes: { [id]: [makeChance(myself, refusal)] } };
}

const watercolor = makeScheduledClass({
  _id: 7,
  nameClass: "Watercolor Week",
  location: "Studio B, east wing",
  price: 120,
  seats: 5,
  noMeetingDates: ["2027-06-15"],
});

function renderPage({ auth = visitor, id = 7 } = {}) {
  const rendered = renderWithProviders(<ClassPage />, {
    route: `/classes/${id}`,
    path: "/classes/:id",
    auth,
  });
  return { ...rendered, user: userEvent.setup() };
}

function facts() {
  const list = screen.getByRole("heading", { level: 1 }).parentElement.querySelector("dl");
  return Object.fromEntries(
    [...list.querySelectorAll("dt")].map((term) => [
      term.textContent,
      term.nextElementSibling.textContent,
    ]),
  );
}

test("the page shows the whole class", async () => {
  stubApi({ "/classes/7": watercolor });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Watercolor Week" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Watercolor Week | Camp");
  expect(screen.getByRole("img", { name: "Watercolor Week" })).toHaveAttribute(
    "src",
    watercolor.image,
  );
  expect(screen.getByText("Painting")).toBeInTheDocument();
  expect(facts()).toEqual({
    Ages: "Ages 8–12",
    Level: "Beginner",
    Location: "Studio B, east wing",
    Instructor: "Ada Brush",
    Price: "$120.00",
    "Available seats": "5",
    "Total time": "9 hours",
  });
  expect(screen.getByRole("link", { name: "Ada Brush" })).toHaveAttribute("href", "/instructors/4");
  expect(screen.getByText("Registration closes Mon, Jun 14, 2027, 9:00 AM.")).toBeInTheDocument();
});

test("the class is kept as looked at, for the opening morning's line", async () => {
  window.localStorage.setItem(WATCHED_CLASSES_KEY, JSON.stringify([3]));
  stubApi({ "/classes/7": watercolor });
  renderPage();

  await screen.findByRole("heading", { level: 1, name: "Watercolor Week" });

  expect(watchedClasses()).toEqual([7, 3]);
  window.localStorage.clear();
});

test("the class's picture, the page's largest paint, comes at the width the page shows it", async () => {
  stubApi({ "/classes/7": { ...watercolor, image: "/static/img/demo/watercolor-640w.webp" } });
  renderPage();

  const picture = await screen.findByRole("img", { name: "Watercolor Week" });
  expect(picture).toHaveAttribute(
    "srcset",
    "/static/img/demo/watercolor-320w.webp 320w, /static/img/demo/watercolor-480w.webp 480w, " +
      "/static/img/demo/watercolor-640w.webp 640w",
  );
  expect(picture).toHaveAttribute("sizes", PICTURE_SIZES.classPage);
  expect(picture).toHaveAttribute("fetchpriority", "high");
});

test("the description keeps its paragraphs, as plain text", async () => {
  const markup = makeScheduledClass({
    _id: 8,
    nameClass: "Paper Birds",
    description: "Fold a <b>crane</b>.\n\n\nThen a swan.\nAnd a frog.",
  });
  stubApi({ "/classes/8": markup });
  renderPage({ id: 8 });

  const about = within(await screen.findByRole("region", { name: "About this class" }));
  const paragraphs = about.getAllByText(/./, { selector: "p" });
  expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual([
    "Fold a <b>crane</b>.",
    "Then a swan.\nAnd a frog.",
  ]);
  expect(document.querySelector("b")).not.toBeInTheDocument();
});

test("the schedule lists every meeting, and the calendar file is offered", async () => {
  stubApi({ "/classes/7": watercolor });
  renderPage();

  const schedule = within(await screen.findByRole("region", { name: "Schedule" }));
  expect(schedule.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "Mon, Jun 14, 2027, 9:00 AM–12:00 PM",
    "Wed, Jun 16, 2027, 9:00 AM–12:00 PM",
    "Fri, Jun 18, 2027, 9:00 AM–12:00 PM",
  ]);
  expect(schedule.getByText("No class on Tue, Jun 15, 2027.")).toBeInTheDocument();
  const calendar = screen.getByRole("link", { name: "Add to calendar" });
  expect(calendar).toHaveAttribute("href", "/api/classes/7/calendar.ics");
  expect(calendar).toHaveAttribute("download", "Watercolor Week.ics");
});

test("a class without meetings is to be announced, with no calendar file", async () => {
  const unscheduled = makeScheduledClass({
    _id: 9,
    nameClass: "Autumn Pottery",
    meetings: [],
    totalHours: 0,
    startsAt: null,
    registrationClosesAt: null,
  });
  stubApi({ "/classes/9": unscheduled });
  renderPage({ id: 9 });

  const schedule = within(await screen.findByRole("region", { name: "Schedule" }));
  expect(schedule.getByText("Schedule to be announced")).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Add to calendar" })).not.toBeInTheDocument();
  expect(facts()).not.toHaveProperty("Total time");
});

test("once registration has closed the page says when, in the server's words, and Select is off", async () => {
  const closed = makeScheduledClass({
    _id: 10,
    nameClass: "Closed Class",
    registrationClosesAt: "2027-06-01T17:00:00-07:00",
    registrationOpen: false,
  });
  const sentence = "Registration for this class closed on Tuesday, June 1, 2027.";
  stubApi({
    "/classes/10": closed,
    "/participants": [myself],
    [eligibility(10)]: answerFor(10, { kind: "registration-closed", reason: sentence }),
  });
  renderPage({ id: 10, auth: signedIn("student") });

  const closedButton = await screen.findByRole("button", { name: "Registration closed" });
  expect(closedButton).toHaveAttribute("aria-disabled", "true");
  await waitFor(() => expect(closedButton).toHaveAccessibleDescription(sentence));
});

test("a class that has begun says so", async () => {
  const started = makeScheduledClass({
    _id: 11,
    nameClass: "Spring Drawing",
    meetings: makeMeetings(["2020-04-06"]),
    startsAt: "2020-04-06T09:00:00-07:00",
    registrationClosesAt: "2020-04-06T09:00:00-07:00",
    registrationOpen: false,
  });
  stubApi({
    "/classes/11": started,
    "/participants": [myself],
    [eligibility(11)]: answerFor(11, {
      kind: "started",
      reason: "This class has already started.",
    }),
  });
  renderPage({ id: 11, auth: signedIn("student") });

  const closedButton = await screen.findByRole("button", { name: "Registration closed" });
  expect(closedButton).toHaveAttribute("aria-disabled", "true");
  await waitFor(() =>
    expect(closedButton).toHaveAccessibleDescription("This class has already started."),
  );
});

test("a visitor reads a closed class from its own state", async () => {
  stubApi({ "/classes/10": makeScheduledClass({ _id: 10, registrationOpen: false }) });
  renderPage({ id: 10 });

  const closedButton = await screen.findByRole("button", { name: "Registration closed" });
  expect(closedButton).toHaveAttribute("aria-disabled", "true");
});

test("a student selects the class from its page, and the button says what the server now says", async () => {
  const answers = {
    "/classes/7": watercolor,
    "/participants": [myself],
    [eligibility(7)]: answerFor(7),
    "/selectClass": respond(201, { insertedId: 90 }),
  };
  const fetch = stubApi(answers);
  const auth = signedIn("student");
  const { user } = renderPage({ auth });
  const select = await screen.findByRole("button", { name: "Select" });
  await waitFor(() => expect(select).not.toHaveAttribute("aria-disabled"));
  // What the server answers once the class is selected.
  answers[eligibility(7)] = answerFor(7, {
    kind: "selected",
    reason: "You have already selected this class.",
  });

  await user.click(select);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Watercolor Week is Selected Successfully"),
  );
  expect(select).toHaveAttribute("aria-disabled", "true");
  expect(select).toHaveAccessibleName("Selected");
  expect(select).toHaveAccessibleDescription(/You have already selected this class\.$/);
  expect(screen.getByText("You have already selected this class.")).toBeVisible();
  const [, post] = fetch.mock.calls.find(([, init]) => init.method === "POST");
  expect(JSON.parse(post.body)).toEqual({ classId: 7 });
});

test("the server's refusal is shown and Select stays on", async () => {
  stubApi({
    "/classes/7": watercolor,
    "/participants": [myself],
    [eligibility(7)]: answerFor(7),
    "/selectClass": respond(409, { message: "This class meets at the same time as Clay Night." }),
  });
  const { user } = renderPage({ auth: signedIn("student") });
  const select = await screen.findByRole("button", { name: "Select" });
  await waitFor(() => expect(select).not.toHaveAttribute("aria-disabled"));

  await user.click(select);

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "This class meets at the same time as Clay Night.",
  );
  expect(select).not.toHaveAttribute("aria-disabled");
});

test("a clash the server names is shown before any press", async () => {
  const clash = "This class meets at the same time as Clay Night.";
  stubApi({
    "/classes/7": watercolor,
    "/participants": [myself],
    [eligibility(7)]: answerFor(7, { kind: "schedule-conflict", reason: clash }),
  });
  renderPage({ auth: signedIn("student") });

  expect(await screen.findByText(clash)).toBeInTheDocument();
  const select = screen.getByRole("button", { name: "Time clash" });
  expect(select).toHaveAttribute("aria-disabled", "true");
  expect(select).toHaveAccessibleDescription(expect.stringContaining(clash));
});

test("a visitor's Select asks them to log in, and brings them back here", async () => {
  stubApi({ "/classes/7": watercolor });
  const { user, router } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Select" }));
  await user.click(
    within(
      screen.getByRole("dialog", { name: "Please Login at First to Select this Class" }),
    ).getByRole("button", { name: "Login Now!" }),
  );

  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state.from.pathname).toBe("/classes/7");
});

test.each([
  ["an admin", "admin"],
  ["an instructor", "instructor"],
])("%s cannot select from the page", async (_, role) => {
  stubApi({ "/classes/7": watercolor });
  renderPage({ auth: signedIn(role) });

  expect(await screen.findByRole("button", { name: "Select" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
});

test("an instructor previewing a class under review sees its status", async () => {
  stubApi({ "/classes/12": makeScheduledClass({ _id: 12, status: "Pending" }) });
  renderPage({ id: 12, auth: signedIn("instructor") });

  expect(await screen.findByText("Pending")).toHaveClass("badge");
});

test("a class the server does not know is not found, with the way back", async () => {
  stubApi({});
  renderPage({ id: 404 });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Class not found" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Class not found | Camp");
  expect(screen.getByRole("link", { name: "Back to All Classes" })).toHaveAttribute(
    "href",
    "/all-classes",
  );
});

test("any other failure shows an alert", async () => {
  stubApi({ "/classes/7": respond(500, { message: "Server error." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The class could not be loaded.");
  expect(alert).toHaveTextContent("Server error.");
});

test("the page has no serious accessibility violations", async () => {
  stubApi({ "/classes/7": watercolor });
  renderPage();
  await screen.findByRole("heading", { level: 1, name: "Watercolor Week" });

  await expectNoSeriousA11yViolations();
});

test("the page is asked for again after a class changes elsewhere", async () => {
  const answers = { "/classes/7": watercolor };
  stubApi(answers);
  let mutate;
  function Revalidator() {
    ({ mutate } = useSWRConfig());
    return null;
  }
  renderWithProviders(
    <>
      <ClassPage />
      <Revalidator />
    </>,
    { route: "/classes/7", path: "/classes/:id" },
  );
  await screen.findByRole("heading", { level: 1, name: "Watercolor Week" });
  answers["/classes/7"] = { ...watercolor, nameClass: "Watercolor Fortnight" };

  await act(() => revalidateClassLists(mutate));

  expect(
    await screen.findByRole("heading", { level: 1, name: "Watercolor Fortnight" }),
  ).toBeInTheDocument();
});
