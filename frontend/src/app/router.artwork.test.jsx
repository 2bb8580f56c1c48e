import { screen, within } from "@testing-library/react";

import { listPage, stubApi } from "../testing/api";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// Children's artwork in the app's own route table: the public gallery, linked beside the lists,
// and the admins' page to approve pieces for it, in the dashboard's menu.
beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/gallery?page=1&page_size=24": listPage([], 0),
    "/artworks?approved=false": [],
  });
});

test("a visitor opens the gallery from the site's links", async () => {
  const { router } = renderRoutes(routes, { route: "/gallery", auth: visitor });

  expect(await screen.findByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  expect(await screen.findByText("No artwork is on show yet.")).toBeVisible();
  expect(router.state.location.pathname).toBe("/gallery");
  const main = within(screen.getByRole("navigation", { name: "Main" }));
  expect(main.getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
});

test("an admin reaches Artwork from the dashboard menu's link", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/artwork",
    auth: signedIn("admin"),
  });

  expect(await screen.findByRole("heading", { level: 1, name: "Artwork" })).toBeVisible();
  expect(await screen.findByText("No piece is waiting.")).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/artwork");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Artwork" })).toHaveAttribute("aria-current", "page");
});

test.each(["student", "instructor", "office"])(
  "a %s asking for Artwork is sent home",
  async (role) => {
    const { router } = renderRoutes(routes, { route: "/dashboard/artwork", auth: signedIn(role) });

    await screen.findByRole("navigation", { name: "Main" });
    expect(router.state.location.pathname).toBe("/");
  },
);
