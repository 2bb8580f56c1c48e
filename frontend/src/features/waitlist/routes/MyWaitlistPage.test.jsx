import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeWaitlistEntry } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyWaitlistPage } from "./MyWaitlistPage";

const NOW = new Date("2027-06-01T10:00:00Z");
const OFFER_ENDS = new Date(NOW.getTime() + 2 * 60 * 60 * 1000).toISOString();

function entry(overrides) {
  return makeWaitlistEntry({ participantId: 2, participantName: "Mia Lopez", ...overrides });
}

// Newest first, as the server lists them.
const offered = entry({ _id: 31, status: "offered", position: null, offerExpiresAt: OFFER_ENDS });
const waiting = entry({
  _id: 32,
  classId: 4,
  className: "Pottery Wheel",
  participantId: 3,
  participantName: "Leo Lopez",
  position: 2,
});
const left = entry({
  _id: 33,
  classId: 5,
  className: "Printmaking",
  status: "left",
  position: null,
});
// Leo declined an offer for the wheel before, and is back on its list (32): nothing to rejoin.
const declined = { ...waiting, _id: 34, status: "declined", position: null };
const closed = entry({
  _id: 35,
  classId: 6,
  className: "Loom Weaving",
  status: "closed",
  position: null,
  closedReason: "The school cancelled this class.",
});
const accepted = entry({
  _id: 36,
  classId: 7,
  className: "Clay Critters",
  status: "accepted",
  position: null,
  selectionId: 90,
});
const everyEntry = [offered, waiting, left, declined, closed, accepted];

function renderPage({ answers = {}, hash = "" } = {}) {
  const fetch = stubApi({ "GET /waitlist": everyEntry, ...answers });
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/waitlist", element: <MyWaitlistPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: `/dashboard/waitlist${hash}`, auth },
  );
  return { ...rendered, fetch, auth };
}

// The newest entry of that name (an older one may be for the same class and participant).
function entryCard(name) {
  return within(screen.getAllByRole("article", { name })[0]);
}

function requests(fetch, method) {
  return fetch.mock.calls
    .filter(([, init]) => init.method === method)
    .map(([url, init]) => (init.body ? [url, JSON.parse(init.body)] : url));
}

function waitlistGets(fetch) {
  return requests(fetch, "GET").filter((url) => url === "/api/waitlist");
}

