import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { listPage, stubApi } from "../../../testing/api";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// The table's columns and the role words are said as their modules load: after the switch.
speakSpanish();
const { ManageUsersPage } = require("./ManageUsersPage");

afterAll(speakEnglish);

const ada = { _id: 1, name: "Ada Admin", photo: "", email: "admin@camp.test", role: "admin" };
const sam = { _id: 3, name: "Sam Student", photo: "", email: "sam@camp.test", role: "student" };
const FIRST_PAGE = "/users?page=1&page_size=20";

test("Manage Users speaks Spanish: the table, the dialog and the message after a change", async () => {
  const answers = {
    [FIRST_PAGE]: listPage([ada, sam], 2),
    "/users/instructor/3": { modifiedCount: 1 },
  };
  stubApi(answers);
  renderRoutes([{ path: "/dashboard/all-users", element: <ManageUsersPage /> }], {
    route: "/dashboard/all-users",
    auth: signedIn("admin"),
  });
  const user = userEvent.setup();

  expect(await screen.findByRole("heading", { name: "Total de usuarios: 2" })).toBeInTheDocument();
  expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
    "#",
    "Perfil",
    "Nombre",
    "Correo electrónico",
    "Rol",
    "Acciones",
  ]);
  const samRow = within(screen.getByRole("row", { name: /Sam Student/ }));
  expect(samRow.getByText("estudiante")).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Buscar usuarios" })).toHaveAttribute(
    "placeholder",
    "Nombre o correo electrónico",
  );

  await user.click(samRow.getByRole("button", { name: "Hacer instructor" }));
  const dialog = within(
    screen.getByRole("dialog", { name: "¿Convertir a Sam Student en instructor?" }),
  );
  expect(dialog.getByText("Sam Student (sam@camp.test) es estudiante ahora.")).toBeInTheDocument();
  expect(dialog.getByText("Podrá agregar clases y actualizar las suyas.")).toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
  await user.click(dialog.getByRole("button", { name: "Hacer instructor" }));

  const toast = screen.getByRole("status");
  await waitFor(() => expect(toast).toHaveTextContent("Sam Student ahora es instructor"));
  expect(within(toast).getByRole("button", { name: "Deshacer" })).toBeInTheDocument();
  expect(screen.queryByText(/Make Instructor|successfully/)).not.toBeInTheDocument();
});
