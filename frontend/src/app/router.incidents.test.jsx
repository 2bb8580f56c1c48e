import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// The admins' Incidents page in the app's own route table: its lazy page, its menu link, and
// who may open it.
beforeEach(() => {
  stubApi({ "/popularClasses": [], "/instructors": [], "/incidents?open=true": [] });
});

test("an admin reaches Incidents from the dashboard menu's link", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/incidents",
    auth: signedIn("admin"),
  });

  expect(await screen.findByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  expect(await screen.findByText("No report is open.")).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/incidents");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Incidents" })).toHaveAttribute("aria-current", "page");
});

test.each(["student", "instructor", "office"])(
  "a %s asking for Incidents is sent home",
  async (role) => {
    const { router } = renderRoutes(routes, {
      route: "/dashboard/incidents",
      auth: signedIn(role),
    });

    await screen.findByRole("navigation", { name: "Main" });
    expect(router.state.location.pathname).toBe("/");
  },
);
