import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeEnrolledClass as makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

const myEnrolled = "/enrolledStudent/student%40camp.test";
const feedUrl = "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics";
const newFeedUrl = "https://camp.test/api/calendar/N3wT0k3nAfterReset5pQ.ics";

function renderPage(route = "/dashboard/my-enrolled-classes") {
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route, auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

test("each enrolled class shows its picture, name, instructor, price and Start Class", async () => {
  const watercolor = makeClass({ nameClass: "Watercolor Basics", price: 45.5 });
  const pottery = makeClass({ nameClass: "Pottery Wheel", price: 120, instructorName: "Bo Clay" });
  stubApi({ [myEnrolled]: [watercolor, pottery], "/calendarFeed": { url: feedUrl } });
  const { user } = renderPage();

  const card = within(await screen.findByRole("article", { name: "Watercolor Basics" }));
  await screen.findByLabelText("Calendar link");
  expect(document.title).toBe("My Enrolled Classes | Camp");
  expect(card.getByRole("img", { name: "Watercolor Basics" })).toHaveAttribute(
    "src",
    watercolor.image,
  );
  expect(card.getByText("Ada Brush")).toBeInTheDocument();
  expect(card.getByText("$45.50")).toBeInTheDocument();
  const pottteryCard = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(pottteryCard.getByText("Bo Clay")).toBeInTheDocument();
  expect(pottteryCard.getByText("$120.00")).toBeInTheDocument();

  // Start Class leads to the class's page, where its schedule is.
  const start = card.getByRole("link", { name: "Start Class" });
  expect(start).toHaveAttribute("href", `/classes/${watercolor._id}`);
  expect(start).toHaveAccessibleDescription("Watercolor Basics");
  await expectNoSeriousA11yViolations();
  await user.click(start);
  expect(await screen.findByRole("heading", { name: "Other page" })).toBeInTheDocument();
});

test("without enrolments the page says so", async () => {
  stubApi({ [myEnrolled]: [], "/calendarFeed": { url: feedUrl } });
  renderPage();

  expect(await screen.findByText(/You are not enrolled in any classes yet/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Pay for a selected class" })).toHaveAttribute(
    "href",
    "/dashboard/my-selected-classes",
  );
  await screen.findByLabelText("Calendar link");
});

test("each enrolled class shows when it meets, and its name leads to its page", async () => {
  const watercolor = makeClass({
    _id: 3,
    nameClass: "Watercolor Basics",
    meetingDays: ["tue", "thu"],
    startTime: "13:00",
    endTime: "15:00",
    meetings: [
      { id: 31, start: "2027-06-15T13:00:00-07:00", end: "2027-06-15T15:00:00-07:00" },
      { id: 32, start: "2027-06-24T13:00:00-07:00", end: "2027-06-24T15:00:00-07:00" },
    ],
  });
  const pottery = makeClass({ nameClass: "Pottery Wheel" });
  stubApi({ [myEnrolled]: [watercolor, pottery], "/calendarFeed": { url: feedUrl } });
  const { user, router } = renderPage();

  const card = within(await screen.findByRole("article", { name: "Watercolor Basics" }));
  expect(card.getByText("Jun 15 – Jun 24 · Tue, Thu · 1:00 PM–3:00 PM")).toBeInTheDocument();
  const potteryCard = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(potteryCard.getByText("Schedule to be announced")).toBeInTheDocument();
  await screen.findByLabelText("Calendar link");

  await user.click(card.getByRole("link", { name: "Watercolor Basics" }));

  expect(router.state.location.pathname).toBe("/classes/3");
});

describe("the calendar of enrolled classes", () => {
  function calendarBox() {
    return within(screen.getByRole("region", { name: "Your calendar" }));
  }

  test("the private link is shown read-only, with what it is for", async () => {
    stubApi({ [myEnrolled]: [], "/calendarFeed": { url: feedUrl } });
    renderPage();

    const link = await screen.findByLabelText("Calendar link");
    expect(link).toHaveValue(feedUrl);
    expect(link).toHaveAttribute("readonly");
    expect(link).toHaveAccessibleDescription(/Google Calendar, Apple Calendar or Outlook/);
    expect(calendarBox().getByText(/A private link/)).toBeInTheDocument();
    await expectNoSeriousA11yViolations();
  });

  test("Copy link puts the link on the clipboard and says so", async () => {
    stubApi({ [myEnrolled]: [], "/calendarFeed": { url: feedUrl } });
    const { user, auth } = renderPage();
    await screen.findByLabelText("Calendar link");

    await user.click(calendarBox().getByRole("button", { name: "Copy link" }));

    expect(auth.notify).toHaveBeenCalledWith("Link copied");
    expect(await navigator.clipboard.readText()).toBe(feedUrl);
  });

  test("without a clipboard, Copy link selects the link for the person to copy", async () => {
    stubApi({ [myEnrolled]: [], "/calendarFeed": { url: feedUrl } });
    const { user, auth } = renderPage();
    const link = await screen.findByLabelText("Calendar link");
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("Not allowed"));

    await user.click(calendarBox().getByRole("button", { name: "Copy link" }));

    await waitFor(() => expect(link).toHaveFocus());
    expect(link.selectionStart).toBe(0);
    expect(link.selectionEnd).toBe(feedUrl.length);
    expect(auth.notify).toHaveBeenCalledWith(
      "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it",
    );
    expect(auth.notify).not.toHaveBeenCalledWith("Link copied");
  });

  test("Reset link asks first, and Cancel keeps the link", async () => {
    const fetch = stubApi({ [myEnrolled]: [], "/calendarFeed": { url: feedUrl } });
    const { user } = renderPage();
    await screen.findByLabelText("Calendar link");

    await user.click(calendarBox().getByRole("button", { name: "Reset link" }));

    const dialog = within(screen.getByRole("dialog", { name: "Reset your calendar link?" }));
    expect(dialog.getByText(/The old link will stop working/)).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Calendar link")).toHaveValue(feedUrl);
    expect(fetch.mock.calls.map(([, init]) => init.method)).not.toContain("POST");
  });

  test("a confirmed reset shows the new link", async () => {
    const fetch = stubApi({
      [myEnrolled]: [],
      "/calendarFeed": { url: feedUrl },
      "/calendarFeed/reset": { url: newFeedUrl },
    });
    const { user, auth } = renderPage();
    await screen.findByLabelText("Calendar link");

    await user.click(calendarBox().getByRole("button", { name: "Reset link" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Reset link" }),
    );

    await waitFor(() => expect(screen.getByLabelText("Calendar link")).toHaveValue(newFeedUrl));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(auth.notify).toHaveBeenCalledWith("Your calendar has a new link");
    expect(
      fetch.mock.calls.filter(([, init]) => init.method === "POST").map(([url]) => url),
    ).toEqual(["/api/calendarFeed/reset"]);
  });

  test("a failed reset keeps the dialog open with the reason, and the old link", async () => {
    stubApi({
      [myEnrolled]: [],
      "/calendarFeed": { url: feedUrl },
      "/calendarFeed/reset": respond(503, { message: "The site is busy right now." }),
    });
    const { user, auth } = renderPage();
    await screen.findByLabelText("Calendar link");

    await user.click(calendarBox().getByRole("button", { name: "Reset link" }));
    const dialog = within(screen.getByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Reset link" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("The site is busy right now.");
    expect(screen.getByLabelText("Calendar link")).toHaveValue(feedUrl);
    expect(auth.notify).not.toHaveBeenCalled();
  });

  test("a link that cannot be loaded says so", async () => {
    stubApi({
      [myEnrolled]: [],
      "/calendarFeed": respond(503, { message: "Try again later." }),
    });
    renderPage();

    expect(await calendarBox().findByRole("alert")).toHaveTextContent(
      "Your calendar link could not be loaded.",
    );
  });
});

describe("a family's enrolments", () => {
  const ana = { participantId: 1, participantName: "Ana Lopez" };
  const mia = { participantId: 7, participantName: "Mia Lopez" };
  const leo = { participantId: 9, participantName: "Leo Lopez" };
  const watercolor = makeClass({ nameClass: "Watercolor Basics" });
  const pottery = makeClass({ nameClass: "Pottery Wheel" });
  const miasEnrolments = `${myEnrolled}?participant=7`;

  function participantFilter() {
    return screen.queryByRole("combobox", { name: "Show" });
  }

  function participantOf(article) {
    return within(article).getByText("For").nextElementSibling;
  }

  test("each enrolment says who holds the seat; two children in one class are two cards", async () => {
    stubApi({
      [myEnrolled]: [
        { ...watercolor, ...mia },
        { ...watercolor, ...leo },
        { ...pottery, ...ana },
      ],
      "/calendarFeed": { url: feedUrl },
    });
    renderPage();

    const watercolorCards = await screen.findAllByRole("article", { name: "Watercolor Basics" });
    expect(watercolorCards.map((article) => participantOf(article).textContent)).toEqual([
      "Mia Lopez",
      "Leo Lopez",
    ]);
    expect(participantOf(screen.getByRole("article", { name: "Pottery Wheel" }))).toHaveTextContent(
      "Ana Lopez",
    );
    await screen.findByLabelText("Calendar link");
  });

  test("with one participant named there is nothing to filter", async () => {
    stubApi({
      [myEnrolled]: [
        { ...watercolor, ...ana },
        { ...pottery, ...ana },
      ],
      "/calendarFeed": { url: feedUrl },
    });
    renderPage();

    await screen.findByRole("article", { name: "Pottery Wheel" });
    await screen.findByLabelText("Calendar link");
    expect(participantFilter()).not.toBeInTheDocument();
  });

  test("choosing a participant asks the server for their enrolments and keeps it in the address", async () => {
    const fetch = stubApi({
      [myEnrolled]: [
        { ...watercolor, ...mia },
        { ...watercolor, ...leo },
        { ...pottery, ...ana },
      ],
      [miasEnrolments]: [{ ...watercolor, ...mia }],
      "/calendarFeed": { url: feedUrl },
    });
    const { user, router } = renderPage();
    await screen.findByRole("article", { name: "Pottery Wheel" });
    await screen.findByLabelText("Calendar link");
    expect(
      within(participantFilter())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Everyone", "Ana Lopez", "Leo Lopez", "Mia Lopez"]);

    await user.selectOptions(participantFilter(), "Mia Lopez");

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Pottery Wheel" })).not.toBeInTheDocument(),
    );
    const [onlyCard] = screen.getAllByRole("article", { name: "Watercolor Basics" });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(participantOf(onlyCard)).toHaveTextContent("Mia Lopez");
    expect(fetch).toHaveBeenCalledWith(`/api${miasEnrolments}`, expect.anything());
    expect(router.state.location.search).toBe("?participant=7");
  });

  test("the participant in the address is asked for on arrival, as after a reload", async () => {
    const fetch = stubApi({
      [myEnrolled]: [
        { ...watercolor, ...mia },
        { ...pottery, ...ana },
      ],
      [miasEnrolments]: [{ ...watercolor, ...mia }],
      "/calendarFeed": { url: feedUrl },
    });
    renderPage("/dashboard/my-enrolled-classes?participant=7");

    expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
    await screen.findByLabelText("Calendar link");
    expect(participantFilter()).toHaveValue("7");
    expect(screen.queryByRole("article", { name: "Pottery Wheel" })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`/api${miasEnrolments}`, expect.anything());
  });
});
