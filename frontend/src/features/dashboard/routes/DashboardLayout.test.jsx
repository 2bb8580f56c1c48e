import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { DashboardHome } from "./DashboardHome";
import { DashboardLayout } from "./DashboardLayout";

// The layout asks whether the person's address takes mail (its banner); here it does.
beforeEach(() => {
  stubApi({
    "/profile/mail": { announcements: true, undeliverable: false, undeliverableReason: "" },
  });
});

function Page() {
  return <h1>A dashboard page</h1>;
}

function renderDashboard(role, route = "/dashboard/page") {
  return renderRoutes(
    [
      {
        path: "/dashboard",
        element: <DashboardLayout />,
        children: [
          { index: true, element: <DashboardHome /> },
          { path: "*", element: <Page /> },
        ],
      },
    ],
    { route, auth: signedIn(role) },
  );
}

function menuLinks() {
  return within(screen.getByRole("navigation", { name: "Dashboard" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

const common = [
  ["Home", "/"],
  ["All Instructors", "/all-instructors"],
  ["All Classes", "/all-classes"],
];

test.each([
  [
    "admin",
    [
      ["Manage Users", "/dashboard/all-users"],
      ["Manage Classes", "/dashboard/manage-classes"],
      ["Today", "/dashboard/today"],
      ["Missing Care Records", "/dashboard/care-missing"],
      ["Incidents", "/dashboard/incidents"],
      ["Artwork", "/dashboard/artwork"],
      ["Attendance", "/dashboard/attendance"],
      ["Reports", "/dashboard/reports"],
      ["Waiting Room", "/dashboard/waiting-room"],
      ["Front desk", "/frontDesk"],
      ["Day's takings", "/frontDesk/day"],
      ["My Profile", "/dashboard/profile"],
    ],
  ],
  [
    "office",
    [
      ["Front desk", "/frontDesk"],
      ["Day's takings", "/frontDesk/day"],
      ["Rosters", "/dashboard/attendance"],
      ["My Profile", "/dashboard/profile"],
    ],
  ],
  [
    "instructor",
    [
      ["Today", "/dashboard/today"],
      ["My Classes", "/dashboard/my-classes"],
      ["Add a Class", "/dashboard/add-class"],
      ["My Profile", "/dashboard/profile"],
    ],
  ],
  [
    "student",
    [
      ["My Selected Classes", "/dashboard/my-selected-classes"],
      ["My Enrolled Classes", "/dashboard/my-enrolled-classes"],
      ["My Payment History", "/dashboard/my-payment-history"],
      ["My Waitlist", "/dashboard/waitlist"],
      ["My Family", "/dashboard/family"],
      ["To Do", "/dashboard"],
      ["My Profile", "/dashboard/profile"],
    ],
  ],
])("the side menu of a %s lists its pages and the common links", (role, own) => {
  renderDashboard(role);

  expect(menuLinks()).toEqual([...own, ...common]);
  expect(screen.getByRole("heading", { name: "A dashboard page" })).toBeInTheDocument();
});

test("the menu carries the school's logo", () => {
  renderDashboard("student");

  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("img", { name: "Camp" })).toBeInTheDocument();
});

test("the menu names who is signed in", () => {
  renderDashboard("admin");

  expect(screen.getByRole("navigation", { name: "Dashboard" })).toHaveTextContent("Sam Admin");
});

test("the link of the current page is marked", () => {
  renderDashboard("admin", "/dashboard/all-users");

  expect(screen.getByRole("link", { name: "Manage Users" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
});

test("on small screens a button opens and closes the menu", async () => {
  const user = userEvent.setup();
  renderDashboard("student");
  const toggle = screen.getByRole("button", { name: "Open Dashboard Menu" });
  const menu = screen.getByRole("navigation", { name: "Dashboard" });

  expect(toggle).toHaveClass("d-lg-none");
  expect(toggle).toHaveAttribute("aria-controls", menu.id);
  expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveClass("d-none", "d-lg-block");

  await user.click(toggle);
  expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(menu).not.toHaveClass("d-none");

  // Following a link folds the menu away again.
  await user.click(screen.getByRole("link", { name: "My Enrolled Classes" }));
  expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveClass("d-none");
});

test.each([
  ["admin", "/dashboard/all-users"],
  ["instructor", "/dashboard/my-classes"],
])("/dashboard itself sends a %s to %s", (role, home) => {
  const { router } = renderDashboard(role, "/dashboard");

  expect(router.state.location.pathname).toBe(home);
});

test("/dashboard itself is a family's to-do list, marked in its menu", async () => {
  const { router } = renderDashboard("student", "/dashboard");

  expect(await screen.findByRole("heading", { level: 1, name: "To Do" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard");
  expect(screen.getByRole("link", { name: "To Do" })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("link", { name: "My Selected Classes" })).not.toHaveAttribute(
    "aria-current",
  );
});

test("Log Out in the dashboard ends the session, says so and goes to the login page", async () => {
  const user = userEvent.setup();
  const session = signedIn("instructor");
  const { router } = renderRoutes(
    [
      {
        path: "/dashboard",
        element: <DashboardLayout />,
        children: [{ path: "*", element: <Page /> }],
      },
      { path: "/login", element: <h1>Log in</h1> },
    ],
    { route: "/dashboard/page", auth: session },
  );

  await user.click(screen.getByRole("button", { name: "Log Out" }));

  expect(session.logOut).toHaveBeenCalledTimes(1);
  expect(session.notify).toHaveBeenCalledWith("User is successfully logged out");
  expect(router.state.location.pathname).toBe("/login");
  expect(await screen.findByRole("heading", { name: "Log in" })).toBeInTheDocument();
});

test("the dashboard frame has no serious accessibility problems", async () => {
  renderDashboard("admin");

  await expectNoSeriousA11yViolations();
});

test("the dashboard has the theme toggle, which switches the page's theme", async () => {
  const user = userEvent.setup();
  const html = document.documentElement;
  html.setAttribute("data-bs-theme", "light");
  renderDashboard("student");

  await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
  expect(html).toHaveAttribute("data-bs-theme", "dark");
  await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
  expect(html).toHaveAttribute("data-bs-theme", "light");

  html.removeAttribute("data-bs-theme");
  window.localStorage.clear();
});
