import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { WAITING_ROOM_LIVE_POLL_MS } from "../../../api/waitingRoomLive";
import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { WaitingRoomLivePage } from "./WaitingRoomLivePage";

const OPENS_AT = new Date(Date.now() - 3 * 60 * 1000).toISOString();

// The line as the server answers admins, three minutes after the opening.
function live(fields = {}) {
  return {
    active: true,
    paused: false,
    season: { id: 3, name: "Summer" },
    opensAt: OPENS_AT,
    inLine: 1250,
    admitted: 900,
    waiting: 350,
    arrivedBeforeOpening: 640,
    admitPerMinute: 300,
    currentPerMinute: 225,
    recentRequests: 480,
    recentSlowShare: 0.0625,
    ...fields,
  };
}

afterEach(() => {
  jest.useRealTimers();
});

function renderPage() {
  const rendered = renderRoutes(
    [{ path: "/dashboard/waiting-room", element: <WaitingRoomLivePage /> }],
    { route: "/dashboard/waiting-room", auth: signedIn("admin") },
  );
  return { ...rendered, user: userEvent.setup() };
}

// The figure under its term: each is a term and its value.
function figure(term) {
  return within(screen.getByText(term).closest("dl")).getAllByRole("definition")[0];
}

test("an admin reads how the line moves: who waits, how fast they go in, how the site answers", async () => {
  stubApi({ "/waitingRoom/live": live() });
  renderPage();

  expect(await screen.findByText(/The line is on for Summer, which opened/)).toBeVisible();
  expect(screen.getByRole("heading", { level: 1, name: "Waiting Room" })).toBeVisible();
  expect(document.title).toBe("Waiting Room | Camp");
  expect(figure("In line")).toHaveTextContent("1,250");
  expect(figure("Let in")).toHaveTextContent("900");
  expect(figure("Still waiting")).toHaveTextContent("350");
  expect(figure("Came before the opening")).toHaveTextContent("640");
  expect(figure("Letting in per minute")).toHaveTextContent("225");
  expect(screen.getByText("Starts at 300")).toBeVisible();
  expect(figure("Recent registration writes")).toHaveTextContent("480");
  expect(figure("Slow among them")).toHaveTextContent("6.3%");
  expect(screen.getByRole("button", { name: "Pause admissions" })).toBeEnabled();
  await expectNoSeriousA11yViolations();
});

test("the figures are asked again every few seconds, without reloading", async () => {
  jest.useFakeTimers();
  let answered = 0;
  global.fetch = jest.fn((url, init) =>
    answerFor(url, init, 200, live({ inLine: 1250 + 10 * answered++ })),
  );
  renderPage();

  expect(await screen.findByText("1,250")).toBeVisible();
  await act(async () => jest.advanceTimersByTime(WAITING_ROOM_LIVE_POLL_MS - 100));
  expect(global.fetch).toHaveBeenCalledTimes(1);
  expect(await screen.findByText("1,260")).toBeVisible();
});

test("Pause holds the line, and Resume lets it move again", async () => {
  const fetch = stubApi({
    "/waitingRoom/live": live(),
    "POST /waitingRoom/pause": live({ paused: true, currentPerMinute: 0 }),
  });
  const { user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Pause admissions" }));

  expect(await screen.findByText(/Paused: nobody more is let in/)).toBeVisible();
  expect(figure("Letting in per minute")).toHaveTextContent("0");
  const [, init] = fetch.mock.calls.find(([, sent]) => sent?.method === "POST");
  expect(JSON.parse(init.body)).toEqual({ paused: true });

  stubApi({
    "/waitingRoom/live": live({ paused: true, currentPerMinute: 0 }),
    "POST /waitingRoom/pause": live(),
  });
  await user.click(screen.getByRole("button", { name: "Resume admissions" }));
  expect(await screen.findByRole("button", { name: "Pause admissions" })).toBeEnabled();
});

test("a pause the server refuses says why", async () => {
  stubApi({
    "/waitingRoom/live": live({ active: false, season: null, opensAt: null }),
    "POST /waitingRoom/pause": respond(409, {
      message: "The waiting room is off on this site: it has no Redis.",
    }),
  });
  const { user } = renderPage();

  expect(await screen.findByText("The line is off: families go straight in.")).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Pause admissions" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("it has no Redis");
});

test("off, the page names the next opening the line forms for", async () => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  stubApi({ "/waitingRoom/live": live({ active: false, opensAt: tomorrow, inLine: 0 }) });
  renderPage();

  expect(await screen.findByText(/^The line is off: families go straight in\./)).toHaveTextContent(
    "Next: Summer opens",
  );
});
