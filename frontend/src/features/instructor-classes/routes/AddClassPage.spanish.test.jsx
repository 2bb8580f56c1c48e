// First: the messages said as modules load (the form's checks, the weekdays) are then Spanish.
import "../../../testing/inSpanish";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { categories, makeScheduledClass, todayFrozenAt } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { AddClassPage } from "./AddClassPage";
import { UpdateClassPage } from "./UpdateClassPage";

// Before the scheduled class's week in June 2027, whatever day the tests run on.
todayFrozenAt(new Date("2027-05-01T12:00:00Z"));

function renderAt(route) {
  renderRoutes(
    [
      { path: "/dashboard/add-class", element: <AddClassPage /> },
      { path: "/dashboard/update-class/:id", element: <UpdateClassPage /> },
    ],
    { route, auth: signedIn("instructor") },
  );
  return userEvent.setup();
}

test("the Add a Class form speaks Spanish, and so do its checks", async () => {
  stubApi({ "/categories": categories });
  const user = renderAt("/dashboard/add-class");

  expect(screen.getByRole("heading", { level: 1, name: "Agregar una clase" })).toBeInTheDocument();
  expect(document.title).toBe("Agregar una clase | Camp");
  await screen.findByRole("option", { name: "Pottery & ceramics" });
  expect(screen.getByLabelText("Nombre del instructor")).toHaveValue("Sam Instructor");
  expect(screen.getByRole("group", { name: "Horario" })).toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Días de clase" })).toBeInTheDocument();
  expect(screen.getByRole("checkbox", { name: "Lunes" })).toBeInTheDocument();

  await user.type(screen.getByLabelText("Fecha de inicio"), "2027-06-14");
  await user.click(screen.getByRole("button", { name: "Agregar clase" }));

  await waitFor(() =>
    expect(screen.getByLabelText("Nombre de la clase")).toHaveAccessibleDescription(
      "El nombre de la clase es obligatorio",
    ),
  );
  expect(screen.getByLabelText("Lugares disponibles")).toHaveAccessibleDescription(
    "Los lugares disponibles son obligatorios",
  );
  expect(screen.getByLabelText("Hora de inicio")).toHaveAccessibleDescription(
    "Indique la hora de inicio de cada sesión.",
  );
  expect(screen.getByLabelText("Imagen de la clase")).toHaveAccessibleDescription(
    /La imagen de la clase es obligatoria$/,
  );
  expect(
    screen.queryByText(/Add Class|Class Name|is required|Give the time|Schedule|Meeting days/),
  ).not.toBeInTheDocument();
});

test("the Update Class form speaks Spanish, its dates with no meeting in Spanish too", async () => {
  const scheduled = makeScheduledClass({
    _id: 7,
    nameClass: "Watercolor Week",
    noMeetingDates: ["2027-06-16"],
    feedback: "",
  });
  stubApi({ "/categories": categories, "/myClass/7": scheduled });
  renderAt("/dashboard/update-class/7");

  expect(screen.getByRole("heading", { level: 1, name: "Actualizar clase" })).toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("Cargando la clase…");
  expect(await screen.findByLabelText("Nombre de la clase")).toHaveValue("Watercolor Week");
  expect(screen.getByRole("link", { name: "Volver a Mis clases" })).toBeInTheDocument();
  expect(screen.getByLabelText("Reemplazar la imagen")).toHaveAccessibleDescription(
    "Una imagen JPEG, PNG, WebP o GIF, de 5 MB como máximo.",
  );
  const holidays = within(screen.getByRole("group", { name: "Fechas sin sesión" }));
  expect(holidays.getByRole("listitem")).toHaveTextContent(/^Mié, .*jun.*2027$/);
  expect(holidays.getByRole("button", { name: /^Quitar Mié, / })).toBeInTheDocument();
  expect(holidays.getByRole("button", { name: "Agregar fecha" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Actualizar clase" })).toBeEnabled();
  expect(
    screen.queryByText(/Update Class|Replace image|Dates with no meeting|Wed|Jun /),
  ).not.toBeInTheDocument();
});
