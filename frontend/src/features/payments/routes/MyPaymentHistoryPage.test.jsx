import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  BEFORE_THE_INSTALMENTS,
  makePayment,
  PAID_AT,
  todayFrozenAt,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";
import { expectSizedLazyImage } from "../../../testing/images";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

const myPayments = "/payments/student%40camp.test";

function renderPage(route = "/dashboard/my-payment-history") {
  const rendered = renderRoutes(
    [{ path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> }],
    { route, auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

test("each payment is a row with number, banner, class, participant, instructor, price, date, transaction and status", async () => {
  const refunded = makePayment({
    _id: 8,
    nameClass: "Pottery Wheel",
    price: 120,
    date: "2025-06-02T08:05:00Z",
    status: "refunded",
    refundReason: "The last seat went to someone else.",
  });
  stubApi({ [myPayments]: [refunded, makePayment()] });
  renderPage();

  const table = await screen.findByRole("table");
  expect(document.title).toBe("My Payment History | Camp");
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
  expect(headers).toEqual([
    "#",
    "Banner",
    "Class Name",
    "For",
    "Instructor Email",
    "Price",
    "Payment Date",
    "Transaction",
    "Status",
  ]);
  const [, first, second] = within(table).getAllByRole("row");
  const expectedDate = new Intl.DateTimeFormat(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(PAID_AT));
  expect(within(second).getByRole("rowheader")).toHaveTextContent("2");
  expect(within(second).getByRole("img", { name: "Watercolor Basics" })).toHaveAttribute(
    "src",
    "https://images.camp.test/classes/3.jpg",
  );
  expectSizedLazyImage(within(second).getByRole("img", { name: "Watercolor Basics" }));
  expect(within(second).getByText("Sam Student")).toBeInTheDocument();
  expect(within(second).getByText("ada@camp.test")).toBeInTheDocument();
  expect(within(second).getByText("$45.50")).toBeInTheDocument();
  expect(within(second).getByText(expectedDate)).toHaveAttribute("datetime", PAID_AT);
  expect(within(second).getByText("pi_3Pay")).toBeInTheDocument();
  expect(within(second).getByText("Enrolled")).toBeInTheDocument();
  expect(within(first).getByRole("rowheader")).toHaveTextContent("1");
  expect(within(first).getByText("$120.00")).toBeInTheDocument();
  expect(within(first).getByText("Refunded")).toBeInTheDocument();
  expect(within(first).getByText("The last seat went to someone else.")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a refund is its own row under its payment, with the amount and the date", async () => {
  const refunded = makePayment({
    _id: 8,
    nameClass: "Pottery Wheel",
    price: 120,
    status: "refunded",
    refundAmount: 120,
    refundedAt: "2025-06-09T15:00:00Z",
  });
  const oldRefund = makePayment({
    _id: 9,
    nameClass: "Loom Weaving",
    status: "refunded",
    refundAmount: 45.5,
    refundedAt: null,
  });
  stubApi({ [myPayments]: [refunded, makePayment(), oldRefund] });
  renderPage();

  const table = await screen.findByRole("table");
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows).toHaveLength(5);
  const [paid, refund, enrolled, oldPaid, oldRefundRow] = rows;
  expect(within(paid).getByText("$120.00")).toBeInTheDocument();
  expect(within(refund).getByRole("rowheader")).toHaveTextContent("Refund");
  expect(within(refund).getByText("Refund: Pottery Wheel")).toBeInTheDocument();
  expect(within(refund).getByText("−$120.00")).toBeInTheDocument();
  const refundDate = new Intl.DateTimeFormat(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date("2025-06-09T15:00:00Z"));
  expect(within(refund).getByText(refundDate)).toHaveAttribute("datetime", "2025-06-09T15:00:00Z");
  expect(within(enrolled).getByText("Enrolled")).toBeInTheDocument();
  expect(within(oldPaid).getByRole("rowheader")).toHaveTextContent("3");
  expect(within(oldRefundRow).getByText("−$45.50")).toBeInTheDocument();
  expect(within(oldRefundRow).getByText("Not recorded")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a seat the school refunded whole shows each card refund and the account credit given back", async () => {
  const refundedAt = "2027-04-20T16:00:00Z";
  const cancelled = makePayment({
    price: 90,
    status: "refunded",
    refundReason: "The school cancelled Watercolor Basics.",
    refundAmount: 90,
    refundedAt,
    planLabel: "Deposit and two instalments",
    instalments: [
      {
        id: 1,
        kind: "instalment",
        dueOn: "2027-05-15",
        amount: 135,
        status: "paid",
        paidBy: "offline",
      },
      {
        id: 2,
        kind: "instalment",
        dueOn: "2027-05-31",
        amount: 135,
        status: "paid",
        paidBy: "card",
      },
    ],
    refundParts: [
      { way: "card", amount: 90, instalmentId: null },
      { way: "card", amount: 135, instalmentId: 2 },
      { way: "credit", amount: 175, instalmentId: null },
    ],
  });
  stubApi({ [myPayments]: [cancelled] });
  renderPage();

  const table = await screen.findByRole("table");
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows).toHaveLength(6);
  const [payment, , , deposit, instalment, credit] = rows;
  expect(within(payment).getByText("Refunded")).toBeInTheDocument();
  expect(within(payment).getByText("The school cancelled Watercolor Basics.")).toBeInTheDocument();
  const when = new Intl.DateTimeFormat(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(refundedAt));
  expect(within(deposit).getByRole("rowheader")).toHaveTextContent("Refund to card");
  expect(deposit).toHaveTextContent("Refund to card: Watercolor BasicsDeposit");
  expect(within(deposit).getByText("−$90.00")).toBeInTheDocument();
  expect(within(deposit).getByText("pi_3Pay")).toBeInTheDocument();
  expect(within(deposit).getByText(when)).toHaveAttribute("datetime", refundedAt);
  expect(instalment).toHaveTextContent(
    "Refund to card: Watercolor BasicsInstalment due Mon, May 31, 2027",
  );
  expect(within(instalment).getByText("−$135.00")).toBeInTheDocument();
  expect(within(credit).getByRole("rowheader")).toHaveTextContent("Account credit");
  expect(credit).toHaveTextContent("Account credit: Watercolor Basics");
  expect(within(credit).getByText("−$175.00")).toBeInTheDocument();
  expect(within(credit).getByText("Credit")).toBeInTheDocument();
  // The one refund line of a payment without parts would say only the first charge.
  expect(within(table).queryByText(/^Refund: /)).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a payment made by a plan reads as its deposit, with each instalment a row under it", async () => {
  const byPlan = makePayment({
    price: 30,
    planLabel: "Deposit and two instalments",
    instalments: [
      {
        id: 1,
        kind: "instalment",
        dueOn: "2027-05-15",
        amount: 45,
        status: "paid",
        paidBy: "card",
      },
      { id: 2, kind: "instalment", dueOn: "2027-05-31", amount: 45, status: "failed", paidBy: "" },
      { id: 3, kind: "transfer", dueOn: "2027-06-01", amount: 25, status: "due", paidBy: "" },
    ],
  });
  stubApi({ [myPayments]: [byPlan] });
  renderPage();

  const table = await screen.findByRole("table");
  const [payment, first, second, transfer] = within(table).getAllByRole("row").slice(1);
  expect(within(payment).getByText(/^Payment plan:/)).toHaveTextContent(
    "Payment plan: Deposit and two instalments",
  );
  expect(within(payment).getByText("Deposit").parentElement).toHaveTextContent("Deposit$30.00");
  expect(within(first).getByRole("rowheader")).toHaveTextContent("Instalment");
  expect(first).toHaveTextContent("Instalment: Watercolor Basics");
  expect(within(first).getByText("$45.00")).toBeInTheDocument();
  expect(within(first).getByText("Sat, May 15, 2027")).toHaveAttribute("datetime", "2027-05-15");
  expect(within(first).getByText("Paid by card")).toBeInTheDocument();
  expect(within(second).getByText("Failed")).toBeInTheDocument();
  expect(second).toHaveTextContent("Due Mon, May 31, 2027");
  expect(transfer).toHaveTextContent("Transfer difference: Watercolor Basics");
  expect(within(transfer).getByText("$25.00")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("without payments the page says so", async () => {
  stubApi({ [myPayments]: [] });
  renderPage();

  expect(await screen.findByText("You have not made any payments yet.")).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
});

describe("a family's payments", () => {
  const mia = { participantId: 7, participantName: "Mia Lopez" };
  const forAna = makePayment({ participantId: 1, participantName: "Ana Lopez" });
  const forMia = makePayment({
    _id: 8,
    nameClass: "Pottery Wheel",
    transactionId: "pi_3Mia",
    ...mia,
  });
  const miasPayments = `${myPayments}?participant=7`;

  function participantFilter() {
    return screen.queryByRole("combobox", { name: "Show" });
  }

  // The For cell of the row of the payment with `transactionId`.
  function paidFor(transactionId) {
    const row = screen.getByText(transactionId).closest("tr");
    const column = screen.getByRole("columnheader", { name: "For" }).cellIndex;
    return row.cells[column];
  }

  test("each payment row names the participant it paid for", async () => {
    stubApi({ [myPayments]: [forMia, forAna] });
    renderPage();

    await screen.findByRole("table");
    expect(paidFor("pi_3Mia")).toHaveTextContent("Mia Lopez");
    expect(paidFor("pi_3Pay")).toHaveTextContent("Ana Lopez");
  });

  test("with one participant named there is nothing to filter", async () => {
    stubApi({ [myPayments]: [makePayment(), makePayment({ _id: 8, transactionId: "pi_3Other" })] });
    renderPage();

    await screen.findByRole("table");
    expect(participantFilter()).not.toBeInTheDocument();
  });

  test("choosing a participant asks the server for their payments and keeps it in the address", async () => {
    const fetch = stubApi({ [myPayments]: [forMia, forAna], [miasPayments]: [forMia] });
    const { user, router } = renderPage();
    await screen.findByRole("table");

    await user.selectOptions(participantFilter(), "Mia Lopez");

    await waitFor(() => expect(screen.queryByText("pi_3Pay")).not.toBeInTheDocument());
    expect(paidFor("pi_3Mia")).toHaveTextContent("Mia Lopez");
    expect(fetch).toHaveBeenCalledWith(`/api${miasPayments}`, expect.anything());
    expect(router.state.location.search).toBe("?participant=7");
    await expectNoSeriousA11yViolations();
  });

  test("the participant in the address is asked for on arrival, as after a reload", async () => {
    const fetch = stubApi({ [myPayments]: [forMia, forAna], [miasPayments]: [forMia] });
    renderPage("/dashboard/my-payment-history?participant=7");

    expect(await screen.findByText("pi_3Mia")).toBeInTheDocument();
    await waitFor(() => expect(participantFilter()).toHaveValue("7"));
    expect(screen.queryByText("pi_3Pay")).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`/api${miasPayments}`, expect.anything());
  });
});

test("a cancelled enrolment reads Cancelled, with the part of the price that went back", async () => {
  const cancelled = makePayment({
    _id: 8,
    nameClass: "Pottery Wheel",
    price: 120,
    status: "cancelled",
    refundAmount: 60,
    refundedAt: "2025-06-09T15:00:00Z",
    refundPending: false,
  });
  stubApi({ [myPayments]: [cancelled] });
  renderPage();

  const table = await screen.findByRole("table");
  const [paid, refund] = within(table).getAllByRole("row").slice(1);
  expect(within(paid).getByText("Cancelled")).toBeInTheDocument();
  expect(within(paid).getByText("$120.00")).toBeInTheDocument();
  expect(within(paid).queryByText("Refund pending")).not.toBeInTheDocument();
  expect(within(refund).getByText("Partial refund: Pottery Wheel")).toBeInTheDocument();
  expect(within(refund).getByText("−$60.00")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a refund owed but not yet made reads Refund pending, with no refund row", async () => {
  const owed = makePayment({
    _id: 8,
    status: "cancelled",
    refundAmount: null,
    refundedAt: null,
    refundPending: true,
  });
  stubApi({ [myPayments]: [owed] });
  renderPage();

  const table = await screen.findByRole("table");
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows).toHaveLength(1);
  expect(within(rows[0]).getByText("Cancelled")).toBeInTheDocument();
  expect(within(rows[0]).getByText("Refund pending")).toBeInTheDocument();
});

test("a cancellation too late for a refund has no refund row", async () => {
  stubApi({
    [myPayments]: [makePayment({ status: "cancelled", refundAmount: 0, refundPending: false })],
  });
  renderPage();

  const table = await screen.findByRole("table");
  expect(within(table).getAllByRole("row").slice(1)).toHaveLength(1);
  expect(within(table).queryByText(/Refund/)).not.toBeInTheDocument();
});
