import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";

import { expectNoSeriousA11yViolations } from "../testing/axe";
import { renderRoutes } from "../testing/renderWithProviders";
import { ErrorPage } from "./ErrorPage";
import { routes as appRoutes } from "./router";

function Broken() {
  throw new Error("The brushes ran away");
}

const routes = [
  {
    path: "/",
    element: <Outlet />,
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: "broken", element: <Broken /> },
    ],
  },
  { path: "*", element: <ErrorPage /> },
];

test("an unknown address shows 404 Not Found and the way home", async () => {
  renderRoutes(routes, { route: "/no-such-page" });

  expect(screen.getByText("404")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Not Found" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to the Homepage" })).toHaveAttribute("href", "/");
  expect(document.title).toBe("Page not found | Camp");
  // The error page keeps the site's navigation and footer.
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("an error thrown while rendering shows its message", () => {
  // React reports the caught error on the console; that is expected here.
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  renderRoutes(routes, { route: "/broken" });

  expect(
    screen.getByRole("heading", { level: 1, name: "The brushes ran away" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to the Homepage" })).toBeInTheDocument();
  logged.mockRestore();
});

test("the error page gives way to the next page the person moves to", async () => {
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  const user = userEvent.setup();
  renderRoutes(routes, { route: "/broken" });

  await user.click(screen.getByRole("link", { name: "Back to the Homepage" }));

  expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();
  expect(screen.queryByText("The brushes ran away")).not.toBeInTheDocument();
  logged.mockRestore();
});

test("the app's own routes answer an address they do not name with the 404 page", async () => {
  renderRoutes(appRoutes, { route: "/dashboard-typo/somewhere" });

  expect(await screen.findByRole("heading", { level: 1, name: "Not Found" })).toBeInTheDocument();
  expect(screen.getByText("404")).toBeInTheDocument();
});
