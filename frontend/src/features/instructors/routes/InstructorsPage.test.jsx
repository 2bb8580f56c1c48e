import { screen, waitFor, within } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeInstructor } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { InstructorsPage } from "./InstructorsPage";
import { expectSizedEagerImage, expectSizedLazyImage } from "../../../testing/images";

const instructors = Array.from({ length: 8 }, () => makeInstructor());

function renderPage() {
  return renderWithProviders(<InstructorsPage />, { route: "/all-instructors" });
}

test("every instructor is shown with photo, name and e-mail", async () => {
  stubApi({ "/instructors": instructors });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading instructors…");
  // Grey cards keep the grid's room meanwhile, so the footer does not jump when it arrives.
  expect(document.querySelectorAll(".placeholder-glow .card")).toHaveLength(6);
  const list = await screen.findByRole("list");
  // The cards past the first rows come in the frames after them (progressive rendering).
  await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(8));

  const first = within(screen.getByRole("article", { name: instructors[0].name }));
  const photo = first.getByRole("img", { name: instructors[0].name });
  expect(photo).toHaveAttribute("src", instructors[0].photo);
  // The first photo loads at once, ahead of all: the page's largest paint on a phone.
  expectSizedEagerImage(photo, { high: true });
  const photos = screen.getAllByRole("img");
  for (const later of photos.slice(1)) expectSizedLazyImage(later);
  expect(first.getByRole("link", { name: instructors[0].email })).toHaveAttribute(
    "href",
    `mailto:${instructors[0].email}`,
  );
  expect(document.title).toBe("All Instructors | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "All Instructors" })).toBeInTheDocument();
});

test("the page says so when there is no instructor", async () => {
  stubApi({ "/instructors": [] });
  renderPage();

  expect(await screen.findByText("No instructors have joined yet.")).toBeInTheDocument();
});

test("a failed request shows an alert", async () => {
  stubApi({ "/instructors": respond(503, { message: "Try again later." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The instructors could not be loaded.",
  );
});

test("the loaded page has no serious accessibility violations", async () => {
  stubApi({ "/instructors": instructors });
  renderPage();
  await screen.findByRole("list");

  await expectNoSeriousA11yViolations();
});

test("an instructor named by id links to their page", async () => {
  const ada = makeInstructor({ _id: 5, name: "Ada Brush" });
  const bo = makeInstructor({ name: "Bo Clay" });
  stubApi({ "/instructors": [ada, bo] });
  renderPage();

  const card = within(await screen.findByRole("article", { name: "Ada Brush" }));
  expect(card.getByRole("link", { name: "Ada Brush" })).toHaveAttribute("href", "/instructors/5");
  const other = within(screen.getByRole("article", { name: "Bo Clay" }));
  expect(other.getByRole("link", { name: "Bo Clay" })).toHaveAttribute(
    "href",
    `/instructors/${bo._id}`,
  );
});
