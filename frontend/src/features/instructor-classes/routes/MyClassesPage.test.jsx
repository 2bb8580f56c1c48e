import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyClassesPage } from "./MyClassesPage";

const mine = { instructorName: "Sam Instructor", instructorEmail: "instructor@camp.test" };
const clay = makeClass({
  ...mine,
  nameClass: "Clay Creatures",
  price: 45.5,
  seats: 12,
  status: "Approved",
  enroll: 7,
  feedback: "",
});
const ink = makeClass({
  ...mine,
  nameClass: "Ink Landscapes",
  price: 80,
  seats: 5,
  status: "Denied",
  enroll: 0,
  feedback: "Please add a materials list.",
});
const myClassesPath = "/myClasses/instructor%40camp.test";

function renderPage() {
  const auth = signedIn("instructor");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-classes", element: <MyClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-classes", auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

test("each of the instructor's classes shows its facts, status and enrolled count", async () => {
  const fetch = stubApi({ [myClassesPath]: [clay, ink] });
  renderPage();

  await screen.findByRole("article", { name: "Clay Creatures" });
  expect(document.title).toBe("My Classes | Camp");
  expect(fetch).toHaveBeenCalledWith(`/api${myClassesPath}`, expect.anything());
  const clayCard = card("Clay Creatures");
  expect(clayCard.getByRole("img", { name: "Clay Creatures" })).toHaveAttribute("src", clay.image);
  expect(clayCard.getByText("$45.50")).toBeInTheDocument();
  expect(clayCard.getByText("Sam Instructor")).toBeInTheDocument();
  expect(clayCard.getByText("instructor@camp.test")).toBeInTheDocument();
  expect(clayCard.getByText("12")).toBeInTheDocument();
  expect(clayCard.getByText("Approved")).toBeInTheDocument();
  expect(clayCard.getByText("7")).toBeInTheDocument();
  expect(clayCard.queryByText(/Feedback:/)).not.toBeInTheDocument();
  expect(card("Ink Landscapes").getByText("Denied")).toBeInTheDocument();
});

test("the admin's feedback is shown on its class", async () => {
  stubApi({ [myClassesPath]: [clay, ink] });
  renderPage();

  await screen.findByRole("article", { name: "Ink Landscapes" });
  expect(card("Ink Landscapes").getByText("Feedback: Please add a materials list.")).toBeVisible();
});

test("Update leads to the class's update form", async () => {
  stubApi({ [myClassesPath]: [clay, ink] });
  const { user, router } = renderPage();
  await screen.findByRole("article", { name: "Ink Landscapes" });

  await user.click(card("Ink Landscapes").getByRole("link", { name: "Update" }));

  expect(router.state.location.pathname).toBe(`/dashboard/update-class/${ink._id}`);
});

test("Roster leads to the class's roster", async () => {
  stubApi({ [myClassesPath]: [clay, ink] });
  const { user, router } = renderPage();
  await screen.findByRole("article", { name: "Clay Creatures" });

  const roster = card("Clay Creatures").getByRole("link", { name: "Roster" });
  expect(roster).toHaveAccessibleDescription("Clay Creatures");
  await user.click(roster);

  expect(router.state.location.pathname).toBe(`/dashboard/my-classes/${clay._id}/roster`);
});

test("an approved class offers Message families; one still in review does not", async () => {
  stubApi({ [myClassesPath]: [clay, ink] });
  const { user, router } = renderPage();
  await screen.findByRole("article", { name: "Clay Creatures" });
  expect(card("Ink Landscapes").queryByRole("link", { name: "Message families" })).toBeNull();

  const write = card("Clay Creatures").getByRole("link", { name: "Message families" });
  expect(write).toHaveAccessibleDescription("Clay Creatures");
  await user.click(write);

  expect(router.state.location.pathname).toBe(`/dashboard/my-classes/${clay._id}/messages`);
});

describe("Withdraw", () => {
  const withdrawPath = `/classes/${ink._id}/withdraw`;

  test("a class waiting for review is withdrawn after a confirmation", async () => {
    const fetch = stubApi({ [myClassesPath]: [clay, ink], [withdrawPath]: { modifiedCount: 1 } });
    const { user, auth } = renderPage();
    await screen.findByRole("article", { name: "Ink Landscapes" });
    // An approved class has families choosing it: only the school cancels it.
    expect(card("Clay Creatures").queryByRole("button", { name: "Withdraw" })).toBeNull();

    await user.click(card("Ink Landscapes").getByRole("button", { name: "Withdraw" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw Ink Landscapes?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));

    expect(auth.notify).toHaveBeenCalledWith("Ink Landscapes is withdrawn");
    const asked = fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
    expect(asked).toContain(`POST /api${withdrawPath}`);
    // The list is read again for the class's new status.
    expect(asked.filter((call) => call === `GET /api${myClassesPath}`)).toHaveLength(2);
  });

  test("a refusal is shown and nothing else changes", async () => {
    stubApi({
      [myClassesPath]: [clay, ink],
      [withdrawPath]: respond(409, { message: "This class was withdrawn already." }),
    });
    const { user, auth } = renderPage();
    await screen.findByRole("article", { name: "Ink Landscapes" });

    await user.click(card("Ink Landscapes").getByRole("button", { name: "Withdraw" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Withdraw" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("This class was withdrawn already.");
    expect(auth.notify).not.toHaveBeenCalled();
  });

  test("a withdrawn class can no longer be updated", async () => {
    stubApi({ [myClassesPath]: [{ ...ink, status: "Withdrawn" }] });
    renderPage();
    await screen.findByRole("article", { name: "Ink Landscapes" });

    expect(card("Ink Landscapes").queryByRole("link", { name: "Update" })).toBeNull();
    expect(card("Ink Landscapes").queryByRole("button", { name: "Withdraw" })).toBeNull();
    expect(card("Ink Landscapes").getByText("Withdrawn")).toBeInTheDocument();
  });
});

test("without classes the page points to Add a Class", async () => {
  stubApi({ [myClassesPath]: [] });
  renderPage();

  expect(await screen.findByText(/You have not added a class yet\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Add a Class" })).toHaveAttribute(
    "href",
    "/dashboard/add-class",
  );
});

test("a failed request shows an alert", async () => {
  stubApi({ [myClassesPath]: respond(500, { message: "Server error." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("Your classes could not be loaded.");
});

test("the page has no serious accessibility violations", async () => {
  stubApi({ [myClassesPath]: [clay, ink] });
  renderPage();
  await screen.findByRole("article", { name: "Clay Creatures" });

  await expectNoSeriousA11yViolations();
});

test("each class shows what families will read of it", async () => {
  const workshop = makeClass({
    ...mine,
    nameClass: "Paper Cranes",
    description: "Fold a flock of cranes.",
    category: "paper-origami",
    categoryName: "Paper & origami",
    level: "all-levels",
    location: "Library",
    ageMin: 18,
    startDate: "2027-07-03",
    endDate: "2027-07-03",
    meetingDays: ["sat"],
    startTime: "13:00",
    endTime: "16:00",
    meetings: [{ start: "2027-07-03T13:00:00-07:00", end: "2027-07-03T16:00:00-07:00" }],
    totalHours: 3,
    startsAt: "2027-07-03T13:00:00-07:00",
    registrationClosesAt: "2027-07-03T13:00:00-07:00",
    feedback: "",
  });
  stubApi({ [myClassesPath]: [workshop] });
  renderPage();

  const paper = within(await screen.findByRole("article", { name: "Paper Cranes" }));
  expect(paper.getByText("Paper & origami")).toBeInTheDocument();
  expect(paper.getByText("All levels")).toBeInTheDocument();
  expect(paper.getByText("Adults")).toBeInTheDocument();
  expect(paper.getByText("Library")).toBeInTheDocument();
  expect(paper.getByText("Jul 3 · 1:00 PM–4:00 PM")).toBeInTheDocument();
  expect(paper.getByText("3 hours")).toBeInTheDocument();
  expect(paper.getByText("Sat, Jul 3, 2027, 1:00 PM")).toBeInTheDocument();
  expect(paper.getByText("Fold a flock of cranes.")).toBeInTheDocument();
  expect(paper.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
});
