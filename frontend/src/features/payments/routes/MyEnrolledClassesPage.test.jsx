import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

const myEnrolled = "/enrolledStudent/student%40camp.test";

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-enrolled-classes", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

test("each enrolled class shows its picture, name, instructor, price and Start Class", async () => {
  const watercolor = makeClass({ nameClass: "Watercolor Basics", price: 45.5 });
  const pottery = makeClass({ nameClass: "Pottery Wheel", price: 120, instructorName: "Bo Clay" });
  const fetch = stubApi({ [myEnrolled]: [watercolor, pottery] });
  const { user } = renderPage();

  const card = within(await screen.findByRole("article", { name: "Watercolor Basics" }));
  expect(document.title).toBe("My Enrolled Classes | Camp");
  expect(card.getByRole("img", { name: "Watercolor Basics" })).toHaveAttribute(
    "src",
    watercolor.image,
  );
  expect(card.getByText("Ada Brush")).toBeInTheDocument();
  expect(card.getByText("$45.50")).toBeInTheDocument();
  const pottteryCard = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(pottteryCard.getByText("Bo Clay")).toBeInTheDocument();
  expect(pottteryCard.getByText("$120.00")).toBeInTheDocument();

  // Start Class has no action yet: it says so and pressing it goes nowhere.
  const start = card.getByRole("button", { name: "Start Class" });
  expect(start).toHaveAttribute("aria-disabled", "true");
  expect(start).toHaveAccessibleDescription(/Classes start on the first day of camp/);
  await user.click(start);
  expect(screen.getByRole("heading", { name: "My Enrolled Classes" })).toBeInTheDocument();
  expect(fetch).toHaveBeenCalledTimes(1);
  await expectNoSeriousA11yViolations();
});

test("without enrolments the page says so", async () => {
  stubApi({ [myEnrolled]: [] });
  renderPage();

  expect(await screen.findByText(/You are not enrolled in any classes yet/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Pay for a selected class" })).toHaveAttribute(
    "href",
    "/dashboard/my-selected-classes",
  );
});
