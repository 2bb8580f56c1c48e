import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../testing/api";
import { makeCareRecord } from "../testing/careFixtures";
import { makeChild, myself } from "../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes } from "./router";

// A child's care record in the app's own route table: reached from My Family, and guarded.
beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/participants": [myself, makeChild()],
    "/policies": [],
    "/participants/2/care": makeCareRecord(),
  });
});

test("a parent goes from a child's card on My Family to the child's care record", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/family",
    auth: signedIn("student"),
  });
  const card = within(await screen.findByRole("article", { name: "Mia Lopez" }));

  await userEvent.setup().click(card.getByRole("link", { name: "Care record" }));

  expect(
    await screen.findByRole("heading", { level: 1, name: "Care record: Mia Lopez" }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/family/2/care");
});

test("a visitor asking for a care record lands on the login page, which remembers the way", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/family/2/care",
    auth: visitor,
  });

  expect(await screen.findByRole("heading", { name: "Log In" })).toBeInTheDocument();
  expect(router.state.location.state.from.pathname).toBe("/dashboard/family/2/care");
});