describe("with the clock stopped", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test("each entry names the class, the participant, where it stands and what can be done", async () => {
    renderPage();

    await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" });
    expect(document.title).toBe("My Waitlist | Camp");
    const wheel = entryCard("Pottery Wheel for Leo Lopez");
    expect(wheel.getByText("Waiting")).toBeInTheDocument();
    expect(wheel.getByText("Number 2 on the list")).toBeInTheDocument();
    expect(wheel.getByRole("button", { name: "Leave the waitlist" })).toBeEnabled();
    expect(wheel.queryByRole("button", { name: "Join again" })).not.toBeInTheDocument();
    expect(wheel.getByRole("link", { name: "Pottery Wheel" })).toHaveAttribute(
      "href",
      "/classes/4",
    );

    const offer = entryCard("Watercolor Basics for Mia Lopez");
    expect(offer.getByText("Seat offered")).toBeInTheDocument();
    expect(offer.queryByText(/on the list/)).not.toBeInTheDocument();
    const ends = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(OFFER_ENDS));
    expect(offer.getByText(ends)).toBeInTheDocument();
    expect(offer.getByRole("timer")).toHaveTextContent("(2:00:00 left)");
    expect(offer.getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(offer.getByRole("button", { name: "Decline" })).toBeEnabled();
    expect(offer.getByRole("button", { name: "Leave the waitlist" })).toBeEnabled();

    const printmaking = entryCard("Printmaking for Mia Lopez");
    expect(printmaking.getByText("Left the list")).toBeInTheDocument();
    expect(printmaking.getByRole("button", { name: "Join again" })).toBeEnabled();
    expect(
      printmaking.queryByRole("button", { name: "Leave the waitlist" }),
    ).not.toBeInTheDocument();

    const [, oldWheel] = screen.getAllByRole("article", { name: "Pottery Wheel for Leo Lopez" });
    expect(within(oldWheel).getByText("Declined")).toBeInTheDocument();
    // Leo is back on that list already.
    expect(within(oldWheel).queryByRole("button", { name: "Join again" })).not.toBeInTheDocument();

    const loom = entryCard("Loom Weaving for Mia Lopez");
    expect(loom.getByText("Closed by the school")).toBeInTheDocument();
    expect(loom.getByText("The school cancelled this class.")).toBeInTheDocument();
    expect(loom.queryByRole("button")).not.toBeInTheDocument();

    const clay = entryCard("Clay Critters for Mia Lopez");
    expect(clay.getByText("Accepted")).toBeInTheDocument();
    expect(clay.getByRole("link", { name: "Pay for the seat" })).toHaveAttribute(
      "href",
      "/dashboard/payment/90",
    );
  });

  test("an offer counts down to its expiry; then Accept and Decline go", async () => {
    renderPage({ answers: { "GET /waitlist": [offered] } });
    const offer = within(
      await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" }),
    );

    act(() => jest.advanceTimersByTime(61 * 1000));
    expect(offer.getByRole("timer")).toHaveTextContent("(1:58:59 left)");
    act(() => jest.advanceTimersByTime(2 * 60 * 60 * 1000));

    expect(offer.getByText("This offer has expired.")).toBeInTheDocument();
    expect(offer.queryByRole("timer")).not.toBeInTheDocument();
    expect(offer.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(offer.queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
  });
});

test("the page passes an accessibility check", async () => {
  renderPage();
  await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" });
  await expectNoSeriousA11yViolations();
});

test("Accept takes the held seat to the payment page", async () => {
  const { fetch, router } = renderPage({
    answers: {
      "POST /waitlist/31/accept": { entry: { ...offered, status: "accepted" }, selectionId: 90 },
    },
  });
  const user = userEvent.setup();
  const offer = within(
    await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" }),
  );

  await user.click(offer.getByRole("button", { name: "Accept" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/payment/90"));
  expect(requests(fetch, "POST")).toEqual(["/api/waitlist/31/accept"]);
});

test("an offer that lapsed meanwhile says so when accepted", async () => {
  const { router } = renderPage({
    answers: {
      "POST /waitlist/31/accept": respond(409, { message: "This offer has expired." }),
    },
  });
  const user = userEvent.setup();
  const offer = within(
    await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" }),
  );

  await user.click(offer.getByRole("button", { name: "Accept" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("This offer has expired.");
  expect(router.state.location.pathname).toBe("/dashboard/waitlist");
});

test("Decline asks first, then gives the seat up and says so", async () => {
  const { fetch, auth } = renderPage({
    answers: { "POST /waitlist/31/decline": { ...offered, status: "declined" } },
  });
  const user = userEvent.setup();
  const offer = within(
    await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" }),
  );

  await user.click(offer.getByRole("button", { name: "Decline" }));
  const dialog = within(
    screen.getByRole("dialog", { name: "Decline the seat in Watercolor Basics for Mia Lopez?" }),
  );
  expect(requests(fetch, "POST")).toEqual([]);
  await user.click(dialog.getByRole("button", { name: "Decline the seat" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith(
      "You declined the seat in Watercolor Basics for Mia Lopez.",
    ),
  );
  expect(requests(fetch, "POST")).toEqual(["/api/waitlist/31/decline"]);
  await waitFor(() => expect(waitlistGets(fetch)).toHaveLength(2));
});

test("Leave the waitlist asks first; Cancel keeps the place", async () => {
  const { fetch, auth } = renderPage({
    answers: { "DELETE /waitlist/32": { ...waiting, status: "left", position: null } },
  });
  const user = userEvent.setup();
  await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" });
  const wheel = entryCard("Pottery Wheel for Leo Lopez");

  await user.click(wheel.getByRole("button", { name: "Leave the waitlist" }));
  let dialog = within(
    screen.getByRole("dialog", { name: "Leave the waitlist for Pottery Wheel for Leo Lopez?" }),
  );
  await user.click(dialog.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(requests(fetch, "DELETE")).toEqual([]);

  await user.click(wheel.getByRole("button", { name: "Leave the waitlist" }));
  dialog = within(screen.getByRole("dialog"));
  await user.click(dialog.getByRole("button", { name: "Leave the waitlist" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith(
      "You left the waitlist for Pottery Wheel for Leo Lopez.",
    ),
  );
  expect(requests(fetch, "DELETE")).toEqual(["/api/waitlist/32"]);
  await waitFor(() => expect(waitlistGets(fetch)).toHaveLength(2));
  expect(screen.getByRole("heading", { name: "My Waitlist" })).toHaveFocus();
});

test("Join again puts the same participant back on the same list, at the back", async () => {
  const { fetch, auth } = renderPage({
    answers: {
      "POST /waitlist": respond(201, { ...left, _id: 40, status: "waiting", position: 5 }),
    },
  });
  const user = userEvent.setup();
  await screen.findByRole("article", { name: "Printmaking for Mia Lopez" });

  await user.click(
    entryCard("Printmaking for Mia Lopez").getByRole("button", { name: "Join again" }),
  );

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Mia Lopez is on the waitlist, number 5"),
  );
  expect(requests(fetch, "POST")).toEqual([["/api/waitlist", { classId: 5, participantId: 2 }]]);
  await waitFor(() => expect(waitlistGets(fetch)).toHaveLength(2));
});

test("Join again refused by the server shows its reason", async () => {
  const { auth } = renderPage({
    answers: {
      "POST /waitlist": respond(409, { message: "Seats are free: select the class instead." }),
    },
  });
  const user = userEvent.setup();
  await screen.findByRole("article", { name: "Printmaking for Mia Lopez" });

  await user.click(
    entryCard("Printmaking for Mia Lopez").getByRole("button", { name: "Join again" }),
  );

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Seats are free: select the class instead.",
  );
  expect(auth.notify).not.toHaveBeenCalled();
});

test("the entry the offer e-mail links to is brought into view and stands out", async () => {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  try {
    renderPage({ hash: "#offer-31" });

    const offer = await screen.findByRole("article", { name: "Watercolor Basics for Mia Lopez" });
    await waitFor(() => expect(offer).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(offer);
    expect(offer).toHaveAttribute("id", "offer-31");
    expect(offer).toHaveClass("border-primary");
    expect(offer).toHaveAttribute("aria-current", "true");
    const [wheel] = screen.getAllByRole("article", { name: "Pottery Wheel for Leo Lopez" });
    expect(wheel).not.toHaveClass("border-primary");
    expect(wheel).not.toHaveAttribute("aria-current");
  } finally {
    delete Element.prototype.scrollIntoView;
  }
});

test("without entries the page says so and points to the classes", async () => {
  renderPage({ answers: { "GET /waitlist": [] } });

  expect(await screen.findByText(/You are not on any waitlist/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Browse all classes" })).toHaveAttribute(
    "href",
    "/all-classes",
  );
});

test("a list that cannot be loaded says so", async () => {
  renderPage({ answers: { "GET /waitlist": respond(503, { message: "Try again later." }) } });

  expect(await screen.findByRole("alert")).toHaveTextContent("Your waitlist could not be loaded.");
});
