import { screen } from "@testing-library/react";
import { Outlet } from "react-router-dom";

import { expectNoSeriousA11yViolations } from "../testing/axe";
import { renderRoutes } from "../testing/renderWithProviders";
import { ErrorPage } from "./ErrorPage";

function Broken() {
  throw new Error("The brushes ran away");
}

const routes = [
  {
    path: "/",
    element: <Outlet />,
    errorElement: <ErrorPage />,
    children: [{ path: "broken", element: <Broken /> }],
  },
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
  // The router reports the caught error on the console; that is expected here.
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  renderRoutes(routes, { route: "/broken" });

  expect(
    screen.getByRole("heading", { level: 1, name: "The brushes ran away" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to the Homepage" })).toBeInTheDocument();
  logged.mockRestore();
});
