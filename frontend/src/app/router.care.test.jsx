import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// The staff's care pages in the app's own route table: their lazy pages, and who may open them.
const record = {
  participantId: 7,
  allergies: [],
  medications: [],
  emergencyContacts: [],
  pickups: [],
  mayLeaveAlone: false,
  photoConsent: null,
  confirmedAt: null,
  complete: false,
  missing: ["record"],
  needsConfirmation: false,
  emergencyContactsRequired: 1,
  mayLeaveAloneAllowed: false,
  leaveAloneMinAge: 12,
};

const careRoute = "/dashboard/my-classes/3/participants/7/care";

beforeEach(() => {
  stubApi({
    "/popularClasses": [],
    "/instructors": [],
    "/classes/3/roster": [],
    "/participants/7/care": record,
    "/care/missing": [],
  });
});

test.each(["instructor", "admin"])("an %s reaches a child's care record", async (role) => {
  const { router } = renderRoutes(routes, { route: careRoute, auth: signedIn(role) });

  expect(await screen.findByRole("heading", { level: 1, name: "Care record" })).toBeVisible();
  expect(await screen.findByRole("region", { name: "Allergies" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(careRoute);
});

test("an admin reaches Missing Care Records from the dashboard menu's link", async () => {
  const { router } = renderRoutes(routes, {
    route: "/dashboard/care-missing",
    auth: signedIn("admin"),
  });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Missing Care Records" }),
  ).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/care-missing");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Missing Care Records" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test.each([
  ["student", careRoute],
  ["student", "/dashboard/care-missing"],
  ["instructor", "/dashboard/care-missing"],
])("a %s asking for %s is sent home", async (role, route) => {
  const { router } = renderRoutes(routes, { route, auth: signedIn(role) });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
});
