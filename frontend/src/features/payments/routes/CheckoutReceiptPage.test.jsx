import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makePayment } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CheckoutReceiptPage } from "./CheckoutReceiptPage";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";
import { ReceiptPage } from "./ReceiptPage";

function meetingsOn(days) {
  return days.map((day) => ({
    start: `2027-06-${day}T09:00:00-07:00`,
    end: `2027-06-${day}T12:00:00-07:00`,
  }));
}

function line(overrides) {
  return {
    id: 31,
    paymentId: 7,
    participantId: 5,
    participantName: "Mia Rivera",
    classId: 3,
    nameClass: "Wheel Pottery",
    instructorName: "Maya Lindqvist",
    location: "Clay Studio, 12 Kiln Lane",
    meetingDays: ["mon", "tue", "wed", "thu", "fri"],
    startTime: "09:00",
    endTime: "12:00",
    meetings: meetingsOn([14, 15, 16, 17, 18]),
    listPrice: 150,
    adjustments: [{ kind: "code", label: "Code WELCOME10", amount: -30 }],
    price: 120,
    planLabel: "",
    instalments: [],
    status: "enrolled",
    refundReason: "",
    ...overrides,
  };
}

// Two children's classes paid with one charge of $192.
function receipt(overrides) {
  return {
    id: 12,
    reference: "Checkout #12",
    // 10:00 at the school, whatever zone the test runs in.
    paidAt: "2027-05-01T17:00:00Z",
    total: 192,
    credit: 0,
    email: "sam@camp.test",
    studentName: "Sam Rivera",
    timeZone: "America/Los_Angeles",
    school: { name: "Camp Art & Craft School", replyTo: "office@camp.test" },
    lines: [
      line(),
      line({
        id: 32,
        paymentId: 8,
        participantId: 6,
        participantName: "Leo Rivera",
        classId: 4,
        nameClass: "Loom Weaving",
        instructorName: "Joshua Tapia",
        location: "Fibre Room",
        meetingDays: ["mon"],
        meetings: meetingsOn([21]),
        listPrice: 80,
        adjustments: [{ kind: "sibling", label: "Sibling discount", amount: -8 }],
        price: 72,
      }),
    ],
    refundPolicy: "Cancel 14 days or more before the first meeting for a full refund.",
    ...overrides,
  };
}

function renderReceipt(answer, checkoutId = 12) {
  stubApi({ [`/checkouts/${checkoutId}/receipt`]: answer });
  return renderRoutes(
    [
      { path: "/dashboard/receipts/checkouts/:checkoutId", element: <CheckoutReceiptPage /> },
      { path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> },
    ],
    { route: `/dashboard/receipts/checkouts/${checkoutId}`, auth: signedIn("student") },
  );
}

// The value beside a term of a list of the receipt's (the whole receipt's, or a line's).
function fact(term, within_ = document.body) {
  return within(within_).getByText(term, { selector: "dt" }).nextElementSibling;
}

function lineOf(name) {
  return screen.getByRole("region", { name });
}

