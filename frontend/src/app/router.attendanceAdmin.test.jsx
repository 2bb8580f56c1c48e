import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// The admins' Attendance page in the app's own route table: its lazy page, and who may open it.
// The page opens on today (the device's date here: the test page names no school zone).
const today = new Date().toLocaleDateString("en-CA");
const answers = {
  "/popularClasses": [],
  "/instructors": [],
  [`/attendance?day=${today}`]: [],
  "/attendance/still-here": [],
};

test("an admin reaches Attendance from the dashboard menu's link", async () => {
  const fetch = stubApi(answers);
  const { router } = renderRoutes(routes, {
    route: "/dashboard/attendance",
    auth: signedIn("admin"),
  });

  expect(await screen.findByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/attendance");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Attendance" })).toHaveAttribute("aria-current", "page");
  expect(await screen.findByText("No class meets on this day.")).toBeInTheDocument();
  expect(await screen.findByText("No child is waiting to be checked out.")).toBeInTheDocument();
  expect(fetch).toHaveBeenCalledWith("/api/attendance/still-here", expect.anything());
});

test.each(["student", "instructor"])("a %s asking for Attendance is sent home", async (role) => {
  const fetch = stubApi(answers);
  const { router } = renderRoutes(routes, {
    route: "/dashboard/attendance",
    auth: signedIn(role),
  });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
  expect(fetch).not.toHaveBeenCalledWith("/api/attendance/still-here", expect.anything());
});
