import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { config } from "../../../config/config";
import { freshIndexedDb } from "../../../testing/indexedDb";
import { answerFor } from "../../../testing/api";
import { makeCareFlags } from "../../../testing/careFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";
import { inMinutes, makeRosterLine } from "../../../testing/todayFixtures";

// The incident kinds, body areas and artwork stages are said as their modules load: they load
// after the switch to Spanish.
speakSpanish();
const { formatLocalTime } = require("../../../components/ui/localTime");
const { TodayPage } = require("./TodayPage");

afterAll(speakEnglish);
beforeEach(freshIndexedDb);
// The incident report is a long form: on two busy cores it takes a few seconds.
jest.setTimeout(20_000);

const mia = makeRosterLine({
  participantId: 7,
  name: "Mia Lopez",
  status: "expected",
  checkedInAt: null,
  lastActionId: null,
  lastActionBy: null,
  flags: makeCareFlags({ medicationAtCamp: true, actionPlanOnFile: true }),
});
const sam = makeRosterLine({
  participantId: 12,
  name: "Sam Reyes",
  late: true,
  flags: makeCareFlags({ mayLeaveAlone: true }),
  mayLeaveAlone: true,
});
const leo = makeRosterLine({
  participantId: 15,
  name: "Leo Park",
  status: "left",
  checkedOutAt: inMinutes(-5),
  collectedBy: { kind: "alone", id: null, name: "" },
  flags: makeCareFlags(),
});

const meeting = {
  meetingId: 31,
  classId: 3,
  className: "Watercolour for Kids",
  unitLabel: "",
  extendedCare: null,
  location: "Studio 2",
  start: inMinutes(-30),
  end: inMinutes(150),
  opensAt: inMinutes(-90),
  attendance: [mia, sam, leo],
};

const ventolin = {
  participantId: 7,
  name: "Mia Lopez",
  medication: "Ventolin",
  dose: "2 puffs",
  schedule: "12:00 with lunch",
  time: "12:00",
  status: "due",
  entries: [],
};

// Today's meeting, its medication due and no artwork yet; every action sent meets no network.
function offlineSchool() {
  global.fetch = jest.fn(async (url, init = {}) => {
    const path = String(url).slice(config.apiBase.length);
    const answers = {
      "/attendance/today": [meeting],
      "/meetings/31/medications": [ventolin],
      "/classes/3/artworks": [],
    };
    if ((init.method ?? "GET") === "GET" && answers[path]) {
      return answerFor(url, init, 200, answers[path]);
    }
    throw new TypeError("Failed to fetch");
  });
}

function renderPage() {
  offlineSchool();
  renderRoutes([{ path: "/dashboard/today", element: <TodayPage /> }], {
    route: "/dashboard/today",
    auth: signedIn("instructor", { user: { displayName: "Maya Lindqvist" } }),
  });
  return userEvent.setup();
}

const child = (name) => within(screen.getByRole("listitem", { name }));

test("the roll call speaks Spanish: each child's status, times and actions, and what waits to send", async () => {
  const user = renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Hoy" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Hoy\b/);
  await screen.findByRole("region", { name: "Watercolour for Kids" });
  const arrived = formatLocalTime(sam.checkedInAt);
  expect(child("Sam Reyes").getByText("Presente")).toBeInTheDocument();
  expect(child("Sam Reyes").getByText(`Llegó a las ${arrived} (tarde)`)).toBeInTheDocument();
  expect(
    child("Sam Reyes").getByRole("button", { name: "Registrar salida Sam Reyes" }),
  ).toBeVisible();
  expect(child("Leo Park").getByText("Se fue a casa")).toBeInTheDocument();
  expect(child("Leo Park").getByText(/· Se fue solo$/)).toBeInTheDocument();
  expect(child("Mia Lopez").getByRole("button", { name: "Ausente Mia Lopez" })).toBeVisible();
  expect(child("Mia Lopez").getByText("Plan de acción en el expediente")).toBeInTheDocument();
  // One child not come yet: not the admins' column of them ("Esperados").
  expect(child("Mia Lopez").getByText("Por llegar")).toBeInTheDocument();

  await user.click(child("Mia Lopez").getByRole("button", { name: "Registrar llegada Mia Lopez" }));
  const banner = await screen.findByRole("status");
  expect(within(banner).getByText("1 acción por enviar")).toBeInTheDocument();
  expect(child("Mia Lopez").getByText("Por enviar")).toBeInTheDocument();
  await user.click(await child("Mia Lopez").findByRole("button", { name: "Deshacer Mia Lopez" }));

  expect(await within(banner).findByText("2 acciones por enviar")).toBeInTheDocument();
  expect(
    within(banner).getByText("Todavía no se enviaron: se enviarán en cuanto vuelva la conexión."),
  ).toBeInTheDocument();
  for (const english of [
    /Today/,
    /Check in/,
    /Check out/,
    /waiting to send/,
    /Here/,
    /Gone home/,
  ]) {
    expect(screen.queryByText(english)).not.toBeInTheDocument();
  }
});

