import { act, screen } from "@testing-library/react";

import { answerFor } from "../../../testing/api";
import { makeLineStanding } from "../../../testing/fixtures";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { ADMISSION_EXPIRES_KEY, ADMISSION_KEY, LINE_KEY } from "../../../lib/waitingRoom";
import { WaitingRoomPage } from "./WaitingRoomPage";

// The page's clock is frozen at NOW (jest's fake timers); every time below is reckoned from it.
const NOW = new Date();
const minutesFromNow = (minutes) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const OPENED = minutesFromNow(-5);
const ADMISSION_ENDS = minutesFromNow(20);

// A family's standing as the server answers it: in line, third, at a pace of 4 seconds.
function standing(fields = {}) {
  return makeLineStanding({ opensAt: OPENED, ...fields });
}

function admitted(fields = {}) {
  return standing({
    position: null,
    admitted: true,
    admission: "admission-1",
    admissionExpiresAt: ADMISSION_ENDS,
    estimatedWaitSeconds: null,
    ...fields,
  });
}

/*
 * The server's line: each request is answered by the next of `answers` (the last one again once
 * they run out), checked against the API's schema. Answers {method, path, body} for each request.
 */
function serveLine(...answers) {
  const asked = [];
  global.fetch = jest.fn((url, init = {}) => {
    asked.push({
      method: init.method ?? "GET",
      path: String(url),
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    });
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next.__status
      ? answerFor(url, init, next.__status, next.body)
      : answerFor(url, init, 200, next);
  });
  return asked;
}

function openWaitingRoom(from) {
  return renderWithProviders(<WaitingRoomPage />, {
    path: "/waiting-room",
    route: { pathname: "/waiting-room", state: from ? { from: { pathname: from } } : undefined },
  });
}

const place = () => screen.getByRole("status");

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  jest.useRealTimers();
});

test("a family joins the line, then the page asks after its place at the server's pace", async () => {
  const asked = serveLine(standing(), standing({ position: 2, estimatedWaitSeconds: 150 }));
  openWaitingRoom("/dashboard/my-selected-classes");

  expect(screen.getByRole("heading", { level: 1, name: "Waiting Room" })).toBeVisible();
  expect(await screen.findByText("You are number 3 in line")).toBe(place());
  expect(place()).toHaveAttribute("aria-live", "polite");
  expect(screen.getByText(/^Summer registration opened/)).toBeVisible();
  expect(screen.getByText("Estimated wait: about 4 minutes")).toBeVisible();
  expect(
    screen.getByText(/Reloading it, or opening the site in another tab, keeps your place/),
  ).toBeVisible();
  expect(window.localStorage.getItem(LINE_KEY)).toBe("token-1");
  expect(asked).toEqual([{ method: "POST", path: "/api/waitingRoom", body: {} }]);

  // Not before the 4 seconds the server asked for.
  await act(async () => jest.advanceTimersByTime(3900));
  expect(asked).toHaveLength(1);
  expect(await screen.findByText("You are number 2 in line")).toBe(place());
  expect(screen.getByText("Estimated wait: about 3 minutes")).toBeVisible();
  expect(asked[1]).toEqual({
    method: "GET",
    path: "/api/waitingRoom?line=token-1",
    body: undefined,
  });

  await act(async () => jest.advanceTimersByTime(4000));
  expect(asked).toHaveLength(3);
  expect(asked[2].method).toBe("GET");
});

test("the place said moves as the line does, and the page has no serious violations", async () => {
  serveLine(standing({ position: 5 }), standing({ position: 4 }), standing({ position: 1 }));
  openWaitingRoom();

  expect(await screen.findByText("You are number 5 in line")).toBeVisible();
  expect(await screen.findByText("You are number 4 in line")).toBeVisible();
  expect(await screen.findByText("You are number 1 in line")).toBeVisible();
  jest.useRealTimers();
  await expectNoSeriousA11yViolations();
});

test("a poll that brings the same place changes nothing in the live region, so nothing is said again", async () => {
  serveLine(standing({ position: 3 }), standing({ position: 3 }), standing({ position: 2 }));
  openWaitingRoom();

  const region = await screen.findByText("You are number 3 in line");
  expect(region).toBe(place());
  expect(region).toHaveAttribute("aria-atomic", "true");
  const changes = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(region, { childList: true, characterData: true, subtree: true });

  // The second answer: the same place.
  await act(async () => jest.advanceTimersByTime(4000));
  await act(async () => {});
  expect(changes).toHaveLength(0);
  expect(place()).toBe(region);

  // The third: a step forward, said in the same region.
  await act(async () => jest.advanceTimersByTime(4000));
  expect(await screen.findByText("You are number 2 in line")).toBe(region);
  expect(changes.length).toBeGreaterThan(0);
  observer.disconnect();
});

