import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { routes } from "../../../app/router";
import { formatLocalTime } from "../../../components/ui/localTime";
import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCompleteCareRecord, makePolicy } from "../../../testing/careFixtures";
import { fakeStripe } from "../../../testing/fakeStripe";
import { makeCheckoutLine, makeChild, makePayment, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { CheckoutPage } from "./CheckoutPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const HOLD_ENDS = new Date(Date.now() + 15 * 60 * 1000).toISOString();
const CHECKOUT = "/checkouts/5";
const PAYMENT = "POST /checkouts/5/payment";

// Ana's class, an early-bird price and some of the family's credit off it.
const forAna = makeCheckoutLine({
  listPrice: 120,
  adjustments: [
    { kind: "early_bird", label: "Early bird", amount: -12 },
    { kind: "credit", label: "Account credit", amount: -20 },
  ],
  price: 88,
});
// Mia's class, the second child's discount off it.
const forMia = {
  id: 22,
  classId: 4,
  className: "Pottery Wheel",
  participantId: 2,
  participantName: "Mia Lopez",
  listPrice: 100,
  adjustments: [{ kind: "sibling", label: "Sibling discount (second child)", amount: -10 }],
  price: 90,
  paymentId: null,
  planId: null,
  plans: [],
  dueNow: 90,
  schedule: [],
};

// The checkout as GET /checkouts/5 answers it: open, both lines held, $178.00 due by card.
function makeCheckout(overrides = {}) {
  return {
    id: 5,
    status: "open",
    lines: [forAna, forMia],
    promoCode: null,
    promoCodeProblem: "",
    credit: 20,
    total: 178,
    later: 0,
    holdExpiresAt: HOLD_ENDS,
    clientSecret: "seti_9_secret_abc",
    ...overrides,
  };
}

// The checkout paid, each line with its payment.
const PAID = makeCheckout({
  status: "paid",
  lines: [
    { ...forAna, paymentId: 7 },
    { ...forMia, paymentId: 8 },
  ],
  holdExpiresAt: null,
  clientSecret: null,
});

const paidAnswer = (payments) => respond(201, { checkout: PAID, payments });
const anasPayment = makePayment({ _id: 7, price: 88, participantName: "Ana Lopez" });
const miasPayment = makePayment({
  _id: 8,
  classId: 4,
  nameClass: "Pottery Wheel",
  price: 90,
  participantId: 2,
  participantName: "Mia Lopez",
});

let stripe;
beforeEach(() => {
  stripe = fakeStripe();
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(stripe);
});

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/checkout/:id", element: <CheckoutPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/checkout/5", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

// The paid checkout's one receipt, for every line and its one card charge.
function oneReceipt() {
  return screen.getByRole("link", { name: "Your receipt for this checkout" });
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay / });
}

function line(className) {
  return within(screen.getByRole("heading", { level: 2, name: className }).closest("li"));
}

// Each row of a price list as [its name, its amount].
function rows(where) {
  return where
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling.textContent]);
}

function totals() {
  const total = screen.getByText(/^Total (due|paid)$/).closest("dl");
  return rows(within(total));
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
}

function payments(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === "/api/checkouts/5/payment")
    .map(([, init]) => JSON.parse(init.body));
}

