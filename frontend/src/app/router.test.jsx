import { screen, waitFor, within } from "@testing-library/react";

import { listPage, respond, stubApi } from "../testing/api";
import { makeClass } from "../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// The app's own route table, lazy dashboard modules included.
beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/users?page=1&page_size=20": listPage(
      [{ _id: 1, name: "Sam Admin", photo: "", email: "admin@camp.test", role: "admin" }],
      1,
    ),
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

test("the office opening the dashboard starts at the front desk, loaded on demand", async () => {
  const { router } = renderRoutes(routes, { route: "/dashboard", auth: signedIn("office") });

  expect(await screen.findByRole("heading", { name: "Front desk" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/frontDesk");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Front desk" })).toHaveAttribute("aria-current", "page");
});

test("a family asking for the front desk is sent home", async () => {
  const { router } = renderRoutes(routes, { route: "/frontDesk", auth: signedIn("student") });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
});

test("while the session loads the dashboard shows a progress bar", async () => {
  renderRoutes(routes, { route: "/dashboard/all-users", auth: { ...visitor, loading: true } });

  // The bar drawn while the lazy pages load gives way to the guard's own: look at the latest.
  await waitFor(() =>
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeInTheDocument(),
  );
});

test("the register page is routed", async () => {
  renderRoutes(routes, { route: "/register" });

  expect(await screen.findByRole("heading", { name: "Register" })).toBeInTheDocument();
});

describe("the class pages of the dashboard", () => {
  test("an admin reaches Manage Classes", async () => {
    stubApi({ "/classes": [], "/users": [] });
    const { router } = renderRoutes(routes, {
      route: "/dashboard/manage-classes",
      auth: signedIn("admin"),
    });

    expect(await screen.findByRole("heading", { name: "Manage Classes", level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/dashboard/manage-classes");
  });

  test.each([
    ["/dashboard/my-classes", "My Classes"],
    ["/dashboard/add-class", "Add a Class"],
    ["/dashboard/update-class/7", "Update Class"],
    ["/dashboard/profile", "My Profile"],
  ])("an instructor reaches %s", async (route, heading) => {
    stubApi({
      "/myClasses/instructor%40camp.test": [],
      "/myClass/7": makeClass({ _id: 7, feedback: "" }),
      "/categories": [],
      "/profile": { name: "Sam Instructor", email: "instructor@camp.test", photo: "", bio: "" },
    });
    renderRoutes(routes, { route, auth: signedIn("instructor") });

    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
  });

  test.each([
    ["student", "/dashboard/manage-classes"],
    ["instructor", "/dashboard/manage-classes"],
    ["student", "/dashboard/add-class"],
    ["admin", "/dashboard/my-classes"],
    ["admin", "/dashboard/update-class/7"],
  ])("a %s asking for %s is sent home", async (role, route) => {
    const { router } = renderRoutes(routes, { route, auth: signedIn(role) });

    await screen.findByRole("navigation", { name: "Main" });
    expect(router.state.location.pathname).toBe("/");
  });

  test.each(["student", "admin"])("a %s reaches their own profile", async (role) => {
    stubApi({ "/profile": { name: "Sam", email: `${role}@camp.test`, photo: "", bio: "" } });
    renderRoutes(routes, { route: "/dashboard/profile", auth: signedIn(role) });

    expect(
      await screen.findByRole("heading", { name: "My Profile", level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("form", { name: "Edit profile" })).toBeInTheDocument();
  });

  test("a visitor reaches the forgot password page", async () => {
    renderRoutes(routes, { route: "/forgot-password" });

    expect(
      await screen.findByRole("heading", { name: "Forgot password", level: 1 }),
    ).toBeInTheDocument();
  });

  test("a student opening the dashboard starts on their family's to-do list", async () => {
    stubApi({ "/todo": [] });
    const { router } = renderRoutes(routes, { route: "/dashboard", auth: signedIn("student") });

    expect(await screen.findByRole("heading", { name: "To Do", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing to do/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });
});

test("an instructor's page is routed, and loads when visited", async () => {
  stubApi({
    "/instructors/5": {
      _id: 5,
      name: "Ada Brush",
      photo: "https://images.camp.test/people/ada.jpg",
      bio: "",
      classes: [],
    },
  });
  renderRoutes(routes, { route: "/instructors/5" });

  expect(await screen.findByRole("heading", { level: 1, name: "Ada Brush" })).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
});

test("a class's page is routed in the public layout, and loads when visited", async () => {
  stubApi({ "/classes/7": makeClass({ _id: 7, nameClass: "Watercolor Basics" }) });
  renderRoutes(routes, { route: "/classes/7" });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Watercolor Basics" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
});

test("a payment's receipt is routed in the dashboard, and loads when visited", async () => {
  stubApi({ "/payments/42/receipt": respond(404, { message: "No such payment." }) });
  renderRoutes(routes, { route: "/dashboard/receipts/42", auth: signedIn("student") });

  expect(await screen.findByRole("heading", { level: 1, name: "Receipt" })).toBeInTheDocument();
  expect(await screen.findByText("This receipt could not be loaded.")).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
});

test("a student's waitlist is routed in the dashboard, and loads when visited", async () => {
  stubApi({ "/waitlist": [] });
  renderRoutes(routes, { route: "/dashboard/waitlist", auth: signedIn("student") });

  expect(await screen.findByRole("heading", { level: 1, name: "My Waitlist" })).toBeInTheDocument();
  expect(
    within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", {
      name: "My Waitlist",
    }),
  ).toHaveAttribute("aria-current", "page");
});
