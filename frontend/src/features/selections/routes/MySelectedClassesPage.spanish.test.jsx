import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakSpanish } from "../../../testing/spanish";
import { MySelectedClassesPage } from "./MySelectedClassesPage";

const mySelections = "/selectClass?email=student%40camp.test";
const watercolor = makeSelection({ participantName: "Ana Lopez" });
const pottery = makeSelection({
  _id: 12,
  classId: 4,
  nameClass: "Pottery Wheel",
  price: 120,
  participantName: "Ana Lopez",
});
const CART = { count: 2, total: 165.5, lines: [] };

beforeAll(speakSpanish);

function renderPage() {
  renderRoutes([{ path: "/dashboard/my-selected-classes", element: <MySelectedClassesPage /> }], {
    route: "/dashboard/my-selected-classes",
    auth: signedIn("student"),
  });
}

test("a family reads its selected classes and pays for them together, in Spanish", async () => {
  stubApi({ [mySelections]: [watercolor, pottery], "/cart": CART });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Mis clases seleccionadas" }),
  ).toBeInTheDocument();
  const together = within(await screen.findByRole("region", { name: "Pagar todo junto" }));
  expect(await together.findByText(/^2 clases: \$165\.50/)).toBeInTheDocument();
  expect(together.getByRole("checkbox", { name: "Pottery Wheel para Ana Lopez" })).toBeChecked();
  expect(together.getByLabelText("Código promocional")).toBeInTheDocument();
  expect(together.getByRole("checkbox", { name: "Usar el crédito de mi cuenta" })).toBeEnabled();
  expect(together.getByRole("button", { name: "Ir al pago" })).toBeEnabled();
  const row = within(screen.getByRole("article", { name: "Pottery Wheel" }));
  expect(row.getByRole("link", { name: /^Pagar/ })).toBeInTheDocument();
  expect(row.getByRole("button", { name: /^Eliminar/ })).toBeInTheDocument();
  expect(screen.queryByText(/Check out|Promo code|classes:|Delete/)).toBeNull();
});

test("with nothing selected the page says so in Spanish", async () => {
  stubApi({ [mySelections]: [], "/cart": { count: 0, total: 0, lines: [] } });
  renderPage();

  expect(await screen.findByText("Todavía no ha seleccionado ninguna clase.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Ver todas las clases" })).toBeInTheDocument();
  expect(screen.queryByText(/You have not selected/)).toBeNull();
});
