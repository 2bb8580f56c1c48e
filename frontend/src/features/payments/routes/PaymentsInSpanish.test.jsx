import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { BEFORE_THE_INSTALMENTS, makePayment, todayFrozenAt } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakSpanish } from "../../../testing/spanish";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

// Column names and status labels are said as their modules load: loaded once Spanish is spoken.
speakSpanish();
const { MyPaymentHistoryPage } = require("./MyPaymentHistoryPage");
const { ReceiptPage } = require("./ReceiptPage");

test("the payment history reads in Spanish: its heading, columns, statuses and receipt links", async () => {
  const refunded = makePayment({
    _id: 8,
    nameClass: "Pottery Wheel",
    price: 120,
    status: "refunded",
    refundReason: "The last seat went to someone else.",
  });
  stubApi({ "/payments/student%40camp.test": [refunded, makePayment()] });
  renderRoutes([{ path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> }], {
    route: "/dashboard/my-payment-history",
    auth: signedIn("student"),
  });

  const table = await screen.findByRole("table", { name: "Sus pagos, los más recientes primero" });
  expect(screen.getByRole("heading", { level: 1, name: "Mi historial de pagos" })).toBeVisible();
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
  expect(headers).toEqual([
    "#",
    "Imagen",
    "Nombre de la clase",
    "Para",
    "Correo electrónico del instructor",
    "Precio",
    "Fecha de pago",
    "Transacción",
    "Estado",
  ]);
  const [, first, second] = within(table).getAllByRole("row");
  expect(within(first).getByText("Reembolsado")).toBeInTheDocument();
  expect(within(second).getByText("Inscrito")).toBeInTheDocument();
  expect(
    within(second).getByRole("link", { name: "Recibo de Watercolor Basics, Sam Student" }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/^(Refunded|Enrolled|Receipt|Status)$/)).toBeNull();
});

test("a receipt reads in Spanish, its meetings counted by the Spanish plural", async () => {
  stubApi({
    "/payments/42/receipt": {
      ...makePayment({ _id: 42, nameClass: "Summer Pottery", instructorName: "Maya Lindqvist" }),
      receiptNumber: "2027-000042",
      school: { name: "Camp Art & Craft School", replyTo: "office@camp.test" },
      timeZone: "America/Los_Angeles",
      location: "Studio B",
      meetingDays: ["mon", "tue"],
      startTime: "09:00",
      endTime: "12:00",
      meetings: [14, 15].map((day) => ({
        start: `2027-06-${day}T09:00:00-07:00`,
        end: `2027-06-${day}T12:00:00-07:00`,
      })),
      refundPolicy: "Cancel 14 days or more before the first meeting for a full refund.",
    },
  });
  renderRoutes([{ path: "/dashboard/receipts/:paymentId", element: <ReceiptPage /> }], {
    route: "/dashboard/receipts/42",
    auth: signedIn("student"),
  });

  expect(await screen.findByText("2027-000042")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Recibo" })).toBeInTheDocument();
  const fact = (term) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
  expect(fact("Clase")).toHaveTextContent("Summer Pottery, con Maya Lindqvist");
  expect(fact("Horario")).toHaveTextContent("(2 sesiones)");
  expect(fact("Estado")).toHaveTextContent("Pagado, inscrito");
  expect(screen.getByText(/^Preguntas sobre este pago:/)).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Política de reembolso" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Imprimir" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Volver al historial de pagos" })).toBeInTheDocument();
  expect(screen.queryByText(/meetings|Paid, enrolled|Refund policy|Print/)).toBeNull();
});
