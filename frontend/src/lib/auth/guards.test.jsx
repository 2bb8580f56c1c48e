import { screen } from "@testing-library/react";

import { renderRoutes, signedIn, visitor } from "../../testing/renderWithProviders";
import {
  AdminRoute,
  InstructorOrAdminRoute,
  InstructorRoute,
  OfficeOrAdminRoute,
  PrivateRoute,
} from "./guards";

function Page({ name }) {
  return <h1>{name}</h1>;
}

// What the app shows while a guard cannot decide yet (its progress bar).
const opening = <p role="status">Opening your session</p>;

// The shape the app gives the dashboard: login for all of it, a role for some pages.
const routes = [
  {
    path: "/dashboard",
    element: <PrivateRoute pending={opening} />,
    children: [
      { path: "/dashboard/my-selected-classes", element: <Page name="Selected classes" /> },
      {
        element: <AdminRoute pending={opening} />,
        children: [{ path: "/dashboard/all-users", element: <Page name="Manage Users" /> }],
      },
      {
        element: <InstructorRoute pending={opening} />,
        children: [{ path: "/dashboard/my-classes", element: <Page name="My Classes" /> }],
      },
      {
        element: <InstructorOrAdminRoute pending={opening} />,
        children: [{ path: "/dashboard/my-classes/3/roster", element: <Page name="Roster" /> }],
      },
    ],
  },
  {
    path: "/frontDesk",
    element: <OfficeOrAdminRoute pending={opening} />,
    children: [{ index: true, element: <Page name="Front desk" /> }],
  },
  { path: "/login", element: <Page name="Login" /> },
  { path: "/", element: <Page name="Home" /> },
];

test("a visitor is sent to /login, carrying the page asked for", () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/all-users?sort=name",
    auth: visitor,
  });

  expect(screen.getByRole("heading", { name: "Login" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state.from).toMatchObject({
    pathname: "/dashboard/all-users",
    search: "?sort=name",
  });
});

test("after our server ended the session, the login page is also told why", () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/my-selected-classes",
    auth: { ...visitor, sessionEnded: true },
  });

  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state).toMatchObject({
    message: "Your session has ended. Please log in again.",
    from: { pathname: "/dashboard/my-selected-classes" },
  });
});

test("while the session opens the pending element shows and nobody is redirected", () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/all-users",
    auth: { ...visitor, loading: true },
  });

  expect(screen.getByRole("status")).toHaveTextContent("Opening your session");
  expect(router.state.location.pathname).toBe("/dashboard/all-users");
});

test("a student asking for an admin page is sent home", () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/all-users",
    auth: signedIn("student"),
  });

  expect(screen.getByRole("heading", { name: "Home" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/");
});

test.each([
  ["admin", "/dashboard/all-users", "Manage Users"],
  ["instructor", "/dashboard/my-classes", "My Classes"],
  ["student", "/dashboard/my-selected-classes", "Selected classes"],
  ["admin", "/dashboard/my-selected-classes", "Selected classes"],
  ["instructor", "/dashboard/my-classes/3/roster", "Roster"],
  ["admin", "/dashboard/my-classes/3/roster", "Roster"],
  ["office", "/frontDesk", "Front desk"],
  ["admin", "/frontDesk", "Front desk"],
])("a signed-in %s reaches %s", (role, route, heading) => {
  renderRoutes(routes, { route, auth: signedIn(role) });

  expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
});

test.each([
  ["admin", "/dashboard/my-classes"],
  ["student", "/dashboard/my-classes"],
  ["instructor", "/dashboard/all-users"],
  ["student", "/dashboard/my-classes/3/roster"],
  ["student", "/frontDesk"],
  ["instructor", "/frontDesk"],
  ["office", "/dashboard/all-users"],
])("a signed-in %s asking for %s is sent home", (role, route) => {
  const { router } = renderRoutes(routes, { route, auth: signedIn(role) });

  expect(router.state.location.pathname).toBe("/");
});

test("a guard can also wrap a single element", () => {
  renderRoutes(
    [
      {
        path: "/dashboard/all-users",
        element: (
          <AdminRoute>
            <Page name="Wrapped" />
          </AdminRoute>
        ),
      },
    ],
    { route: "/dashboard/all-users", auth: signedIn("admin") },
  );

  expect(screen.getByRole("heading", { name: "Wrapped" })).toBeInTheDocument();
});
