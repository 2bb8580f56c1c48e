// First: the form's labels and messages are said as their module loads.
import "../../../testing/inSpanish";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { makeAddendum, makeIncident } from "../../../testing/healthFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { IncidentsPage } from "./IncidentsPage";

jest.setTimeout(20_000);

const grazedKnee = makeIncident();

function renderPage(route = "/dashboard/incidents") {
  const auth = signedIn("admin");
  renderRoutes([{ path: "/dashboard/incidents", element: <IncidentsPage /> }], { route, auth });
  return { auth, user: userEvent.setup() };
}

test("the list of reports speaks Spanish: its table, its choice of open or closed, an empty list", async () => {
  stubApi({ "/incidents?open=true": [grazedKnee], "/incidents?open=false": [] });
  const { user } = renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Incidentes" })).toBeVisible();
  expect(document.title).toBe("Incidentes | Camp");
  const table = await screen.findByRole("table", {
    name: "Informes abiertos, el más antiguo primero",
  });
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent),
  ).toEqual(["Cuándo", "Niños", "Clase", "Tipo", "Informado por", "Revisar"]);
  expect(within(table).getByRole("link", { name: /^Revisar el informe del / })).toBeVisible();
  const choice = within(screen.getByRole("navigation", { name: "Qué informes" }));
  expect(choice.getByRole("link", { name: "Abierto" })).toHaveAttribute("aria-current", "page");

  await user.click(choice.getByRole("link", { name: "Cerrado" }));

  expect(await screen.findByText("No se ha cerrado ningún informe.")).toBeVisible();
  expect(
    screen.queryByText(/Open reports|No report has been closed|Reports of injuries/),
  ).not.toBeInTheDocument();
});

test("a report's review speaks Spanish: its buttons, the edit's validation, an addendum's notice", async () => {
  stubApi({
    "/incidents/5": grazedKnee,
    "POST /incidents/5/addenda": respond(201, makeAddendum({ id: 40, text: "All healed." })),
  });
  const { auth, user } = renderPage("/dashboard/incidents?report=5");

  expect(await screen.findByRole("region", { name: /^Lesión, / })).toBeVisible();
  expect(screen.getByRole("link", { name: "Volver a los informes" })).toBeVisible();
  expect(screen.getByRole("button", { name: "Cerrar el informe" })).toBeVisible();

  await user.click(screen.getByRole("button", { name: "Editar el informe" }));
  const form = within(screen.getByRole("form", { name: "Editar el informe" }));
  expect(form.getByLabelText("Notas internas")).toHaveAccessibleDescription(
    "Nunca se muestra a la familia ni se envía por correo electrónico.",
  );
  await user.clear(form.getByLabelText("Qué pasó"));
  await user.click(form.getByRole("button", { name: "Guardar el informe" }));
  expect(await form.findByRole("alert")).toHaveTextContent("Qué pasó: Describa qué pasó.");
  await user.click(form.getByRole("button", { name: "Cancelar" }));

  const addendum = within(screen.getByRole("form", { name: "Agregar al informe" }));
  await user.type(addendum.getByLabelText("Agregar al informe"), "All healed.");
  await user.click(addendum.getByRole("button", { name: "Agregar" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Agregado al informe y enviado a las familias"),
  );

  await user.click(screen.getByRole("button", { name: "Cerrar el informe" }));
  const dialog = within(screen.getByRole("dialog", { name: "¿Cerrar este informe?" }));
  expect(
    dialog.getByText("Un informe cerrado no se puede editar. Lo que se sepa después se le agrega."),
  ).toBeVisible();
  expect(
    screen.queryByText(/Edit the report|Close this report|Add to the report/),
  ).not.toBeInTheDocument();
});
