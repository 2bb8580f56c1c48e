import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../testing/api";
import { renderRoutes } from "../testing/renderWithProviders";
import { routes } from "./router";

const pages = {
  "/pages/about": { slug: "about", title: "About us", body: "Since 2003.", updatedAt: null },
  "/pages/terms": { slug: "terms", title: "Terms of use", body: "Be kind.", updatedAt: null },
  "/pages/privacy": { slug: "privacy", title: "Privacy policy", body: "Little.", updatedAt: null },
  "/pages/cookies": { slug: "cookies", title: "Cookie policy", body: "Few.", updatedAt: null },
  "/pages/accessibility": {
    slug: "accessibility",
    title: "Accessibility statement",
    body: "WCAG 2.1 AA.",
    updatedAt: null,
  },
};

beforeEach(() => {
  stubApi({ "/popularClasses": [], "/instructors": [], ...pages });
});

test.each([
  ["/about", "About us"],
  ["/terms", "Terms of use"],
  ["/privacy", "Privacy policy"],
  ["/cookies", "Cookie policy"],
  ["/accessibility", "Accessibility statement"],
  ["/contact", "Contact us"],
])("%s is routed in the public layout, and loads when visited", async (route, heading) => {
  renderRoutes(routes, { route });

  expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
});

test("the footer's Privacy policy link opens the policy", async () => {
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, { route: "/" });

  const footer = within(await screen.findByRole("contentinfo"));
  await user.click(footer.getByRole("link", { name: "Privacy policy" }));

  expect(
    await screen.findByRole("heading", { level: 1, name: "Privacy policy" }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/privacy");
});
