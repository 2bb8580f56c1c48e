import { screen } from "@testing-library/react";

import { seasonClassesKey } from "../api/classes";
import { listPage, stubApi } from "../testing/api";
import { makeLotterySeason, makeWishes, myself } from "../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// A lottery season's two pages in the app's own route table: the draw, public, and a family's
// wishes, in the dashboard. Neither has a menu entry: the season's notice links to them.
beforeEach(() => {
  stubApi({
    "/seasons": [makeLotterySeason()],
    "/seasons/3/draw": { seedHash: null },
    "/seasons/3/wishes": makeWishes(),
    "/participants": [myself],
    [seasonClassesKey(3)]: listPage([], 0),
  });
});

test("anyone opens a season's draw, in the site's frame, and it loads when visited", async () => {
  const { router } = renderRoutes(routes, { route: "/seasons/3/draw", auth: visitor });

  expect(
    await screen.findByRole("heading", { level: 1, name: "The draw for Lottery Summer" }),
  ).toBeVisible();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/seasons/3/draw");
});

test("a family's wishes are routed in the dashboard, and load when visited", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/seasons/3/wishes",
    auth: signedIn("student"),
  });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Your wishes for Lottery Summer" }),
  ).toBeVisible();
  expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/seasons/3/wishes");
});

test("a visitor asking for the wishes is sent to log in first", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/seasons/3/wishes",
    auth: visitor,
  });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/login");
  expect(router.state.location.state?.from?.pathname).toBe("/dashboard/seasons/3/wishes");
});