test("the checkout's one receipt lists each class, whom for, when, where and its price, and the one card charge", async () => {
  renderReceipt(receipt());

  expect(await screen.findByText("Checkout #12")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "Receipt" })).toBeInTheDocument();
  expect(document.title).toBe("Receipt | Camp");
  expect(screen.getByText("Camp Art & Craft School")).toBeInTheDocument();
  expect(fact("Reference")).toHaveTextContent("Checkout #12");
  expect(fact("Date")).toHaveTextContent("May 1, 2027 at 10:00 AM PDT");
  expect(fact("Paid by")).toHaveTextContent("Sam Rivera (sam@camp.test)");
  expect(fact("Charged to your card")).toHaveTextContent(
    "$192.00One charge for every class below, as your bank statement shows it",
  );
  expect(screen.queryByText("Paid with account credit")).not.toBeInTheDocument();

  const pottery = lineOf("Wheel Pottery for Mia Rivera");
  expect(fact("Instructor", pottery)).toHaveTextContent("Maya Lindqvist");
  expect(fact("Meets", pottery)).toHaveTextContent(
    "Jun 14 – Jun 18 · Mon, Tue, Wed, Thu, Fri · 9:00 AM–12:00 PM (5 meetings)",
  );
  expect(fact("Where", pottery)).toHaveTextContent("Clay Studio, 12 Kiln Lane");
  expect(fact("List price", pottery)).toHaveTextContent("$150.00");
  expect(fact("Code WELCOME10", pottery)).toHaveTextContent("−$30.00");
  expect(fact("Paid", pottery)).toHaveTextContent("$120.00");

  const weaving = lineOf("Loom Weaving for Leo Rivera");
  expect(fact("Meets", weaving)).toHaveTextContent("Jun 21 · 9:00 AM–12:00 PM (1 meeting)");
  expect(fact("Where", weaving)).toHaveTextContent("Fibre Room");
  expect(fact("Sibling discount", weaving)).toHaveTextContent("−$8.00");
  expect(fact("Paid", weaving)).toHaveTextContent("$72.00");
  // A line's own transaction id is not the family's to read: the reference is.
  expect(screen.queryByText(/pi_/)).not.toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 2, name: "Refund policy" })).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a day camp's weeks are named, and a week's after-care is one entry with its weekly rate", async () => {
  const weekDays = ["2027-06-21", "2027-06-22", "2027-06-23", "2027-06-24", "2027-06-25"];
  renderReceipt(
    receipt({
      total: 500,
      lines: [1, 2].map((number) =>
        line({
          id: 40 + number,
          paymentId: 50 + number,
          nameClass: `Art Explorers — Week ${number}: Jun ${7 * number + 7}–Jun ${7 * number + 11}`,
          listPrice: 200,
          adjustments: [],
          price: 200,
        }),
      ),
      extendedCare: [
        {
          participantId: 5,
          participantName: "Mia Rivera",
          optionId: 3,
          label: "After-care",
          week: "Week 2",
          days: weekDays,
          startTime: "15:00",
          endTime: "18:00",
          ledBy: "Rosa Lind",
          lineIds: [43, 44, 45, 46, 47],
          paymentIds: [53, 54, 55, 56, 57],
          listPrice: 125,
          adjustments: [{ kind: "weekly_care", label: "Weekly rate", amount: -25 }],
          price: 100,
          status: "enrolled",
          refundReason: "",
        },
      ],
    }),
  );

  expect(await screen.findByText("Checkout #12")).toBeInTheDocument();
  expect(lineOf("Art Explorers — Week 1: Jun 14–Jun 18 for Mia Rivera")).toBeInTheDocument();
  expect(lineOf("Art Explorers — Week 2: Jun 21–Jun 25 for Mia Rivera")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 2, name: "Extended care" })).toBeInTheDocument();
  const care = lineOf("After-care, Week 2: 5 days, 3:00 PM to 6:00 PM for Mia Rivera");
  expect(fact("Days", care)).toHaveTextContent(
    "Mon Jun 21, Tue Jun 22, Wed Jun 23, Thu Jun 24, Fri Jun 25",
  );
  expect(fact("Looked after by", care)).toHaveTextContent("Rosa Lind");
  expect(fact("List price", care)).toHaveTextContent("$125.00");
  expect(fact("Weekly rate", care)).toHaveTextContent("−$25.00");
  expect(fact("Paid", care)).toHaveTextContent("$100.00");
  // One entry for the week, never a line a day.
  expect(screen.getAllByRole("heading", { level: 3, name: /^After-care/ })).toHaveLength(1);
  expect(fact("Charged to your card")).toHaveTextContent(
    "$500.00One charge for every class below, as your bank statement shows it",
  );
  await expectNoSeriousA11yViolations();
});

test("a checkout without extended care shows no such heading", async () => {
  renderReceipt(receipt());

  expect(await screen.findByText("Checkout #12")).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Extended care" })).not.toBeInTheDocument();
});

test("credit spent, a plan's deposit and its instalments, and a line refused its seat are each said", async () => {
  renderReceipt(
    receipt({
      total: 150,
      credit: 42,
      lines: [
        line({
          planLabel: "Deposit and two instalments",
          price: 60,
          instalments: [
            {
              id: 1,
              kind: "instalment",
              dueOn: "2027-05-15",
              amount: 30,
              status: "due",
              paidBy: "",
            },
            {
              id: 2,
              kind: "instalment",
              dueOn: "2027-05-31",
              amount: 30,
              status: "due",
              paidBy: "",
            },
          ],
        }),
        line({
          id: 32,
          paymentId: 8,
          participantName: "Leo Rivera",
          nameClass: "Loom Weaving",
          status: "refunded",
          refundReason: "The class filled up before the payment arrived; the money went back.",
        }),
      ],
    }),
  );

  expect(await screen.findByText("Checkout #12")).toBeInTheDocument();
  expect(fact("Charged to your card")).toHaveTextContent("$150.00");
  expect(fact("Paid with account credit")).toHaveTextContent("$42.00");
  const pottery = lineOf("Wheel Pottery for Mia Rivera");
  expect(fact("Deposit", pottery)).toHaveTextContent("$60.00");
  const plan = within(pottery).getByRole("table", {
    name: /^Payment plan: Deposit and two instalments/,
  });
  expect(
    within(plan)
      .getAllByRole("row")
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ["Due", "Amount", "Status"],
    ["Sat, May 15, 2027", "$30.00", "Due"],
    ["Mon, May 31, 2027", "$30.00", "Due"],
  ]);
  expect(fact("Status", lineOf("Loom Weaving for Leo Rivera"))).toHaveTextContent(
    "RefundedThe class filled up before the payment arrived; the money went back.",
  );
  expect(within(pottery).queryByText("Status", { selector: "dt" })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a checkout paid by credit alone charged no card", async () => {
  renderReceipt(receipt({ total: 0, credit: 192 }));

  expect(await screen.findByText("Checkout #12")).toBeInTheDocument();
  expect(screen.queryByText("Charged to your card")).not.toBeInTheDocument();
  expect(fact("Paid with account credit")).toHaveTextContent("$192.00");
});

