import { act, screen, within } from "@testing-library/react";

import { listPage, stubApi } from "../../../testing/api";
import { makeClass, makeSeason } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const NOW = Date.parse("2027-10-29T17:00:00Z");

const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";

function card(name) {
  return within(screen.getByRole("article", { name }));
}

function seasonRequests(fetch) {
  return fetch.mock.calls.filter(([url]) => url === "/api/seasons");
}

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

test("each card of a season not open yet says in a few words when it opens", async () => {
  const summer = Array.from({ length: 5 }, (_, index) =>
    makeClass({ nameClass: `Summer Class ${index + 1}`, seasonId: 3 }),
  );
  const ofNoSeason = makeClass({ nameClass: "Open Studio" });
  const fetch = stubApi({
    [firstPage]: listPage([...summer, ofNoSeason], 6),
    "/seasons": [makeSeason({ opensIn: 2 * DAY + 3 * HOUR })],
  });
  renderWithProviders(<ClassesPage />, { route: "/all-classes" });

  await screen.findByRole("article", { name: "Summer Class 1" });
  expect((await card("Summer Class 1").findByRole("timer")).textContent).toBe("Opens in 2 days");
  const button = card("Summer Class 1").getByRole("button", { name: "Opens soon" });
  expect(button).toHaveAttribute("aria-disabled", "true");
  expect(button).toHaveAccessibleDescription("Summer Class 1 Opens in 2 days");
  expect(card("Open Studio").queryByRole("timer")).not.toBeInTheDocument();
  expect(card("Open Studio").getByRole("button", { name: "Select" })).not.toHaveAttribute(
    "aria-disabled",
  );

  act(() => jest.advanceTimersByTime(2 * DAY));
  expect(card("Summer Class 1").getByRole("timer").textContent).toBe("Opens in 3 hours");
  // The whole list asked for the seasons once.
  expect(seasonRequests(fetch)).toHaveLength(1);
});

test("a family with early access is told so on the card", async () => {
  stubApi({
    [firstPage]: listPage([makeClass({ nameClass: "Summer Clay", seasonId: 3 })], 1),
    "/seasons": [makeSeason({ opensIn: 3 * DAY, earlyAccessIn: 5 * HOUR, hasEarlyAccess: true })],
  });
  renderWithProviders(<ClassesPage />, { route: "/all-classes" });

  await screen.findByRole("article", { name: "Summer Clay" });
  expect((await card("Summer Clay").findByRole("timer")).textContent).toBe("Opens in 5 hours");
  expect(card("Summer Clay").getByText("Early access for your family")).toBeInTheDocument();
});

test("a list of classes of no season asks nothing of the seasons", async () => {
  const fetch = stubApi({ [firstPage]: listPage([makeClass({ nameClass: "Open Studio" })], 1) });
  renderWithProviders(<ClassesPage />, { route: "/all-classes" });

  await screen.findByRole("article", { name: "Open Studio" });
  expect(seasonRequests(fetch)).toEqual([]);
});
