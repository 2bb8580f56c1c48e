import { screen, within } from "@testing-library/react";

import { stubApi } from "../testing/api";
import { lendCanvas } from "../testing/canvas";
import { renderRoutes, signedIn } from "../testing/renderWithProviders";
import { routes } from "./router";

// The admins' Reports page in the app's own route table: its lazy page, and who may open it.
const today = new Date().toLocaleDateString("en-CA");
const report = {
  season: { id: 1, name: "Summer", opensAt: `${today}T16:00:00Z`, startsOn: today, endsOn: today },
  seasons: [{ id: 1, name: "Summer" }],
  from: today,
  to: today,
  generatedAt: new Date().toISOString(),
  currency: "usd",
  registrationsByDay: [{ day: today, registrations: 0, cancellations: 0 }],
  openingDay: {
    day: today,
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      startsAt: `${today}T${String(hour).padStart(2, "0")}:00:00-07:00`,
      registrations: 0,
    })),
  },
  classes: [],
  units: [],
  extendedCare: [],
  money: {
    gross: 0,
    adjustments: {
      earlyBird: 0,
      sibling: 0,
      multiClass: 0,
      multiWeek: 0,
      weeklyCare: 0,
      code: 0,
      scholarship: 0,
      other: 0,
    },
    creditSpent: 0,
    planLater: 0,
    instalmentsPaid: 0,
    charged: 0,
    refunds: 0,
    creditIssued: 0,
    net: 0,
    byWeek: [],
    byCategory: [],
    byKind: [
      { kind: "classes", gross: 0, adjustments: 0, charged: 0, refunds: 0, net: 0 },
      { kind: "extendedCare", gross: 0, adjustments: 0, charged: 0, refunds: 0, net: 0 },
    ],
  },
  instalments: {
    dueNext30Days: { count: 0, amount: 0 },
    overdue: { count: 0, amount: 0 },
    byWeek: [],
  },
  attendance: { rate: null, attended: 0, absent: 0, classes: [] },
  missingCare: 0,
};
const answers = { "/popularClasses": [], "/instructors": [], "/reports/season": report };

let giveCanvasBack;
beforeEach(() => {
  giveCanvasBack = lendCanvas();
});
afterEach(() => giveCanvasBack());

test("an admin reaches Reports from the dashboard menu's link", async () => {
  const fetch = stubApi(answers);
  const { router } = renderRoutes(routes, { route: "/dashboard/reports", auth: signedIn("admin") });

  expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/reports");
  const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
  expect(menu.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  expect(await screen.findByRole("table", { name: "Registrations per day" })).toBeVisible();
  expect(fetch).toHaveBeenCalledWith("/api/reports/season", expect.anything());
});

test.each(["student", "instructor"])("a %s asking for Reports is sent home", async (role) => {
  const fetch = stubApi(answers);
  const { router } = renderRoutes(routes, { route: "/dashboard/reports", auth: signedIn(role) });

  await screen.findByRole("navigation", { name: "Main" });
  expect(router.state.location.pathname).toBe("/");
  expect(fetch).not.toHaveBeenCalledWith("/api/reports/season", expect.anything());
});
