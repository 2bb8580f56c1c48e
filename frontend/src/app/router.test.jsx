import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// The app's own route table, lazy dashboard modules included.
beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/users": [{ _id: 1, name: "Sam Admin", photo: "", email: "admin@camp.test", role: "admin" }],
  });
});

test("a visitor asking for Manage Users lands on the login page, which remembers the way", async () => {
  const { router } = renderRoutes(routes, { route: "/dashboard/all-users", auth: visitor });

  expect(await screen.findByRole("heading", { name: "Log In" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state.from.pathname).toBe("/dashboard/all-users");
  // The login page sits in the public layout.
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
});

test("a student asking for Manage Users is sent home", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/all-users",
    auth: signedIn("student"),
  });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
});

test("an admin opening the dashboard starts on Manage Users, beside the admin menu", async () => {
  const { router } = renderRoutes(routes, { route: "/dashboard", auth: signedIn("admin") });

  expect(await screen.findByRole("heading", { name: "Total Users: 1" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/all-users");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Manage Users" })).toHaveAttribute("aria-current", "page");
});

test("while the session loads the dashboard shows a progress bar", async () => {
  renderRoutes(routes, { route: "/dashboard/all-users", auth: { ...visitor, loading: true } });

  expect(await screen.findByRole("progressbar", { name: "Loading" })).toBeInTheDocument();
});

test("the register page is routed", async () => {
  renderRoutes(routes, { route: "/register" });

  expect(await screen.findByRole("heading", { name: "Register" })).toBeInTheDocument();
});
