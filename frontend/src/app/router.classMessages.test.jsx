import { screen } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { makeClass } from "../testing/fixtures";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// Message families in the app's own route table: its lazy page, and who may open it.
beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/classes/3": makeClass({ _id: 3, nameClass: "Watercolor Basics" }),
    "/classes/3/messages": [],
  });
});

test.each(["instructor", "admin"])("an %s reaches a class's Message families", async (role) => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/my-classes/3/messages",
    auth: signedIn(role),
  });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Message families: Watercolor Basics" }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/my-classes/3/messages");
});

test("a student asking for a class's Message families is sent home", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/my-classes/3/messages",
    auth: signedIn("student"),
  });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
});