test("Print opens the browser's print dialog", async () => {
  const print = jest.spyOn(window, "print").mockImplementation(() => {});
  const user = userEvent.setup();
  renderReceipt(receipt());

  await user.click(await screen.findByRole("button", { name: "Print" }));

  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});

test("a checkout not paid, or someone else's, has no receipt, and nothing to print", async () => {
  renderReceipt(respond(404, { message: "No such receipt." }), 13);

  const alert = await screen.findByRole("alert");
  expect(within(alert).getByText("This receipt could not be loaded.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Print" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to payment history" })).toHaveAttribute(
    "href",
    "/dashboard/my-payment-history",
  );
});

describe("a line of a checkout, read on its own", () => {
  const ofTheCheckout = {
    _id: 7,
    nameClass: "Wheel Pottery",
    participantName: "Mia Rivera",
    transactionId: "pi_3Checkout:31",
    checkoutId: 12,
    checkoutReference: "Checkout #12",
  };

  test("the history shows the checkout's reference on its row, and leads to the one receipt", async () => {
    stubApi({
      "/payments/student%40camp.test": [
        makePayment(ofTheCheckout),
        makePayment({
          ...ofTheCheckout,
          _id: 8,
          nameClass: "Loom Weaving",
          participantName: "Leo Rivera",
          transactionId: "pi_3Checkout:32",
        }),
      ],
      "/checkouts/12/receipt": receipt(),
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> },
        { path: "/dashboard/receipts/checkouts/:checkoutId", element: <CheckoutReceiptPage /> },
      ],
      { route: "/dashboard/my-payment-history", auth: signedIn("student") },
    );

    expect(await screen.findAllByText("Checkout #12")).toHaveLength(2);
    expect(screen.getAllByText("One card charge for all its classes")).toHaveLength(2);
    expect(screen.queryByText(/^pi_3Checkout/)).not.toBeInTheDocument();
    await expectNoSeriousA11yViolations();
    await user.click(screen.getByRole("link", { name: "Receipt for Loom Weaving, Leo Rivera" }));

    expect(
      await screen.findByRole("region", { name: "Wheel Pottery for Mia Rivera" }),
    ).toBeVisible();
    expect(screen.getByRole("region", { name: "Loom Weaving for Leo Rivera" })).toBeVisible();
  });

  test("its own receipt names the checkout it was paid in, rather than its transaction id", async () => {
    stubApi({
      "/payments/7/receipt": {
        ...makePayment(ofTheCheckout),
        receiptNumber: "2027-000007",
        school: { name: "Camp Art & Craft School", replyTo: "office@camp.test" },
        timeZone: "America/Los_Angeles",
        location: "Clay Studio",
        meetingDays: ["mon"],
        startTime: "09:00",
        endTime: "12:00",
        meetings: meetingsOn([14]),
        refundPolicy: "Cancel 14 days or more before the first meeting for a full refund.",
      },
    });
    renderRoutes([{ path: "/dashboard/receipts/:paymentId", element: <ReceiptPage /> }], {
      route: "/dashboard/receipts/7",
      auth: signedIn("student"),
    });

    const checkout = await screen.findByRole("link", { name: "Checkout #12" });
    expect(checkout).toHaveAttribute("href", "/dashboard/receipts/checkouts/12");
    expect(fact("Paid in")).toHaveTextContent(
      "Checkout #12One card charge for every class of the checkout",
    );
    expect(screen.queryByText("Card transaction")).not.toBeInTheDocument();
    expect(screen.queryByText("pi_3Checkout:31")).not.toBeInTheDocument();
  });
});
