import { screen } from "@testing-library/react";

import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { renderRoutes, signedIn } from "../../testing/renderWithProviders";
import { MainLayout } from "./MainLayout";

function renderLayout(options) {
  return renderRoutes(
    [
      {
        path: "/",
        element: <MainLayout />,
        children: [{ index: true, element: <h1>Welcome</h1> }],
      },
    ],
    options,
  );
}

test("the layout frames the page with a banner, main content and a footer", () => {
  renderLayout();

  expect(screen.getByRole("banner")).toContainElement(
    screen.getByRole("navigation", { name: "Main" }),
  );
  expect(screen.getByRole("main")).toContainElement(
    screen.getByRole("heading", { level: 1, name: "Welcome" }),
  );
  expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveAttribute(
    "href",
    "#main",
  );
});

test("the layout has no serious accessibility violations for a visitor", async () => {
  renderLayout();
  await expectNoSeriousA11yViolations();
});

test("the layout has no serious accessibility violations for a signed-in user", async () => {
  renderLayout({ auth: signedIn("student") });
  await expectNoSeriousA11yViolations();
});
