import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeMeetings, makeScheduledClass } from "../../../testing/fixtures";
import { renderWithProviders, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

// Last summer, whenever the tests run: a class that has ended.
const LAST_YEAR = new Date().getFullYear() - 1;

const clayThisSummer = makeScheduledClass({
  _id: 21,
  nameClass: "Wheel-Thrown Pottery",
  category: "pottery-ceramics",
  categoryName: "Pottery & ceramics",
  instructorName: "Maya Lindqvist",
  price: 45.5,
});
const handBuilding = makeScheduledClass({
  _id: 22,
  nameClass: "Hand-Built Ceramics",
  category: "pottery-ceramics",
  categoryName: "Pottery & ceramics",
  instructorName: "Kofi Mensah",
  price: 30,
});
const lastSummerMeetings = makeMeetings([`${LAST_YEAR}-06-15`, `${LAST_YEAR}-06-17`]);
// Last summer's run of the class: ended, with this summer's like it.
const lastSummer = makeScheduledClass({
  _id: 7,
  nameClass: "Wheel-Thrown Pottery, last summer",
  category: "pottery-ceramics",
  categoryName: "Pottery & ceramics",
  startDate: `${LAST_YEAR}-06-15`,
  endDate: `${LAST_YEAR}-06-17`,
  meetings: lastSummerMeetings,
  startsAt: lastSummerMeetings[0].start,
  registrationClosesAt: lastSummerMeetings[0].start,
  registrationOpen: false,
  ended: true,
  similarClasses: [clayThisSummer, handBuilding],
});

function renderPage(id = 7) {
  return renderWithProviders(<ClassPage />, {
    route: `/classes/${id}`,
    path: "/classes/:id",
    auth: visitor,
  });
}

test("a class that has ended says so, offers no Select, and points to open classes like it", async () => {
  stubApi({ "/classes/7": lastSummer });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Wheel-Thrown Pottery, last summer" }),
  ).toBeInTheDocument();
  expect(screen.getByText("This class has ended.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /select|registration closed/i })).toBeNull();
  expect(screen.queryByRole("link", { name: "Add to calendar" })).toBeNull();
  expect(screen.queryByText(/Registration closes/)).toBeNull();

  const instead = screen.getByRole("region", { name: "Coming up instead" });
  const links = within(instead).getAllByRole("link");
  expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Wheel-Thrown Pottery", "/classes/21"],
    ["Hand-Built Ceramics", "/classes/22"],
    ["See every class open for booking", "/all-classes"],
  ]);
  expect(within(instead).getByText(/with Kofi Mensah/)).toHaveTextContent("$30.00");
  await expectNoSeriousA11yViolations(document.body);
});

test("with no class like it open, the page points to the whole catalog", async () => {
  stubApi({ "/classes/7": { ...lastSummer, similarClasses: [] } });
  renderPage();

  const instead = await screen.findByRole("region", { name: "Coming up instead" });
  expect(
    within(instead).getByText("No class like this one is open for booking yet."),
  ).toBeVisible();
  expect(
    within(instead).getByRole("link", { name: "See every class open for booking" }),
  ).toBeVisible();
});

test("a class still to come keeps its Select and suggests nothing", async () => {
  stubApi({ "/classes/21": { ...clayThisSummer, ended: false, similarClasses: [] } });
  renderPage(21);

  expect(await screen.findByRole("button", { name: "Select" })).toBeInTheDocument();
  expect(screen.queryByText("This class has ended.")).toBeNull();
  expect(screen.queryByRole("region", { name: "Coming up instead" })).toBeNull();
});
