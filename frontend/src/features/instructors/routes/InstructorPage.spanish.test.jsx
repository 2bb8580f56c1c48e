import { screen, within } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";
import { InstructorPage } from "./InstructorPage";

const ada = {
  _id: 5,
  name: "Ada Brush",
  photo: "https://images.camp.test/people/ada.jpg",
  bio: "I paint with watercolors.",
  classes: [makeClass({ _id: 31, nameClass: "Clay Creatures" })],
};

beforeEach(speakSpanish);
afterEach(speakEnglish);

function renderPage(route = "/instructors/5") {
  return renderRoutes([{ path: "/instructors/:id", element: <InstructorPage /> }], { route });
}

test("an instructor's page names their classes in Spanish, the name inside the sentence", async () => {
  stubApi({ "/instructors/5": ada });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Cargando al instructor…");
  const classes = await screen.findByRole("region", { name: "Clases de Ada Brush" });
  expect(within(classes).getByRole("link", { name: "Clay Creatures" })).toBeInTheDocument();
  expect(screen.queryByText(/Classes by/)).not.toBeInTheDocument();
});

test("an unknown instructor is said in Spanish", async () => {
  stubApi({ "/instructors/99": respond(404, { message: "No such instructor." }) });
  renderPage("/instructors/99");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Instructor no encontrado" }),
  ).toBeInTheDocument();
  expect(screen.getByText("Ningún instructor enseña en esta dirección.")).toBeVisible();
  expect(screen.getByRole("link", { name: "Todos los instructores" })).toBeInTheDocument();
  expect(screen.queryByText("Instructor not found")).not.toBeInTheDocument();
});
