import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import useSWR from "swr";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makePayment, makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { fakeStripe } from "../../../testing/fakeStripe";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { PaymentPage } from "./PaymentPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const mySelections = "/selectClass?email=student%40camp.test";
const HOLD_ENDS = new Date(Date.now() + 15 * 60 * 1000).toISOString();

beforeEach(() => {
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

// The payment opened for a seat the server prices at `amountDue`, from `listPrice`.
function opened({ listPrice, adjustments, amountDue }) {
  return {
    clientSecret: "seti_123_secret_abc",
    holdExpiresAt: HOLD_ENDS,
    listPrice,
    adjustments,
    amountDue,
  };
}

const DISCOUNTED = opened({
  listPrice: 120,
  adjustments: [
    { kind: "early_bird", label: "Early bird", amount: -12 },
    { kind: "sibling", label: "Sibling discount (second child)", amount: -10.8 },
    { kind: "credit", label: "Account credit", amount: -20 },
  ],
  amountDue: 77.2,
});

// The family's account credit, as the history page would have it cached and showing.
function CreditShown() {
  useSWR("/credit");
  return null;
}

function renderPage() {
  const rendered = renderRoutes(
    [
      {
        path: "/dashboard/payment/:id",
        element: (
          <>
            <PaymentPage />
            <CreditShown />
          </>
        ),
      },
    ],
    { route: "/dashboard/payment/11", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay/ });
}

// Each line of the price as [its name, its amount].
function priceLines() {
  const terms = screen.getAllByRole("term");
  return terms.map((term) => [term.textContent, term.nextElementSibling.textContent]);
}

test("before paying, the page shows the list price, each adjustment by its name, and the total due", async () => {
  const fetch = stubApi({
    [mySelections]: [makeSelection({ price: 120 })],
    "/createPaymentIntent": DISCOUNTED,
    "/credit": { balance: 20, entries: [] },
  });
  renderPage();

  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(priceLines()).toEqual([
    ["List price", "$120.00"],
    ["Early bird", "−$12.00"],
    ["Sibling discount (second child)", "−$10.80"],
    ["Account credit", "−$20.00"],
    ["Total due", "$77.20"],
  ]);
  // The one price line gives way to the breakdown, which already says it.
  expect(screen.queryByText(/^Price:/)).not.toBeInTheDocument();
  expect(payButton()).toHaveTextContent("Pay $77.20");
  expect(fetch.mock.calls.filter(([url]) => url === "/api/payments")).toEqual([]);
  await expectNoSeriousA11yViolations();
});

test("a price without adjustments reads as one line, as it always has", async () => {
  stubApi({
    [mySelections]: [makeSelection({ price: 45.5 })],
    "/createPaymentIntent": opened({ listPrice: 45.5, adjustments: [], amountDue: 45.5 }),
    "/credit": { balance: 0, entries: [] },
  });
  renderPage();

  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(screen.getByText(/^Price:/)).toHaveTextContent("Price: $45.50");
  expect(screen.queryByText("List price")).not.toBeInTheDocument();
  expect(screen.queryByText("Total due")).not.toBeInTheDocument();
  expect(screen.queryAllByRole("term")).toEqual([]);
});

test("paying with account credit asks for the family's credit again", async () => {
  const fetch = stubApi({
    [mySelections]: [makeSelection({ price: 120 })],
    "/createPaymentIntent": DISCOUNTED,
    "/payments": respond(201, { result: { insertedId: 7 }, ...makePayment({ price: 77.2 }) }),
    "/credit": { balance: 20, entries: [] },
  });
  const { user } = renderPage();
  const creditAsked = () => fetch.mock.calls.filter(([url]) => url === "/api/credit");
  await waitFor(() => expect(payButton()).toBeEnabled());
  await waitFor(() => expect(creditAsked()).toHaveLength(1));

  await user.click(payButton());

  expect(await screen.findByText(/Transaction complete/)).toBeInTheDocument();
  const [, init] = fetch.mock.calls.find(([url]) => url === "/api/payments");
  expect(JSON.parse(init.body)).toEqual({ payId: 11, setupIntentId: "seti_123", price: "77.20" });
  await waitFor(() => expect(creditAsked()).toHaveLength(2));
  // What was paid for stays on the page, with its price.
  const card = screen.getByRole("heading", { name: "Watercolor Basics" }).closest(".card");
  expect(within(card).getByText("Total due")).toBeInTheDocument();
});

test("when the family's discounts cover the class, it enrols without a card", async () => {
  const fetch = stubApi({
    [mySelections]: [makeSelection({ price: 120 })],
    "/createPaymentIntent": respond(409, {
      message: "Your discounts cover this class: enrol without a card.",
      code: "nothing_due",
    }),
    "/payments": respond(201, { result: { insertedId: 7 }, ...makePayment({ price: 0 }) }),
    "/credit": { balance: 0, entries: [] },
  });
  const { user } = renderPage();

  expect(
    await screen.findByText("Your discounts cover this class: enrol without a card."),
  ).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
  // No failure is said: the form's alert region stays empty.
  expect(screen.queryAllByRole("alert").map((alert) => alert.textContent)).toEqual([""]);
  await user.click(screen.getByRole("button", { name: "Enrol for free" }));

  const [, init] = fetch.mock.calls.find(([url]) => url === "/api/payments");
  expect(JSON.parse(init.body)).toEqual({ payId: 11 });
  await expectNoSeriousA11yViolations();
});
