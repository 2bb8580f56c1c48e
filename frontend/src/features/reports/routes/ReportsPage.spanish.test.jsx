// First: the month and weekday names the dates are written with are said as their module loads.
import "../../../testing/inSpanish";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Chart } from "chart.js";

import { respond, stubApi } from "../../../testing/api";
import { lendCanvas } from "../../../testing/canvas";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ReportsPage } from "./ReportsPage";

// The clock stands on a Wednesday of the summer season, whatever day the tests run on.
const NOW = new Date("2027-07-14T18:00:00Z");
const MONDAY = "2027-07-12";
const TUESDAY = "2027-07-13";
const NEXT_MONDAY = "2027-07-19";
const LAST_DAY = "2027-08-20";

function moneyLine(gross, adjustments, charged, refunds) {
  return { gross, adjustments, charged, refunds, net: charged - refunds };
}

// The report as the server answers it (camp/apis_reports.py), a small summer season.
function seasonReport(overrides = {}) {
  return {
    season: {
      id: 3,
      name: "Summer",
      opensAt: `${MONDAY}T16:00:00Z`,
      startsOn: MONDAY,
      endsOn: LAST_DAY,
    },
    seasons: [
      { id: 3, name: "Summer" },
      { id: 2, name: "Spring" },
    ],
    from: MONDAY,
    to: LAST_DAY,
    generatedAt: NOW.toISOString(),
    currency: "usd",
    registrationsByDay: [
      { day: MONDAY, registrations: 14, cancellations: 0 },
      { day: TUESDAY, registrations: 5, cancellations: 1 },
    ],
    openingDay: {
      day: MONDAY,
      hours: [{ hour: 9, startsAt: `${MONDAY}T09:00:00-07:00`, registrations: 11 }],
    },
    classes: Array.from({ length: 55 }, (_, index) => ({
      classId: 100 + index,
      name: `Class ${String(index + 1).padStart(2, "0")}`,
      category: "Pottery",
      seats: 12,
      enrolled: 55 - index,
      held: 0,
      waitlisted: 0,
      demand: 55 - index,
    })),
    units: [],
    extendedCare: [],
    money: {
      gross: 1350,
      adjustments: {
        earlyBird: -100,
        sibling: -50,
        multiClass: 0,
        multiWeek: 0,
        weeklyCare: 0,
        code: 0,
        scholarship: 0,
        other: 0,
      },
      creditSpent: 30,
      planLater: 500,
      instalmentsPaid: 250,
      charged: 690,
      refunds: 45.5,
      creditIssued: 60,
      net: 644.5,
      byWeek: [{ weekOf: MONDAY, ...moneyLine(1350, -150, 690, 45.5) }],
      byCategory: [{ category: "", ...moneyLine(1350, -150, 690, 45.5) }],
      byKind: [],
    },
    instalments: {
      dueNext30Days: { count: 3, amount: 150 },
      overdue: { count: 1, amount: 45.5 },
      byWeek: [{ weekOf: NEXT_MONDAY, count: 3, amount: 150 }],
    },
    attendance: { rate: 0.875, attended: 35, absent: 5, classes: [] },
    missingCare: 7,
    ...overrides,
  };
}

const reportKey = "/reports/season";

function renderPage(route = "/dashboard/reports") {
  renderRoutes([{ path: "/dashboard/reports", element: <ReportsPage /> }], {
    route,
    auth: signedIn("admin"),
  });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

function headersOf(table) {
  return within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
}

let giveCanvasBack;
beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  giveCanvasBack = lendCanvas();
});
afterEach(() => {
  giveCanvasBack();
  jest.useRealTimers();
});

