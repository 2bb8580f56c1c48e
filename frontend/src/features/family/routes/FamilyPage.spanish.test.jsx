import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { makeCompleteCareRecord } from "../../../testing/careFixtures";
import { makeChild, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// Kinds of document, outcomes and the care words are said as their modules load: after the switch.
speakSpanish();
const { FamilyPage } = require("./FamilyPage");
const { CareRecordPage } = require("./CareRecordPage");
const { formatAge, formatBirthDate } = require("../components/dates");
const { changeInWords, readInWords } = require("../components/careWords");

afterAll(speakEnglish);

const thisYear = new Date().getFullYear();
const mia = makeChild({ dateOfBirth: `${thisYear - 8}-01-01`, notes: "Alergia al maní." });

test("ages, a missing birthday and a record's history in Spanish words", () => {
  expect([null, 0, 1, 8].map(formatAge)).toEqual([
    "No indicado",
    "Menos de 1 año",
    "1 año",
    "8 años",
  ]);
  // Dates follow the build's locale (es-US in the Spanish build); jest runs the English one.
  expect(formatBirthDate(null)).toBe("No indicado");
  expect(
    changeInWords({
      changedBy: "Ana Lopez",
      change: "updated",
      fields: ["allergies", "doctor", "photoConsent"],
    }),
  ).toBe("Ana Lopez cambió alergias, médico y consentimiento para fotos");
  expect(changeInWords({ changedBy: "", change: "created" })).toBe("Alguien completó la ficha");
  expect(readInWords({ readerName: "Pat", readerRole: "admin", part: "medication" })).toBe(
    "Pat (oficina de la escuela) leyó el registro de medicamentos",
  );
});

test("My Family speaks Spanish: each person's card, the form to add a child and its refusals", async () => {
  stubApi({
    "/participants": [myself, mia],
    "/policies": [],
    "/frontDesk/log": [],
    "/participants/1/artworks": [],
    [`/participants/${mia._id}/artworks`]: [],
  });
  renderRoutes([{ path: "/dashboard/family", element: <FamilyPage /> }], {
    route: "/dashboard/family",
    auth: signedIn("student"),
  });
  const user = userEvent.setup();

  expect(await screen.findByRole("heading", { level: 1, name: "Mi familia" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Mi familia/);
  const card = within(await screen.findByRole("article", { name: "Mia Lopez" }));
  const terms = card.getAllByRole("term").map((term) => term.textContent);
  expect(terms).toEqual(["Fecha de nacimiento", "Edad", "Notas para el instructor"]);
  expect(card.getByText("8 años")).toBeInTheDocument();
  expect(card.getByRole("link", { name: "Ficha de cuidado" })).toBeInTheDocument();
  expect(card.getByRole("button", { name: "Quitar" })).toBeInTheDocument();
  expect(card.getByRole("heading", { name: "Portafolio" })).toBeInTheDocument();

  const form = within(screen.getByRole("form", { name: "Agregar un niño" }));
  await user.click(form.getByRole("button", { name: "Agregar niño" }));
  await waitFor(() =>
    expect(form.getByLabelText("Nombre")).toHaveAccessibleDescription(/El nombre es obligatorio\./),
  );
  expect(screen.queryByText(/First name is required|My Family/)).not.toBeInTheDocument();
});

test("a complete care record speaks Spanish, its documents and sections too", async () => {
  stubApi({
    "/participants": [myself, mia],
    "/policies": [],
    [`/participants/${mia._id}/care`]: makeCompleteCareRecord({ participantId: mia._id }),
    [`/participants/${mia._id}/incidents`]: [],
    [`/participants/${mia._id}/documents`]: [],
  });
  renderRoutes([{ path: "/dashboard/family/:participantId/care", element: <CareRecordPage /> }], {
    route: `/dashboard/family/${mia._id}/care`,
    auth: signedIn("student"),
  });

  expect(
    await screen.findByRole("heading", { level: 1, name: "Ficha de cuidado: Mia Lopez" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Volver a Mi familia" })).toBeInTheDocument();
  expect(await screen.findByText("Todavía no hay documentos.")).toBeInTheDocument();
  expect(screen.getByText("No se han informado incidentes de Mia.")).toBeInTheDocument();
  const upload = within(screen.getByRole("form", { name: "Subir un documento para Mia" }));
  expect(upload.getByRole("combobox", { name: "Tipo de documento" })).toHaveTextContent(
    "Plan de acción para alergias",
  );
  for (const section of ["Medicamentos administrados", "Cambios", "Quién leyó esta ficha"]) {
    expect(screen.getByRole("button", { name: new RegExp(section) })).toBeInTheDocument();
  }
  expect(screen.queryByText("No documents yet.")).not.toBeInTheDocument();
});
