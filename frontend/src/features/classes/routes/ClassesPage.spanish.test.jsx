// First: the sorts, filters and button words are said when their modules are imported.
import "../../../testing/inSpanish";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { listPage, stubApi } from "../../../testing/api";
import { makeClass } from "../../../testing/fixtures";
import { renderWithProviders, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const watercolor = makeClass({ nameClass: "Watercolor Basics", status: "Approved" });
const pottery = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 0 });
const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";

function renderPage() {
  return renderWithProviders(<ClassesPage />, { route: "/all-classes", auth: visitor });
}

test("a Spanish visitor reads All Classes, its filters and its cards in Spanish", async () => {
  stubApi({ [firstPage]: listPage([watercolor, pottery], 2) });
  const user = userEvent.setup();
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Cargando clases…");
  await screen.findByRole("list");
  expect(screen.getByRole("heading", { level: 1, name: "Todas las clases" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Todas las clases/);
  expect(screen.getByText("Mostrando 2 de 2 clases")).toBeInTheDocument();

  const search = within(screen.getByRole("search", { name: "Buscar una clase" }));
  expect(search.getByRole("combobox", { name: "Ordenar por" })).toHaveDisplayValue(
    "Inicio más próximo",
  );
  expect(search.getByPlaceholderText("Nombre, descripción o instructor")).toBeInTheDocument();
  expect(search.getByLabelText("Solo clases con lugares disponibles")).not.toBeChecked();

  const full = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(full.getByText("Sin lugares disponibles", { selector: "button" })).toBeInTheDocument();
  expect(full.getByText("Inicie sesión para unirse a la lista de espera.")).toBeVisible();
  expect(screen.queryByText(/Showing|No seats left|Sort by/)).not.toBeInTheDocument();
  const open = within(screen.getByRole("article", { name: "Watercolor Basics" }));
  await user.click(open.getByRole("button", { name: "Seleccionar" }));
  const dialog = await screen.findByRole("dialog", {
    name: "Inicie sesión primero para seleccionar esta clase",
  });
  expect(within(dialog).getByRole("button", { name: "Iniciar sesión ahora" })).toBeInTheDocument();
  expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
});

test("one class shown is counted in the singular", async () => {
  stubApi({ [firstPage]: listPage([watercolor], 1) });
  renderPage();

  expect(await screen.findByText("Mostrando 1 de 1 clase")).toBeInTheDocument();
});
