import { act, screen, waitFor, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { hoursAgo, makePayment } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";

const myPayments = "/payments/student%40camp.test";
const REFUNDED_AT = hoursAgo(3);
const SPENT_AT = hoursAgo(1);

function renderPage() {
  return renderRoutes(
    [{ path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> }],
    { route: "/dashboard/my-payment-history", auth: signedIn("student") },
  );
}

function shownAt(iso) {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}

function creditPanel() {
  return screen.queryByRole("region", { name: "Account credit" });
}

// The credit's answer has come back and been drawn, whatever it drew.
async function creditAnswered(fetch) {
  await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/credit", expect.anything()));
  await act(async () => {
    await Promise.all(fetch.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

test("the account credit shows its balance and each entry, newest first, with its sign, reason and date", async () => {
  stubApi({
    [myPayments]: [makePayment()],
    "/credit": {
      balance: 34,
      entries: [
        { amount: -20, reason: "Spent on Pottery Wheel (Mia Lopez)", at: SPENT_AT },
        {
          amount: 54,
          reason: "Refund for Watercolor Basics (Mia Lopez) as credit",
          at: REFUNDED_AT,
        },
      ],
    },
  });
  renderPage();

  const panel = within(await screen.findByRole("region", { name: "Account credit" }));
  expect(panel.getByText(/^Balance:/)).toHaveTextContent("Balance: $34.00");
  const entries = panel.getAllByRole("listitem");
  expect(entries).toHaveLength(2);
  const [spent, refund] = entries.map((entry) => within(entry));
  expect(spent.getByText("−$20.00")).toBeInTheDocument();
  expect(spent.getByText("Spent on Pottery Wheel (Mia Lopez)")).toBeInTheDocument();
  expect(spent.getByText(shownAt(SPENT_AT))).toHaveAttribute("datetime", SPENT_AT);
  expect(refund.getByText("+$54.00")).toBeInTheDocument();
  expect(
    refund.getByText("Refund for Watercolor Basics (Mia Lopez) as credit"),
  ).toBeInTheDocument();
  expect(refund.getByText(shownAt(REFUNDED_AT))).toHaveAttribute("datetime", REFUNDED_AT);
  // The payments are still the page's table.
  expect(await screen.findByRole("table")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("credit all spent still shows its entries, at a balance of nothing", async () => {
  stubApi({
    [myPayments]: [makePayment()],
    "/credit": {
      balance: 0,
      entries: [
        { amount: -54, reason: "Spent on Pottery Wheel (Mia Lopez)", at: SPENT_AT },
        { amount: 54, reason: "Refund for Watercolor Basics as credit", at: REFUNDED_AT },
      ],
    },
  });
  renderPage();

  const panel = within(await screen.findByRole("region", { name: "Account credit" }));
  expect(panel.getByText(/^Balance:/)).toHaveTextContent("Balance: $0.00");
  expect(panel.getAllByRole("listitem")).toHaveLength(2);
});

test("a family that never had credit sees no credit panel", async () => {
  const fetch = stubApi({ [myPayments]: [makePayment()], "/credit": { balance: 0, entries: [] } });
  renderPage();

  await screen.findByRole("table");
  await creditAnswered(fetch);
  expect(creditPanel()).not.toBeInTheDocument();
  expect(screen.queryByText(/credit/i)).not.toBeInTheDocument();
});
