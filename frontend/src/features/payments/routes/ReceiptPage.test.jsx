import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";
import { ReceiptPage } from "./ReceiptPage";
import { BEFORE_THE_INSTALMENTS, todayFrozenAt } from "../../../testing/fixtures";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

function receipt(overrides) {
  return {
    _id: 42,
    receiptNumber: "2027-000042",
    school: { name: "Camp Art & Craft School", replyTo: "office@camp.test" },
    timeZone: "America/Los_Angeles",
    email: "sam@camp.test",
    studentName: "Sam Rivera",
    participantId: 5,
    participantName: "Mia Rivera",
    transactionId: "pi_3Receipt",
    price: 45.5,
    // 10:00 at the school, whatever zone the test runs in.
    date: "2027-05-01T17:00:00Z",
    nameClass: "Summer Pottery",
    image: "https://images.camp.test/classes/3.jpg",
    instructorEmail: "maya@camp.test",
    instructorName: "Maya Lindqvist",
    payId: 11,
    classId: 3,
    seats: 9,
    enroll: 1,
    location: "Studio B",
    meetingDays: ["mon", "tue", "wed", "thu", "fri"],
    startTime: "09:00",
    endTime: "12:00",
    meetings: [14, 15, 16, 17, 18].map((day) => ({
      start: `2027-06-${day}T09:00:00-07:00`,
      end: `2027-06-${day}T12:00:00-07:00`,
    })),
    status: "enrolled",
    refundReason: "",
    refundedAt: null,
    refundAmount: null,
    refundPending: false,
    planLabel: "",
    instalments: [],
    refundParts: [],
    checkoutId: null,
    checkoutReference: "",
    refundPolicy: "Cancel 14 days or more before the first meeting for a full refund.",
    ...overrides,
  };
}

// The same payment as a row of the payment history: what the receipt adds is not in it.
const RECEIPT_ONLY = [
  "receiptNumber",
  "school",
  "timeZone",
  "location",
  "meetingDays",
  "startTime",
  "endTime",
  "meetings",
  "refundPolicy",
];
function historyRow() {
  return Object.fromEntries(
    Object.entries(receipt()).filter(([field]) => !RECEIPT_ONLY.includes(field)),
  );
}

function renderReceipt(answer, paymentId = 42) {
  stubApi({ [`/payments/${paymentId}/receipt`]: answer });
  return renderRoutes(
    [
      { path: "/dashboard/receipts/:paymentId", element: <ReceiptPage /> },
      { path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> },
    ],
    { route: `/dashboard/receipts/${paymentId}`, auth: signedIn("student") },
  );
}

// The value beside a term of the receipt's list.
function fact(term) {
  return screen.getByText(term, { selector: "dt" }).nextElementSibling;
}

test("the receipt names the school, the payment, whom it was for and the policy it kept", async () => {
  renderReceipt(receipt());

  expect(await screen.findByText("2027-000042")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Receipt" })).toBeInTheDocument();
  expect(document.title).toBe("Receipt | Camp");
  expect(screen.getByText("Camp Art & Craft School")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "office@camp.test" })).toHaveAttribute(
    "href",
    "mailto:office@camp.test",
  );
  expect(fact("Date")).toHaveTextContent("May 1, 2027 at 10:00 AM PDT");
  expect(fact("Paid by")).toHaveTextContent("Sam Rivera (sam@camp.test)");
  expect(fact("For")).toHaveTextContent("Mia Rivera");
  expect(fact("Class")).toHaveTextContent("Summer Pottery, with Maya Lindqvist");
  expect(fact("Meets")).toHaveTextContent(
    "Jun 14 – Jun 18 · Mon, Tue, Wed, Thu, Fri · 9:00 AM–12:00 PM (5 meetings)Studio B",
  );
  expect(fact("Amount")).toHaveTextContent("$45.50");
  expect(fact("Card transaction")).toHaveTextContent("pi_3Receipt");
  expect(fact("Status")).toHaveTextContent("Paid, enrolled");
  expect(screen.queryByText("Refund")).not.toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 2, name: "Refund policy" })).toBeInTheDocument();
  expect(
    screen.getByText("Cancel 14 days or more before the first meeting for a full refund."),
  ).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a refund shows how much went back and when, in the school's time", async () => {
  renderReceipt(
    receipt({ status: "cancelled", refundAmount: 22.75, refundedAt: "2027-06-04T17:05:00Z" }),
  );

  expect(await screen.findByText("Refund")).toBeInTheDocument();
  expect(fact("Refund")).toHaveTextContent("$22.75 on June 4, 2027 at 10:05 AM PDT");
  expect(fact("Status")).toHaveTextContent("Cancelled");
});