test("once admitted it says so, keeps the admission and goes on to where the family was going", async () => {
  serveLine(standing({ position: 1 }), admitted());
  const { router } = openWaitingRoom("/dashboard/my-selected-classes");

  expect(await screen.findByText("You are number 1 in line")).toBeVisible();
  expect(await screen.findByText("It's your turn!")).toBe(place());
  expect(screen.getByRole("link", { name: "Go now" })).toHaveAttribute(
    "href",
    "/dashboard/my-selected-classes",
  );
  expect(window.localStorage.getItem(ADMISSION_KEY)).toBe("admission-1");
  expect(window.localStorage.getItem(ADMISSION_EXPIRES_KEY)).toBe(ADMISSION_ENDS);

  expect(await screen.findByRole("heading", { name: "Other page" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
  // Back does not return to the line.
  expect(router.state.historyAction).toBe("REPLACE");
});

test("a family sent from nowhere in particular goes on to the classes, to select", async () => {
  serveLine(admitted());
  const { router } = openWaitingRoom();

  expect(await screen.findByText("It's your turn!")).toBeVisible();
  await screen.findByRole("heading", { name: "Other page" });
  expect(router.state.location.pathname).toBe("/all-classes");
});

test("a reload keeps the place: the token kept is sent back, and a second visit joins with it", async () => {
  window.localStorage.setItem(LINE_KEY, "token-7");
  const asked = serveLine(standing({ line: "token-7", position: 2 }));
  const { unmount } = openWaitingRoom();

  expect(await screen.findByText("You are number 2 in line")).toBeVisible();
  unmount();
  openWaitingRoom();
  await screen.findByText("You are number 2 in line");

  expect(asked.filter(({ method }) => method === "POST")).toEqual([
    { method: "POST", path: "/api/waitingRoom", body: { line: "token-7" } },
    { method: "POST", path: "/api/waitingRoom", body: { line: "token-7" } },
  ]);
  expect(window.localStorage.getItem(LINE_KEY)).toBe("token-7");
});

test("an admission another tab was given moves this tab on too", async () => {
  const asked = serveLine(standing());
  const { router } = openWaitingRoom("/dashboard/checkout/4");
  await screen.findByText("You are number 3 in line");

  act(() => {
    window.localStorage.setItem(ADMISSION_KEY, "admission-9");
    window.dispatchEvent(
      new StorageEvent("storage", { key: ADMISSION_KEY, newValue: "admission-9" }),
    );
  });

  expect(screen.getByText("It's your turn!")).toBe(place());
  await screen.findByRole("heading", { name: "Other page" });
  expect(router.state.location.pathname).toBe("/dashboard/checkout/4");
  expect(asked).toHaveLength(1);
});

test("a failure is said, the place kept, and the server asked again", async () => {
  const busy = { __status: 503, body: { message: "The site is busy right now." } };
  const asked = serveLine(standing(), busy, standing({ position: 2 }));
  openWaitingRoom();
  await screen.findByText("You are number 3 in line");

  expect(await screen.findByText(/We could not reach the line just now/)).toHaveTextContent(
    "Your place is kept",
  );
  expect(place()).toHaveTextContent("You are number 3 in line");
  expect(await screen.findByText("You are number 2 in line")).toBeVisible();
  expect(screen.queryByText(/We could not reach the line just now/)).not.toBeInTheDocument();
  expect(asked.map(({ method }) => method)).toEqual(["POST", "GET", "GET"]);
});

test("before the opening no number is said: places are drawn at the opening", async () => {
  serveLine(standing({ opensAt: minutesFromNow(5), position: null, estimatedWaitSeconds: 300 }));
  openWaitingRoom();

  expect(await screen.findByText("You are in line")).toBe(place());
  expect(screen.getByText(/^Summer registration opens/)).toHaveTextContent(
    "given a place in a random draw at that moment",
  );
  expect(screen.getByText("Estimated wait: about 5 minutes")).toBeVisible();
});

test("a paused line says so, and that nobody loses their place", async () => {
  serveLine(standing({ paused: true, estimatedWaitSeconds: null }));
  openWaitingRoom();

  expect(await screen.findByText(/The line is paused for a moment/)).toHaveTextContent(
    "Nobody loses their place",
  );
  expect(screen.queryByText(/Estimated wait/)).not.toBeInTheDocument();
});

test("with the room off there is nothing to wait for: the family goes on at once", async () => {
  window.localStorage.setItem(LINE_KEY, "token-old");
  serveLine(standing({ active: false, admitted: true, line: "token-old", position: null }));
  const { router } = openWaitingRoom("/dashboard/payment/12");

  await screen.findByRole("heading", { name: "Other page" });
  expect(router.state.location.pathname).toBe("/dashboard/payment/12");
  expect(window.localStorage.getItem(LINE_KEY)).toBeNull();
});

test("a token the server does not know is dropped, and the family joins afresh", async () => {
  window.localStorage.setItem(LINE_KEY, "forged");
  const refusal = {
    __status: 400,
    body: {
      message: "Invalid input.",
      errors: { line: ["This is not a place in this site's line."] },
    },
  };
  const asked = serveLine(refusal, standing({ line: "token-2", position: 8 }));
  openWaitingRoom();

  expect(await screen.findByText("You are number 8 in line")).toBeVisible();
  expect(asked.map(({ body }) => body)).toEqual([{ line: "forged" }, {}]);
  expect(window.localStorage.getItem(LINE_KEY)).toBe("token-2");
});
