import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeChance, makeClass, makeSeason, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Friday, 10:00 AM at the school.
const NOW = Date.parse("2027-10-29T17:00:00Z");

const eligibility = "/eligibility?classIds=7";
const NOT_OPEN_YET =
  "Registration for Summer Session opens on Sunday, October 31, 2027 at 1:00 PM.";

const watercolor = makeClass({ _id: 7, nameClass: "Watercolor Week", seasonId: 3 });

// `stubs` are the server's answers: a test changes them as the server would.
function renderPage({ auth = visitor, stubs }) {
  const answers = { "/classes/7": watercolor, ...stubs };
  const fetch = stubApi(answers);
  renderWithProviders(<ClassPage />, { route: "/classes/7", path: "/classes/:id", auth });
  return { answers, fetch, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

function asked(fetch, path) {
  return fetch.mock.calls.filter(([url, init]) => url === `/api${path}` && init.method === "GET")
    .length;
}

function countdown() {
  return screen.getByRole("timer");
}

function passes(time) {
  act(() => jest.advanceTimersByTime(time));
}

describe("with the clock stopped", () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  test("a visitor sees when registration opens, counting down, and Select waits", async () => {
    const { fetch } = renderPage({
      stubs: { "/seasons": [makeSeason({ opensIn: 2 * DAY + 3 * HOUR })] },
    });

    const button = await screen.findByRole("button", { name: "Opens soon" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(countdown().textContent).toBe("Registration opens in 2 days 3 hours");
    // Its ticking is not read out; the button it describes says when.
    expect(countdown()).toHaveAttribute("aria-live", "off");
    expect(screen.getByText("Sun, Oct 31, 2027, 1:00 PM")).toHaveAttribute(
      "datetime",
      "2027-10-31T13:00:00-07:00",
    );
    expect(button).toHaveAccessibleDescription(
      "Registration opens in 2 days 3 hours Sun, Oct 31, 2027, 1:00 PM",
    );
    expect(screen.queryByText("Early access for your family")).not.toBeInTheDocument();

    passes(3 * HOUR);
    expect(countdown().textContent).toBe("Registration opens in 2 days");
    passes(2 * DAY - 5 * MINUTE);
    expect(countdown().textContent).toBe("Registration opens in 5 minutes");
    passes(4 * MINUTE + 18 * SECOND);
    expect(countdown().textContent).toBe("Registration opens in 42 seconds");
    passes(SECOND);
    expect(countdown().textContent).toBe("Registration opens in 41 seconds");
    // One answer for the page, not one per tick.
    expect(asked(fetch, "/seasons")).toBe(1);
  });

  test("at zero the seasons and the family's answer are asked again, and Select turns on", async () => {
    const season = makeSeason({ opensIn: 90 * SECOND });
    const stubs = {
      "/seasons": [season],
      "/participants": [myself],
      [eligibility]: {
        classes: {
          7: [makeChance(myself, { kind: "registration-not-open", reason: NOT_OPEN_YET })],
        },
      },
    };
    const { answers, fetch } = renderPage({ auth: signedIn("student"), stubs });
    const button = await screen.findByRole("button", { name: "Opens soon" });
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(expect.stringContaining(NOT_OPEN_YET)),
    );
    expect(countdown().textContent).toBe("Registration opens in 2 minutes");
    // What the server says once the season has opened.
    answers["/seasons"] = [{ ...season, registrationOpen: true }];
    answers[eligibility] = { classes: { 7: [makeChance(myself)] } };

    passes(30 * SECOND);
    expect(countdown().textContent).toBe("Registration opens in 1 minute");
    passes(59 * SECOND);
    expect(countdown().textContent).toBe("Registration opens in 1 second");
    expect(asked(fetch, "/seasons")).toBe(1);
    passes(SECOND);

    await waitFor(() => expect(button).toHaveAccessibleName("Select"));
    await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled"));
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(screen.queryByText(NOT_OPEN_YET)).not.toBeInTheDocument();
    expect(asked(fetch, "/seasons")).toBe(2);
    expect(asked(fetch, eligibility)).toBe(2);
  });

  test("a family with early access counts down to its own opening, and is told why", async () => {
    const season = makeSeason({
      opensIn: 3 * DAY,
      earlyAccessIn: 2 * DAY + 3 * HOUR,
      hasEarlyAccess: true,
    });
    renderPage({
      auth: signedIn("student"),
      stubs: {
        "/seasons": [season],
        "/participants": [myself],
        [eligibility]: {
          classes: {
            7: [makeChance(myself, { kind: "registration-not-open", reason: NOT_OPEN_YET })],
          },
        },
      },
    });

    expect(await screen.findByText("Early access for your family")).toBeInTheDocument();
    expect(countdown().textContent).toBe("Registration opens in 2 days 3 hours");
    expect(screen.getByText("Sun, Oct 31, 2027, 1:00 PM")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Opens soon" });
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(expect.stringContaining(NOT_OPEN_YET)),
    );
    expect(screen.getByText(NOT_OPEN_YET)).toBeInTheDocument();
  });

  test("a closed season shows no countdown, only Registration closed", async () => {
    renderPage({ stubs: { "/seasons": [makeSeason({ opensIn: -90 * DAY, closesIn: -DAY })] } });

    expect(await screen.findByRole("button", { name: "Registration closed" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  });

  test("a Select the server finds too early shows its words, and the page catches up", async () => {
    const stubs = {
      // Read before the school moved the opening: the page thinks the season is open.
      "/seasons": [makeSeason()],
      "/participants": [myself],
      [eligibility]: { classes: { 7: [makeChance(myself)] } },
      "/selectClass": respond(409, { message: NOT_OPEN_YET, code: "registration_not_open" }),
    };
    const { answers, fetch, user } = renderPage({ auth: signedIn("student"), stubs });
    const select = await screen.findByRole("button", { name: "Select" });
    await waitFor(() => expect(select).not.toHaveAttribute("aria-disabled"));
    answers["/seasons"] = [makeSeason({ opensIn: 2 * DAY + 3 * HOUR })];
    answers[eligibility] = {
      classes: { 7: [makeChance(myself, { kind: "registration-not-open", reason: NOT_OPEN_YET })] },
    };

    await user.click(select);

    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_OPEN_YET);
    expect(select).toHaveAccessibleName("Opens soon");
    expect(select).toHaveAttribute("aria-disabled", "true");
    expect(countdown().textContent).toBe("Registration opens in 2 days 3 hours");
    expect(asked(fetch, "/seasons")).toBe(2);
  });
});

test("a class of no season asks nothing of the seasons", async () => {
  const { fetch } = renderPage({ stubs: { "/classes/7": { ...watercolor, seasonId: null } } });

  await screen.findByRole("button", { name: "Select" });
  expect(asked(fetch, "/seasons")).toBe(0);
  expect(screen.queryByRole("timer")).not.toBeInTheDocument();
});

test("the countdown passes an accessibility check", async () => {
  renderPage({
    stubs: {
      "/seasons": [makeSeason({ opensIn: 2 * DAY, earlyAccessIn: DAY, hasEarlyAccess: true })],
    },
  });
  await screen.findByRole("timer");

  await expectNoSeriousA11yViolations();
});