test("a payment made by a plan is its deposit, with the plan's schedule and how each part stands", async () => {
  renderReceipt(
    receipt({
      price: 30,
      planLabel: "Deposit and two instalments",
      instalments: [
        {
          id: 1,
          kind: "instalment",
          dueOn: "2027-05-15",
          amount: 45,
          status: "paid",
          paidBy: "offline",
        },
        { id: 2, kind: "instalment", dueOn: "2027-05-31", amount: 45, status: "due", paidBy: "" },
      ],
    }),
  );

  expect(await screen.findByText("Deposit")).toBeInTheDocument();
  expect(fact("Deposit")).toHaveTextContent("$30.00");
  expect(screen.queryByText("Amount", { selector: "dt" })).not.toBeInTheDocument();
  expect(
    screen.getByRole("heading", { level: 2, name: "Payment plan: Deposit and two instalments" }),
  ).toBeInTheDocument();
  const schedule = screen.getByRole("table", { name: "The payments after the deposit" });
  expect(
    within(schedule)
      .getAllByRole("row")
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ["Due", "Part", "Amount", "Status"],
    ["Sat, May 15, 2027", "Instalment", "$45.00", "Paid in person"],
    ["Mon, May 31, 2027", "Instalment", "$45.00", "Due"],
  ]);
  await expectNoSeriousA11yViolations();
});

test("a payment made in full has no schedule", async () => {
  renderReceipt(receipt());

  expect(await screen.findByText("2027-000042")).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: /^Payment plan/ })).not.toBeInTheDocument();
  expect(screen.queryByText("Deposit")).not.toBeInTheDocument();
});

test("a refund still owed is pending, not made", async () => {
  renderReceipt(receipt({ status: "cancelled", refundPending: true }));

  expect(await screen.findByText("Pending: the school is making it.")).toBeInTheDocument();
});

test("Print opens the browser's print dialog", async () => {
  const print = jest.spyOn(window, "print").mockImplementation(() => {});
  const user = userEvent.setup();
  renderReceipt(receipt());

  await user.click(await screen.findByRole("button", { name: "Print" }));

  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});

test("someone else's payment is no receipt, and there is nothing to print", async () => {
  renderReceipt(respond(404, { message: "No such payment." }), 43);

  const alert = await screen.findByRole("alert");
  expect(within(alert).getByText("This receipt could not be loaded.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Print" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to payment history" })).toHaveAttribute(
    "href",
    "/dashboard/my-payment-history",
  );
});

test("each row of the payment history links to its receipt", async () => {
  stubApi({
    "/payments/student%40camp.test": [historyRow()],
    "/payments/42/receipt": receipt(),
  });
  const user = userEvent.setup();
  renderRoutes(
    [
      { path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> },
      { path: "/dashboard/receipts/:paymentId", element: <ReceiptPage /> },
    ],
    { route: "/dashboard/my-payment-history", auth: signedIn("student") },
  );

  await user.click(
    await screen.findByRole("link", { name: "Receipt for Summer Pottery, Mia Rivera" }),
  );

  expect(await screen.findByText("2027-000042")).toBeInTheDocument();
});
