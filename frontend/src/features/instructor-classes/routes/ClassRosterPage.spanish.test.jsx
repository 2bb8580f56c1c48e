// First: the labels said as modules load (the care flags) are then Spanish too.
import "../../../testing/inSpanish";
import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { makeClass, makeWaitlistEntry, todayFrozenAt } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ClassRosterPage } from "./ClassRosterPage";
import { ParticipantCarePage } from "./ParticipantCarePage";

// The enrolments, the offer and the record's confirmation stand where they stand against it.
todayFrozenAt(new Date("2027-05-25T12:00:00Z"));

const watercolor = makeClass({ _id: 3, nameClass: "Watercolor Basics" });

function rosterLine(overrides) {
  return {
    dateOfBirth: "2018-05-02",
    age: 9,
    notes: "",
    accountName: "Ana Lopez",
    accountEmail: "ana@family.test",
    emergencyContactName: "",
    emergencyContactPhone: "",
    enrolledAt: "2027-05-01T10:00:00Z",
    careFlags: {
      allergy: "anaphylactic",
      allergies: ["Peanuts"],
      medicationAtCamp: true,
      photoConsent: false,
      pickups: ["Luis Lopez"],
      mayLeaveAlone: false,
      complete: true,
      missing: [],
    },
    ...overrides,
  };
}
const mia = rosterLine({ participantId: 7, participantName: "Mia Lopez" });
const leo = rosterLine({ participantId: 8, participantName: "Leo Lopez", age: null });

const offered = makeWaitlistEntry({
  _id: 21,
  participantId: 30,
  participantName: "Lily Chen",
  accountName: "Wei Chen",
  status: "offered",
  position: null,
  offerExpiresAt: "2027-05-26T17:00:00Z",
  createdAt: "2027-05-20T10:00:00Z",
  moveReason: "",
});
const moved = makeWaitlistEntry({
  _id: 22,
  participantId: 31,
  participantName: "Noah Park",
  accountName: "Jin Park",
  status: "waiting",
  position: 1,
  createdAt: "2027-05-21T10:00:00Z",
  moveReason: "Sibling already enrolled.",
});

const careRecord = {
  participantId: 7,
  allergies: [{ name: "Peanuts", severity: "anaphylactic", action: "" }],
  medications: [],
  emergencyContacts: [],
  pickups: [{ name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" }],
  mayLeaveAlone: false,
  photoConsent: null,
  confirmedAt: "2027-05-02T10:00:00-07:00",
  complete: false,
  missing: ["emergencyContacts"],
  needsConfirmation: false,
  emergencyContactsRequired: 1,
  mayLeaveAloneAllowed: false,
  leaveAloneMinAge: 12,
};

function renderAt(route) {
  renderRoutes(
    [
      { path: "/dashboard/my-classes/:id/roster", element: <ClassRosterPage /> },
      {
        path: "/dashboard/my-classes/:classId/participants/:participantId/care",
        element: <ParticipantCarePage />,
      },
    ],
    { route, auth: signedIn("instructor") },
  );
}

test("the roster speaks Spanish: its count, columns, care links and the waitlist", async () => {
  stubApi({
    "/classes/3": watercolor,
    "/classes/3/roster": [mia, leo],
    "/classes/3/waitlist": [offered, moved],
  });
  renderAt("/dashboard/my-classes/3/roster");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Lista de clase: Watercolor Basics" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Lista de clase: Watercolor Basics | Camp");
  expect(await screen.findByText("2 participantes inscritos")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Descargar CSV" })).toBeEnabled();
  expect(screen.getByRole("link", { name: "Volver a Mis clases" })).toBeInTheDocument();
  const enrolled = within(
    screen.getByRole("table", { name: "Participantes inscritos, por nombre" }),
  );
  expect(enrolled.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
    "Participante",
    "Cuidado",
    "Edad el primer día",
    "Notas",
    "Contacto de la familia",
    "Contacto de emergencia",
  ]);
  expect(enrolled.getByRole("link", { name: "Ficha de cuidado de Mia Lopez" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/3/participants/7/care",
  );
  expect(enrolled.getByText("Desconocida")).toBeInTheDocument();

  const waitlist = within(screen.getByRole("region", { name: "Lista de espera" }));
  await waitlist.findByRole("table", { name: "La lista de espera, en orden" });
  expect(waitlist.getByText("Lugar ofrecido")).toBeInTheDocument();
  expect(waitlist.getByText("En espera")).toBeInTheDocument();
  expect(waitlist.getByText("Adelantado en la lista: Sibling already enrolled.")).toBeVisible();
  expect(
    screen.queryByText(/participants enrolled|Download CSV|Care record|Waitlist|Seat offered/),
  ).not.toBeInTheDocument();
});

test("one enrolled participant is counted in the singular, and an empty waitlist says so", async () => {
  stubApi({
    "/classes/3": watercolor,
    "/classes/3/roster": [mia],
    "/classes/3/waitlist": [],
  });
  renderAt("/dashboard/my-classes/3/roster");

  expect(await screen.findByText("1 participante inscrito")).toBeInTheDocument();
  expect(await screen.findByText("No hay nadie en la lista de espera.")).toBeInTheDocument();
});

test("a child's care record reads in Spanish, what the family left out included", async () => {
  stubApi({ "/participants/7/care": careRecord, "/classes/3/roster": [mia] });
  renderAt("/dashboard/my-classes/3/participants/7/care");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Ficha de cuidado: Mia Lopez" }),
  ).toBeInTheDocument();
  expect(screen.getByText("Esta ficha de cuidado está incompleta.")).toBeInTheDocument();
  expect(screen.getByText(/^Confirmada por última vez por la familia:/)).toBeInTheDocument();
  expect(screen.getByText(/^Solo lectura\./)).toBeInTheDocument();
  const allergies = within(screen.getByRole("region", { name: "Alergias" }));
  expect(allergies.getByText("Peanuts").closest("p")).toHaveTextContent(
    "Peanuts Anafiláctica: EpiPen alergia",
  );
  expect(allergies.getByText("La familia no escribió nada.")).toBeInTheDocument();
  expect(
    within(screen.getByRole("region", { name: "Medicamento en el campamento" })).getByText(
      "No hay medicamentos que administrar en el campamento.",
    ),
  ).toBeInTheDocument();
  expect(
    within(screen.getByRole("region", { name: "Recogida" })).getByText(/^No puede irse solo:/),
  ).toBeInTheDocument();
  expect(
    within(screen.getByRole("region", { name: "Fotos" })).getByText(
      /^Consentimiento para fotos sin responder:/,
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Volver a la lista de clase" })).toBeInTheDocument();
  expect(
    screen.queryByText(/Care record|Allergies|Last confirmed|Read only|What to do|May not/),
  ).not.toBeInTheDocument();
});