test("the season's report speaks Spanish: its headings, tables, charts, dates and counts", async () => {
  stubApi({ [reportKey]: seasonReport() });
  const user = renderPage();

  expect(
    await screen.findByText("Summer: del Lun, jul 12, 2027 al Vie, ago 20, 2027.", {
      exact: false,
    }),
  ).toBeVisible();
  expect(screen.getByRole("heading", { level: 1, name: "Informes" })).toBeVisible();
  expect(document.title).toBe("Informes | Camp");
  expect(screen.getByRole("combobox", { name: "Temporada" })).toHaveValue("3");
  expect(screen.getByLabelText("Desde")).toHaveValue(MONDAY);
  expect(screen.getByLabelText("Hasta")).toHaveValue(LAST_DAY);
  expect(screen.getByRole("button", { name: "Mostrar" })).toBeVisible();
  expect(
    screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent),
  ).toEqual([
    "Inscripciones",
    "Ocupación por clase",
    "Dinero",
    "La contabilidad",
    "Cuotas",
    "Asistencia",
    "Fichas de cuidado faltantes",
  ]);

  const byDay = screen.getByRole("table", { name: "Inscripciones por día" });
  expect(headersOf(byDay)).toEqual(["Día", "Inscripciones", "Cancelaciones"]);
  expect(within(byDay).getByRole("rowheader", { name: "Lun, jul 12, 2027" })).toBeVisible();
  const canvas = screen.getByRole("img", {
    name: "Gráfico de líneas de las inscripciones y cancelaciones por día. La tabla «Inscripciones por día» da sus cifras.",
  });
  expect(Chart.getChart(canvas).data.datasets.map((dataset) => dataset.label)).toEqual([
    "Inscripciones",
    "Cancelaciones",
  ]);
  expect(
    screen.getByRole("button", { name: "Descargar Inscripciones por día en CSV" }),
  ).toBeVisible();

  const money = screen.getByRole("table", { name: "Dinero en el período" });
  expect(within(money).getByRole("rowheader", { name: "Bruto (precios de lista)" })).toBeVisible();
  expect(within(money).getByRole("rowheader", { name: "Descuentos por hermanos" })).toBeVisible();
  const categories = screen.getByRole("table", { name: "Dinero por categoría" });
  expect(within(categories).getByRole("rowheader", { name: "Sin categoría" })).toBeVisible();

  // The counts take their plural forms.
  const instalments = within(screen.getByRole("region", { name: "Cuotas" }));
  expect(instalments.getByText("3 cuotas")).toBeVisible();
  expect(instalments.getByText("1 cuota")).toBeVisible();
  const care = within(screen.getByRole("region", { name: "Fichas de cuidado faltantes" }));
  expect(
    care.getByText(
      "niños con un lugar esta temporada cuya documentación de cuidado no está completa.",
    ),
  ).toBeVisible();
  expect(care.getByRole("link", { name: "Ver las fichas de cuidado faltantes" })).toBeVisible();
  expect(screen.getByRole("button", { name: "Libro diario (CSV)" })).toBeVisible();
  expect(
    screen.getByRole("button", { name: "Mostrar las transferencias de Stripe" }),
  ).toBeVisible();

  await user.click(screen.getByRole("button", { name: "Mostrar las 55 clases" }));
  expect(
    within(screen.getByRole("table", { name: "Ocupación por clase, la más solicitada primero" }))
      .getAllByRole("row")
      .slice(1),
  ).toHaveLength(55);

  expect(
    screen.queryByText(
      /Registrations|Fill per class|Missing care records|Money in the range|instalments|Show all/,
    ),
  ).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Reports" })).not.toBeInTheDocument();
});

test("a season with nothing yet, and one that cannot be loaded, say so in Spanish", async () => {
  stubApi({
    [reportKey]: seasonReport({
      registrationsByDay: [],
      attendance: { rate: null, attended: 0, absent: 0, classes: [] },
      missingCare: 1,
    }),
    [`${reportKey}?season=2`]: respond(404, { message: "No such season." }),
  });
  const user = renderPage();

  expect(await screen.findByText("Todavía no ha llegado ningún día del período.")).toBeVisible();
  expect(screen.getByText("Todavía no hay asistencia registrada en el período.")).toBeVisible();
  expect(
    screen.getByText(
      "niño con un lugar esta temporada cuya documentación de cuidado no está completa.",
    ),
  ).toBeVisible();
  expect(screen.queryByText("No day of the range has come yet.")).not.toBeInTheDocument();

  await user.selectOptions(screen.getByRole("combobox", { name: "Temporada" }), "Spring");

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "No se pudo cargar el informe.No such season.",
  );
  expect(screen.queryByText("The report could not be loaded.")).not.toBeInTheDocument();
});
