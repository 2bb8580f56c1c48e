import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

/*
 * The Spanish build's language, as webpack's DefinePlugin writes it, so the page's dates and times
 * read in Spanish: set before the app's modules load, which is why they are required below.
 */
process.env.CAMP_LANGUAGE = "es";
require("../../../testing/spanish").speakSpanish();
const { respond, stubApi } = require("../../../testing/api");
const { BEFORE_THE_INSTALMENTS, todayFrozenAt } = require("../../../testing/fixtures");
const { renderRoutes, signedIn } = require("../../../testing/renderWithProviders");
const { localToday } = require("../components/dayFigures");
const { DayClosePage } = require("./DayClosePage");

afterAll(() => {
  delete process.env.CAMP_LANGUAGE;
});

// A day typed into, key by key.
jest.setTimeout(30000);

todayFrozenAt(BEFORE_THE_INSTALMENTS);

function theDay() {
  const at = new Date().toISOString();
  return {
    date: localToday(),
    takings: { card: 120, cash: 80, cheque: 45, total: 245 },
    payments: [
      {
        at,
        checkoutId: 9,
        family: { id: 40, name: "Ana Lopez" },
        method: "cash",
        amount: 80,
        reference: "",
      },
      {
        at,
        checkoutId: 10,
        family: { id: 41, name: "Jin Park" },
        method: "cheque",
        amount: 45,
        reference: "001234",
      },
    ],
    closed: null,
  };
}

function renderPage(answers) {
  stubApi(answers);
  renderRoutes([{ path: "/frontDesk/day", element: <DayClosePage /> }], {
    route: "/frontDesk/day",
    auth: signedIn("office"),
  });
  return userEvent.setup();
}

test("the day's takings read in Spanish: the methods, the payments and their times", async () => {
  const day = theDay();
  renderPage({ [`/frontDesk/day?date=${day.date}`]: day });

  expect(screen.getByRole("status")).toHaveTextContent("Cargando los ingresos del día…");
  const takings = within(await screen.findByRole("table", { name: "Cobrado en recepción" }));
  expect(screen.getByRole("heading", { level: 1, name: "Los ingresos del día" })).toBeVisible();
  expect(document.title).toMatch(/^Los ingresos del día/);
  expect(screen.getByRole("link", { name: "Recepción" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Tarjeta $120.00" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Efectivo $80.00" })).toBeInTheDocument();
  expect(takings.getByRole("row", { name: "Cheque $45.00" })).toBeInTheDocument();
  const payments = within(screen.getByRole("table", { name: "Pagos" }));
  expect(payments.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
    "Hora",
    "Familia",
    "Método",
    "Referencia",
    "Importe",
  ]);
  // es-US writes the afternoon "p.m.", where the English page writes "PM".
  expect(payments.getAllByText(/^7:00\sp\.m\.$/)).toHaveLength(2);
  expect(screen.queryByText(/Taken at the desk|Payments|Card|Cash|PM/)).toBeNull();
});

test("closing the day is refused in Spanish, then said closed with a Spanish date", async () => {
  const day = theDay();
  const closed = {
    ...day,
    closed: {
      closedBy: "Sam Office",
      closedAt: new Date().toISOString(),
      countedCash: 75,
      countedCheques: 45,
      recordedCash: 80,
      recordedCheques: 45,
      difference: -5,
      note: "Faltan cinco dólares.",
    },
  };
  const user = renderPage({
    [`/frontDesk/day?date=${day.date}`]: day,
    "POST /frontDesk/day": respond(201, closed),
  });

  await user.click(await screen.findByRole("button", { name: "Cerrar el día" }));
  await waitFor(() =>
    expect(screen.getByLabelText("Efectivo contado")).toHaveAccessibleDescription(
      /Ingrese el efectivo contado, o 0 si no hay\./,
    ),
  );
  await user.type(screen.getByLabelText("Efectivo contado"), "75");
  await user.type(screen.getByLabelText("Cheques contados"), "45");
  expect(screen.getByText(/Diferencia con lo registrado/)).toHaveTextContent("-$5.00");
  await user.click(screen.getByRole("button", { name: "Cerrar el día" }));

  expect(
    await screen.findByText(/^Cerrado por Sam Office el 1 abr 2027, 7:00\sp\.m\.$/),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      "Contado: efectivo $75.00, cheques $45.00. Registrado: efectivo $80.00, cheques $45.00. Diferencia: -$5.00.",
    ),
  ).toBeInTheDocument();
  expect(screen.getByText("Nota: Faltan cinco dólares.")).toBeInTheDocument();
  expect(screen.queryByText(/Closed by|Counted|Enter the cash|Apr/)).toBeNull();
});
