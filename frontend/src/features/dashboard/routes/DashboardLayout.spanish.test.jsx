import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// The side menu's labels are said as its module loads: it loads after the switch to Spanish.
speakSpanish();
const { DashboardHome } = require("./DashboardHome");
const { DashboardLayout } = require("./DashboardLayout");

afterAll(speakEnglish);

function renderDashboard(role, route = "/dashboard/page") {
  return renderRoutes(
    [
      {
        path: "/dashboard",
        element: <DashboardLayout />,
        children: [
          { index: true, element: <DashboardHome /> },
          { path: "*", element: <h1>Página</h1> },
        ],
      },
    ],
    { route, auth: signedIn(role) },
  );
}

test("the dashboard's frame and menu speak Spanish, with the mail banner", async () => {
  stubApi({
    "/profile/mail": { announcements: true, undeliverable: true, undeliverableReason: "" },
  });
  renderDashboard("student");

  const menu = screen.getByRole("navigation", { name: "Panel" });
  const links = within(menu)
    .getAllByRole("link")
    .map((link) => link.textContent);
  expect(links).toEqual(
    expect.arrayContaining(["Mis clases seleccionadas", "Mi familia", "Pendientes", "Mi perfil"]),
  );
  expect(links).not.toContain("My Family");
  expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Abrir el menú del panel" })).toBeInTheDocument();
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "No podemos entregar correos electrónicos a student@camp.test. Los recibos y recordatorios no le están llegando.",
  );
  expect(screen.getByRole("link", { name: "Corríjalo en Mi perfil" })).toBeInTheDocument();
});

test("a family's to-do list speaks Spanish, its plurals and whose record too", async () => {
  const blank = {
    dueAt: null,
    participantId: null,
    participantName: "",
    classId: null,
    className: "",
    missing: [],
    policyId: null,
    policyTitle: "",
    childrenNames: [],
    amount: null,
    enrolmentId: null,
    waitlistEntryId: null,
    count: null,
    subject: "",
  };
  stubApi({
    "/profile/mail": { announcements: true, undeliverable: false, undeliverableReason: "" },
    "/todo": [
      {
        ...blank,
        kind: "careRecord",
        participantId: 10,
        participantName: "Tomas",
        missing: ["record"],
      },
      {
        ...blank,
        kind: "classMessages",
        classId: 3,
        className: "Wheel Pottery",
        count: 2,
        subject: "Kiln day",
      },
      {
        ...blank,
        kind: "policy",
        policyId: 2,
        policyTitle: "Refund policy",
        childrenNames: ["Leo", "Ines"],
      },
    ],
  });
  renderDashboard("student", "/dashboard");

  expect(await screen.findByRole("heading", { level: 1, name: "Pendientes" })).toBeInTheDocument();
  const list = screen.getByRole("list", { name: "Pendientes, los más urgentes primero" });
  expect(within(list).getByText("Completar la ficha de cuidado de Tomas")).toBeInTheDocument();
  expect(within(list).getByText("Leer 2 mensajes nuevos de Wheel Pottery")).toBeInTheDocument();
  expect(within(list).getByText("Último: Kiln day")).toBeInTheDocument();
  expect(within(list).getByText("Aceptar «refund policy»")).toBeInTheDocument();
  expect(within(list).getByText("Para Leo y Ines.")).toBeInTheDocument();
  expect(screen.queryByText(/Fill in|Read 2 new messages/)).not.toBeInTheDocument();
});
