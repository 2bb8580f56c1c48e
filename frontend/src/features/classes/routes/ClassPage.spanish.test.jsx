// First: the button's words are said when their module is imported.
import "../../../testing/inSpanish";
import { screen } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { makeScheduledClass } from "../../../testing/fixtures";
import { renderWithProviders, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

const watercolor = makeScheduledClass({
  _id: 7,
  nameClass: "Watercolor Week",
  noMeetingDates: ["2027-06-15"],
});

// The clock stands before the class's weeks, whatever day the tests run on.
beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2027-05-01T12:00:00Z"), advanceTimers: true });
});

afterEach(() => {
  jest.useRealTimers();
});

function renderPage(id = 7) {
  return renderWithProviders(<ClassPage />, {
    route: `/classes/${id}`,
    path: "/classes/:id",
    auth: visitor,
  });
}

test("a Spanish visitor reads a class's page in Spanish", async () => {
  stubApi({ "/classes/7": watercolor });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Cargando la clase…");
  await screen.findByRole("heading", { level: 1, name: "Watercolor Week" });
  expect(screen.getByRole("heading", { level: 2, name: "Acerca de esta clase" })).toBeVisible();
  expect(screen.getByRole("heading", { level: 2, name: "Horario" })).toBeVisible();
  expect(screen.getByRole("button", { name: "Seleccionar" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Agregar al calendario" })).toBeInTheDocument();
  expect(screen.getByText(/^La inscripción cierra el .+\.$/)).toBeInTheDocument();
  expect(screen.getByText(/^No hay clase el .+\.$/)).toBeInTheDocument();
  expect(
    screen.queryByText(/About this class|Registration closes|Add to calendar|No class on/),
  ).not.toBeInTheDocument();
});

test("an unknown class is said in Spanish", async () => {
  stubApi({ "/classes/99": respond(404, { message: "No such class." }) });
  renderPage(99);

  expect(
    await screen.findByRole("heading", { level: 1, name: "Clase no encontrada" }),
  ).toBeInTheDocument();
  expect(document.title).toMatch(/^Clase no encontrada/);
  expect(screen.getByRole("link", { name: "Volver a Todas las clases" })).toBeInTheDocument();
  expect(screen.queryByText("Class not found")).not.toBeInTheDocument();
});