test("the check-out dialog is the door's, not the shop's, and asks in Spanish who collected the child", async () => {
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Registrar salida Sam Reyes" }));
  const dialog = within(screen.getByRole("dialog", { name: "Registrar la salida de Sam Reyes" }));
  const who = within(dialog.getByRole("group", { name: "¿Quién recogió al niño?" }));
  expect(who.getByLabelText("Se fue solo")).toBeInTheDocument();
  expect(who.getByLabelText("Otra persona")).toBeInTheDocument();
  await user.click(dialog.getByRole("button", { name: "Registrar salida" }));

  expect(await dialog.findByText("Elija quién recogió al niño.")).toBeInTheDocument();
  expect(dialog.queryByRole("button", { name: "Ir al pago" })).not.toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Cancelar" })).toBeVisible();
});

test("health on Today speaks Spanish: the medication due and the incident report's checks", async () => {
  const user = renderPage();

  const due = within(await screen.findByRole("region", { name: "Medicamentos pendientes" }));
  const dose = within(await due.findByRole("listitem", { name: "Mia Lopez: Ventolin" }));
  expect(dose.getByText("Pendiente")).toBeInTheDocument();
  expect(dose.getByText("Indicaciones: 12:00 with lunch")).toBeInTheDocument();
  expect(dose.getByRole("button", { name: "Administrado Ventolin para Mia Lopez" })).toBeVisible();
  expect(dose.getByRole("button", { name: "Omitido Ventolin para Mia Lopez" })).toBeVisible();

  await user.click(screen.getByRole("button", { name: "Informar un incidente" }));
  const dialog = within(screen.getByRole("dialog", { name: "Informar un incidente" }));
  expect(dialog.getByRole("group", { name: "Niños involucrados" })).toBeInTheDocument();
  await user.click(dialog.getByLabelText("Lesión"));
  expect(dialog.getByText("Toque donde está la lesión")).toBeInTheDocument();
  expect(dialog.getByRole("combobox", { name: "Zona del cuerpo" })).toHaveDisplayValue(
    "Elija una zona del cuerpo",
  );
  await user.click(dialog.getByRole("button", { name: "Guardar el informe" }));

  await waitFor(() => expect(dialog.getByText("Elija al menos un niño.")).toBeInTheDocument());
  expect(dialog.getByText("Describa qué pasó.")).toBeInTheDocument();
  expect(dialog.getByText("Elija en qué parte del cuerpo está la lesión.")).toBeInTheDocument();
  expect(screen.queryByText(/Report an incident|Medication due|Choose at least/)).toBeNull();
});

test("a photographed piece is saved through a Spanish dialog", async () => {
  const user = renderPage();

  const camera = await screen.findByLabelText("Foto de una obra para Watercolour for Kids");
  expect(screen.getByRole("button", { name: "Fotografiar una obra" })).toBeVisible();
  await user.upload(camera, new File(["jpeg"], "bowl.jpg", { type: "image/jpeg" }));

  const dialog = within(screen.getByRole("dialog", { name: "Guardar la obra" }));
  expect(
    dialog.getByText(
      "Watercolour for Kids. Se guarda en este teléfono y se envía en cuanto sea posible.",
    ),
  ).toBeInTheDocument();
  expect(dialog.getByRole("group", { name: "Etapa" })).toBeInTheDocument();
  expect(dialog.getByRole("group", { name: "Niños que la hicieron" })).toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Guardar" })).toBeVisible();
  expect(dialog.queryByText(/Save|Stage|Children who made it/)).toBeNull();
});
