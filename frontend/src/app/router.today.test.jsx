import { screen, within } from "@testing-library/react";

import { freshIndexedDb } from "../testing/indexedDb";
import { stubApi } from "../testing/api";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// Today in the app's own route table: its lazy page, the menu's link to it, and who may open it.
beforeEach(() => {
  freshIndexedDb();
  stubApi({ "/popularClasses": [], "/instructors": [], "/attendance/today": [] });
});

test.each(["instructor", "admin"])("an %s reaches Today from the dashboard menu", async (role) => {
  const { router } = renderRoutes(routes, { route: "/dashboard/today", auth: signedIn(role) });

  expect(await screen.findByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  expect(await screen.findByText("No classes meet today.")).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/today");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
});

test("a student asking for Today is sent home", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/today",
    auth: signedIn("student"),
  });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
});
