import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes } from "../../../testing/renderWithProviders";
import { PICTURE_SIZES } from "../../../components/ui/pictureSources";
import { InstructorPage } from "./InstructorPage";

const clay = makeClass({
  _id: 31,
  nameClass: "Clay Creatures",
  price: 45.5,
  ageMin: 8,
  ageMax: 12,
  meetingDays: ["mon", "wed", "fri"],
  startTime: "09:00",
  endTime: "11:30",
  meetings: [
    { start: "2027-06-14T09:00:00-07:00", end: "2027-06-14T11:30:00-07:00" },
    { start: "2027-06-25T09:00:00-07:00", end: "2027-06-25T11:30:00-07:00" },
  ],
});
const cranes = makeClass({ _id: 32, nameClass: "Paper Cranes", price: 0, ageMin: 18 });
const ada = {
  _id: 5,
  name: "Ada Brush",
  photo: "https://images.camp.test/people/ada.jpg",
  bio: "I paint with watercolors and teach beginners.\n\nMy studio is by the lake.\nIt has a kiln.",
  classes: [clay, cranes],
};

function renderPage(route = "/instructors/5") {
  const rendered = renderRoutes(
    [
      { path: "/instructors/:id", element: <InstructorPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route },
  );
  return { ...rendered, user: userEvent.setup() };
}

test("the instructor's photo, the page's largest paint, comes at the width the page shows it", async () => {
  stubApi({ "/instructors/5": { ...ada, photo: "/static/img/demo/people/ada-480w.webp" } });
  renderPage();

  const photo = await screen.findByRole("img", { name: "Ada Brush" });
  expect(photo).toHaveAttribute(
    "srcset",
    "/static/img/demo/people/ada-320w.webp 320w, /static/img/demo/people/ada-480w.webp 480w",
  );
  expect(photo).toHaveAttribute("sizes", PICTURE_SIZES.instructorPage);
  expect(photo).toHaveAttribute("fetchpriority", "high");
});

test("the page shows the instructor's photo, name, bio and approved classes", async () => {
  const fetch = stubApi({ "/instructors/5": ada });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading the instructor…");
  const heading = await screen.findByRole("heading", { level: 1, name: "Ada Brush" });
  expect(heading).toBeInTheDocument();
  expect(document.title).toBe("Ada Brush | Camp");
  expect(screen.getByRole("img", { name: "Ada Brush" })).toHaveAttribute("src", ada.photo);
  // Paragraphs as written, as text.
  expect(screen.getByText("I paint with watercolors and teach beginners.").tagName).toBe("P");
  expect(screen.getByText(/My studio is by the lake/)).toHaveTextContent(
    "My studio is by the lake. It has a kiln.",
    { normalizeWhitespace: true },
  );
  expect(fetch).toHaveBeenCalledWith("/api/instructors/5", expect.anything());

  const classes = within(screen.getByRole("region", { name: "Classes by Ada Brush" }));
  const clayCard = within(classes.getByRole("article", { name: "Clay Creatures" }));
  expect(clayCard.getByRole("link", { name: "Clay Creatures" })).toHaveAttribute(
    "href",
    "/classes/31",
  );
  expect(clayCard.getByText("Jun 14 – Jun 25 · Mon, Wed, Fri · 9:00 AM–11:30 AM")).toBeVisible();
  expect(clayCard.getByText("Ages 8–12")).toBeVisible();
  expect(clayCard.getByText("$45.50")).toBeVisible();
  const cranesCard = within(classes.getByRole("article", { name: "Paper Cranes" }));
  expect(cranesCard.getByText("Schedule to be announced")).toBeVisible();
  expect(cranesCard.getByText("Adults")).toBeVisible();
  // Read-only: nothing to select here.
  expect(classes.queryByRole("button")).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a class name leads to the class's page", async () => {
  stubApi({ "/instructors/5": ada });
  const { user, router } = renderPage();

  await user.click(await screen.findByRole("link", { name: "Paper Cranes" }));

  expect(router.state.location.pathname).toBe("/classes/32");
});

test("an instructor with no bio and no open class says so", async () => {
  stubApi({ "/instructors/5": { ...ada, bio: "", classes: [] } });
  renderPage();

  await screen.findByRole("heading", { level: 1, name: "Ada Brush" });
  expect(screen.getByText("No classes are open right now.")).toBeInTheDocument();
  expect(screen.queryByRole("article")).not.toBeInTheDocument();
});

test("an address that is no instructor's says so and leads to All Instructors", async () => {
  stubApi({ "/instructors/99": respond(404, { message: "No such instructor." }) });
  const { user, router } = renderPage("/instructors/99");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Instructor not found" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Instructor not found | Camp");
  await expectNoSeriousA11yViolations();

  await user.click(screen.getByRole("link", { name: "All Instructors" }));
  expect(router.state.location.pathname).toBe("/all-instructors");
});

test("another failure shows an alert", async () => {
  stubApi({ "/instructors/5": respond(503, { message: "Try again later." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The instructor could not be loaded.Try again later.",
  );
});