test("each line shows whom it is for, its list price, each adjustment by its name and its price, then the total", async () => {
  stubApi({
    [CHECKOUT]: makeCheckout({ promoCodeProblem: "The code SPRING has been used up." }),
  });
  renderPage();

  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(document.title).toBe("Checkout | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument();
  expect(line("Watercolor Basics").getByText("For:")).toHaveTextContent("For: Ana Lopez");
  expect(rows(line("Watercolor Basics"))).toEqual([
    ["List price", "$120.00"],
    ["Early bird", "−$12.00"],
    ["Account credit", "−$20.00"],
    ["Price", "$88.00"],
  ]);
  expect(line("Pottery Wheel").getByText("For:")).toHaveTextContent("For: Mia Lopez");
  expect(rows(line("Pottery Wheel"))).toEqual([
    ["List price", "$100.00"],
    ["Sibling discount (second child)", "−$10.00"],
    ["Price", "$90.00"],
  ]);
  expect(totals()).toEqual([
    ["Account credit applied", "$20.00"],
    ["Total due", "$178.00"],
  ]);
  expect(screen.getByText("The code SPRING has been used up.")).toHaveAttribute("role", "status");
  expect(screen.getByText(/^Seats held until/)).toHaveTextContent(
    `Seats held until ${formatLocalTime(HOLD_ENDS)}`,
  );
  expect(screen.getByTestId("card-element")).toBeInTheDocument();
  expect(payButton()).toHaveTextContent("Pay $178.00");
  await expectNoSeriousA11yViolations();
});

test("Remove takes the line out and shows the rest as the server priced it again", async () => {
  const repriced = makeCheckout({
    lines: [{ ...forAna, adjustments: [forAna.adjustments[0]], price: 108, dueNow: 108 }],
    credit: 0,
    total: 108,
  });
  const fetch = stubApi({
    [CHECKOUT]: makeCheckout(),
    "DELETE /checkouts/5/lines/22": repriced,
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(screen.getByRole("button", { name: "Remove Pottery Wheel for Mia Lopez" }));

  await waitFor(() =>
    expect(screen.queryByRole("heading", { name: "Pottery Wheel" })).not.toBeInTheDocument(),
  );
  expect(requests(fetch)).toContain("DELETE /api/checkouts/5/lines/22");
  expect(rows(line("Watercolor Basics"))).toEqual([
    ["List price", "$120.00"],
    ["Early bird", "−$12.00"],
    ["Price", "$108.00"],
  ]);
  expect(totals()).toEqual([["Total due", "$108.00"]]);
  expect(payButton()).toHaveTextContent("Pay $108.00");
  expect(screen.getByRole("heading", { level: 1, name: "Checkout" })).toHaveFocus();
  // The answer was the checkout: it is not asked for again.
  expect(requests(fetch).filter((request) => request === `GET /api${CHECKOUT}`)).toHaveLength(1);
});

test("Pay saves the card, charges the total shown once, and leads to the checkout's one receipt", async () => {
  const refunded = {
    ...miasPayment,
    status: "refunded",
    refundReason: "The last seat went before the payment arrived; the money went back.",
  };
  const fetch = stubApi({
    [CHECKOUT]: makeCheckout(),
    [PAYMENT]: paidAnswer([anasPayment, refunded]),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  const paid = await screen.findByText("Paid: your family is enrolled.");
  expect(paid.closest("[role=status]")).toHaveFocus();
  expect(paid.closest("[role=status]")).toHaveTextContent(
    "Pottery Wheel (Mia Lopez): The last seat went before the payment arrived; the money went back.",
  );
  expect(stripe.confirmCardSetup).toHaveBeenCalledWith("seti_9_secret_abc", {
    payment_method: {
      card: stripe.card,
      billing_details: { email: "student@camp.test", name: "Sam Student" },
    },
  });
  expect(payments(fetch)).toEqual([{ setupIntentId: "seti_123", total: "178.00" }]);
  expect(oneReceipt()).toHaveAttribute("href", "/dashboard/receipts/checkouts/5");
  expect(screen.queryByRole("link", { name: /^Receipt: / })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
  expect(screen.queryByTestId("card-element")).not.toBeInTheDocument();
  expect(totals()).toEqual([
    ["Account credit applied", "$20.00"],
    ["Total paid", "$178.00"],
  ]);
});

test("a total that changed meanwhile is shown on the button, and the family confirms it again", async () => {
  const answers = {
    [CHECKOUT]: makeCheckout(),
    [PAYMENT]: respond(409, {
      message: "The total of this checkout is now $188.00. Please check it and confirm again.",
      code: "total_changed",
      total: 188,
    }),
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  // The sibling discount ended meanwhile; a new SetupIntent for the next card.
  answers[CHECKOUT] = makeCheckout({
    lines: [forAna, { ...forMia, adjustments: [], price: 100, dueNow: 100 }],
    total: 188,
    clientSecret: "seti_10_secret_new",
  });

  await user.click(payButton());

  const alert = await screen.findByText(
    "The total of this checkout is now $188.00. Please check it and confirm again.",
  );
  expect(alert).toHaveFocus();
  await waitFor(() => expect(payButton()).toHaveTextContent("Pay $188.00"));
  expect(totals()).toEqual([
    ["Account credit applied", "$20.00"],
    ["Total due", "$188.00"],
  ]);
  expect(screen.queryByText("Paid: your family is enrolled.")).not.toBeInTheDocument();

  answers[PAYMENT] = paidAnswer([anasPayment, miasPayment]);
  await user.click(payButton());

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  expect(stripe.confirmCardSetup).toHaveBeenLastCalledWith("seti_10_secret_new", expect.anything());
  expect(payments(fetch)).toEqual([
    { setupIntentId: "seti_123", total: "178.00" },
    { setupIntentId: "seti_123", total: "188.00" },
  ]);
});

test("after a declined card the next try saves the card into the checkout's new SetupIntent", async () => {
  const answers = {
    [CHECKOUT]: makeCheckout(),
    [PAYMENT]: respond(402, { message: "Your card was declined." }),
  };
  stubApi(answers);
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  answers[CHECKOUT] = makeCheckout({ clientSecret: "seti_10_secret_new" });

  await user.click(payButton());

  expect(await screen.findByText("Your card was declined.")).toHaveFocus();
  answers[PAYMENT] = paidAnswer([anasPayment, miasPayment]);
  await waitFor(() => expect(payButton()).toBeEnabled());
  await user.click(payButton());

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  expect(stripe.confirmCardSetup.mock.calls.map(([secret]) => secret)).toEqual([
    "seti_9_secret_abc",
    "seti_10_secret_new",
  ]);
});

test("a bank asking for 3-D Secure gets it, then the server settles the same total", async () => {
  const fetch = stubApi({ [CHECKOUT]: makeCheckout() });
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) => {
    if (!String(url).endsWith("/checkouts/5/payment")) return answer(url, init);
    const [status, reply] = JSON.parse(init.body).setupIntentId
      ? [
          402,
          {
            message: "Your bank asks you to confirm this payment.",
            requiresAction: true,
            clientSecret: "pi_3ds_secret_x",
            paymentIntentId: "pi_3ds",
          },
        ]
      : [201, { checkout: PAID, payments: [anasPayment, miasPayment] }];
    return answerFor(url, init, status, reply);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_3ds_secret_x");
  expect(payments(fetch)).toEqual([
    { setupIntentId: "seti_123", total: "178.00" },
    { paymentIntentId: "pi_3ds", total: "178.00" },
  ]);
});

test("a checkout paid before the page opened shows its receipt, without a card or Remove", async () => {
  stubApi({ [CHECKOUT]: PAID });
  renderPage();

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  expect(oneReceipt()).toHaveAttribute("href", "/dashboard/receipts/checkouts/5");
  expect(screen.queryByRole("link", { name: /^Receipt: / })).not.toBeInTheDocument();
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
  expect(screen.queryByTestId("card-element")).not.toBeInTheDocument();
  expect(screen.queryByText(/^Seats held until/)).not.toBeInTheDocument();
  // Arriving on the page is not an answer to a press: the focus stays where it was.
  expect(
    screen.getByText("Paid: your family is enrolled.").closest("[role=status]"),
  ).not.toHaveFocus();
  expect(loadStripeJs).not.toHaveBeenCalled();
});

test("a checkout the discounts and credit pay for enrols without a card", async () => {
  const free = makeCheckout({
    lines: [
      {
        ...forAna,
        adjustments: [
          ...forAna.adjustments,
          { kind: "credit", label: "Account credit", amount: -88 },
        ],
        price: 0,
        dueNow: 0,
      },
    ],
    credit: 108,
    total: 0,
    clientSecret: null,
  });
  const fetch = stubApi({
    [CHECKOUT]: free,
    [PAYMENT]: respond(201, {
      checkout: { ...free, status: "paid", lines: [{ ...free.lines[0], paymentId: 7 }] },
      payments: [makePayment({ _id: 7, price: 0, participantName: "Ana Lopez" })],
    }),
  });
  const { user } = renderPage();

  const enrol = await screen.findByRole("button", { name: "Enrol without a card" });
  expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
  expect(screen.queryByTestId("card-element")).not.toBeInTheDocument();
  await user.click(enrol);

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  expect(payments(fetch)).toEqual([{ total: "0.00" }]);
  expect(oneReceipt()).toBeVisible();
  expect(loadStripeJs).not.toHaveBeenCalled();
});

test("a child whose care record is out of date is asked for, instead of the payment", async () => {
  stubApi({
    [CHECKOUT]: makeCheckout(),
    [PAYMENT]: respond(409, {
      message: "Before Mia's first class the school needs: ...",
      code: "care_incomplete",
      participantId: 2,
      missing: ["confirmation"],
    }),
    "/participants": [myself, makeChild({ dateOfBirth: "2019-01-01" })],
    "/policies": [makePolicy()],
    "/participants/2/care": makeCompleteCareRecord({
      complete: false,
      missing: ["confirmation"],
      needsConfirmation: true,
    }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(
    await screen.findByRole("heading", { name: "Before Mia's first class the school needs:" }),
  ).toHaveFocus();
  expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
});

test("the app routes a checkout in the dashboard, and loads it when visited", async () => {
  stubApi({ [CHECKOUT]: makeCheckout() });
  renderRoutes(routes, { route: "/dashboard/checkout/5", auth: signedIn("student") });

  expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument();
  expect(await screen.findByRole("heading", { level: 2, name: "Pottery Wheel" })).toBeVisible();
  expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
});
