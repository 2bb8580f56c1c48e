import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// The filters' names are said as their module loads: it loads after the switch to Spanish.
speakSpanish();
const { ManageClassesPage } = require("./ManageClassesPage");

afterAll(speakEnglish);

const pending = makeClass({ nameClass: "Secret Sculpture", status: "Pending" });
const denied = makeClass({ nameClass: "Rejected Origami", status: "Denied" });

function renderPage(route) {
  renderRoutes([{ path: "/dashboard/manage-classes", element: <ManageClassesPage /> }], {
    route,
    auth: signedIn("admin"),
  });
  return userEvent.setup();
}

test("the review page speaks Spanish: its filters, each card's buttons and the decision's notice", async () => {
  const answers = {
    "/classes": [pending, denied],
    [`/classes/approved/${pending._id}`]: { modifiedCount: 1 },
  };
  stubApi(answers);
  const user = renderPage("/dashboard/manage-classes");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Administrar clases" }),
  ).toBeInTheDocument();
  const filters = within(screen.getByRole("group", { name: "Mostrar clases por estado" }));
  expect(filters.getAllByRole("button").map((button) => button.textContent)).toEqual([
    "Todas 2",
    "Pendientes 1",
    "Aprobadas 0",
    "Rechazadas 1",
    "Retiradas 0",
    "Canceladas 0",
  ]);
  const card = within(await screen.findByRole("article", { name: "Secret Sculpture" }));
  expect(card.getByRole("button", { name: "Rechazar" })).toBeEnabled();
  expect(card.getByRole("button", { name: "Enviar comentarios" })).toBeEnabled();
  answers["/classes"] = [{ ...pending, status: "Approved" }, denied];

  await user.click(card.getByRole("button", { name: "Aprobar" }));

  expect(await screen.findByText("La clase fue aprobada")).toBeInTheDocument();
  expect(screen.queryByText("Class is Approved Successfully")).not.toBeInTheDocument();
});

test("a filter with no class says so in Spanish, and so does the feedback dialog", async () => {
  stubApi({ "/classes": [denied] });
  const user = renderPage("/dashboard/manage-classes?status=Withdrawn");

  expect(await screen.findByText("No hay clases retiradas.")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: /^Rechazada/ }));
  await user.click(await screen.findByRole("button", { name: "Enviar comentarios" }));

  const dialog = within(
    screen.getByRole("dialog", { name: "¡Clase rechazada! Escriba aquí sus comentarios" }),
  );
  expect(dialog.getByLabelText("Comentarios")).toHaveAccessibleDescription(
    "Para el instructor de Rejected Origami.",
  );
  await user.click(dialog.getByRole("button", { name: "Enviar" }));
  await waitFor(() =>
    expect(dialog.getByLabelText("Comentarios")).toHaveAccessibleDescription(
      /Los comentarios son obligatorios$/,
    ),
  );
});
