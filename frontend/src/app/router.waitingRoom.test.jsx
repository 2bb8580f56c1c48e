import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// The waiting room's two pages in the app's own route table: the family's line, open to anyone,
// and the admins' live view, from the dashboard menu.
const standing = {
  active: true,
  season: { id: 3, name: "Summer" },
  opensAt: new Date(Date.now() - 60_000).toISOString(),
  paused: false,
  line: "token-1",
  position: 12,
  admitted: false,
  admission: null,
  admissionExpiresAt: null,
  estimatedWaitSeconds: 60,
  pollSeconds: 10,
};
const live = {
  active: true,
  paused: false,
  season: { id: 3, name: "Summer" },
  opensAt: standing.opensAt,
  inLine: 40,
  admitted: 28,
  waiting: 12,
  arrivedBeforeOpening: 30,
  admitPerMinute: 300,
  currentPerMinute: 300,
  recentRequests: 52,
  recentSlowShare: 0,
};
const answers = {
  "/popularClasses": [],
  "/instructors": [],
  "POST /waitingRoom": standing,
  "/waitingRoom/live": live,
};

test("anyone, signed in or not, may wait in the line", async () => {
  stubApi(answers);
  const { router } = renderRoutes(routes, { route: "/waiting-room", auth: visitor });

  expect(await screen.findByText("You are number 12 in line")).toBeVisible();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/waiting-room");
});

test("an admin reaches the live waiting room from the dashboard menu's link", async () => {
  const fetch = stubApi(answers);
  const { router } = renderRoutes(routes, {
    route: "/dashboard/waiting-room",
    auth: signedIn("admin"),
  });

  expect(await screen.findByRole("heading", { level: 1, name: "Waiting Room" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/waiting-room");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Waiting Room" })).toHaveAttribute("aria-current", "page");
  expect(await screen.findByRole("button", { name: "Pause admissions" })).toBeVisible();
  expect(fetch).toHaveBeenCalledWith("/api/waitingRoom/live", expect.anything());
});

test.each(["student", "instructor"])(
  "a %s asking for the live waiting room is sent home",
  async (role) => {
    const fetch = stubApi(answers);
    const { router } = renderRoutes(routes, {
      route: "/dashboard/waiting-room",
      auth: signedIn(role),
    });

    await screen.findByRole("navigation", { name: "Main" });
    expect(router.state.location.pathname).toBe("/");
    expect(fetch).not.toHaveBeenCalledWith("/api/waitingRoom/live", expect.anything());
  },
);
