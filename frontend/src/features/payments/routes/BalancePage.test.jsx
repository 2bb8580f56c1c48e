import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { routes } from "../../../app/router";
import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { fakeStripe } from "../../../testing/fakeStripe";
import {
  BEFORE_THE_INSTALMENTS,
  makeEnrolledClass,
  todayFrozenAt,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { BalancePage } from "./BalancePage";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const BALANCE = "/enrolments/41/balance";
const PAYMENT = "/api/enrolments/41/balance/payment";
const myEnrolled = "/enrolledStudent/student%40camp.test";
const miasSeat = makeEnrolledClass({
  nameClass: "Watercolor Basics",
  price: 120,
  enrolmentId: 41,
  participantId: 7,
  participantName: "Mia Lopez",
});

function instalment(overrides) {
  return { kind: "instalment", status: "due", paidBy: "", amount: 45, ...overrides };
}

// Mia's seat: $30.00 down, the first instalment declined, the second still ahead.
function makeBalance(overrides = {}) {
  return {
    paid: 30,
    due: 90,
    dueNow: 45,
    planLabel: "Deposit and two instalments",
    overdueSince: null,
    releaseOn: null,
    clientSecret: "seti_balance_secret",
    instalments: [
      instalment({ id: 1, dueOn: "2027-05-15", status: "failed" }),
      instalment({ id: 2, dueOn: "2027-05-31" }),
    ],
    ...overrides,
  };
}

// The first instalment paid by card: the second is what is left.
const AFTER_FIRST = makeBalance({
  paid: 75,
  due: 45,
  dueNow: 0,
  instalments: [
    instalment({ id: 1, dueOn: "2027-05-15", status: "paid", paidBy: "card" }),
    instalment({ id: 2, dueOn: "2027-05-31" }),
  ],
});

let stripe;
beforeEach(() => {
  stripe = fakeStripe();
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(stripe);
});

function renderPage(route = "/dashboard/balance/41") {
  const rendered = renderRoutes(
    [{ path: "/dashboard/balance/:enrolmentId", element: <BalancePage /> }],
    { route, auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay / });
}

function paymentsSent(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === PAYMENT)
    .map(([, init]) => JSON.parse(init.body));
}

// Each row of the balance's amounts, as [its name, its amount].
function amounts() {
  return within(screen.getByText("Remaining").closest("dl"))
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling.textContent]);
}

function instalmentLines() {
  return within(screen.getByRole("list", { name: "Instalments" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

test("the balance shows what was paid and what is left, and pays what is due with the card on file", async () => {
  const fetch = stubApi({
    [BALANCE]: makeBalance(),
    [myEnrolled]: [miasSeat],
    [`POST ${BALANCE}/payment`]: respond(201, AFTER_FIRST),
  });
  const { user } = renderPage();

  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(document.title).toBe("Balance | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "Balance" })).toBeInTheDocument();
  expect(await screen.findByText("Watercolor Basics for Mia Lopez")).toBeInTheDocument();
  expect(
    screen.getByRole("heading", { level: 2, name: "Deposit and two instalments" }),
  ).toBeInTheDocument();
  expect(amounts()).toEqual([
    ["Paid", "$30.00"],
    ["Remaining", "$90.00"],
    ["Due now", "$45.00"],
  ]);
  expect(instalmentLines()).toEqual([
    "Sat, May 15, 2027 $45.00 Failed",
    "Mon, May 31, 2027 $45.00 Due",
  ]);
  const what = within(screen.getByRole("group", { name: "What would you like to pay?" }));
  expect(what.getByRole("radio", { name: "What is due now: $45.00" })).toBeChecked();
  expect(what.getByRole("radio", { name: "The remaining balance: $90.00" })).not.toBeChecked();
  const card = within(screen.getByRole("group", { name: "Pay with" }));
  expect(card.getByRole("radio", { name: "The card on file" })).toBeChecked();
  expect(screen.queryByTestId("card-element")).not.toBeInTheDocument();
  expect(payButton()).toHaveTextContent("Pay $45.00");
  await expectNoSeriousA11yViolations();

  await user.click(payButton());

  const paid = await screen.findByText("Paid $45.00. Thank you.");
  expect(paid).toHaveFocus();
  expect(paymentsSent(fetch)).toEqual([{ scope: "due", amount: "45.00" }]);
  expect(amounts()).toEqual([
    ["Paid", "$75.00"],
    ["Remaining", "$45.00"],
  ]);
  expect(instalmentLines()).toEqual([
    "Sat, May 15, 2027 $45.00 Paid by card",
    "Mon, May 31, 2027 $45.00 Due",
  ]);
  // Nothing is due now: what is left is the one thing to pay.
  expect(screen.queryByRole("group", { name: "What would you like to pay?" })).toBeNull();
  expect(payButton()).toHaveTextContent("Pay $45.00");
  // The card on file was charged: Stripe.js was never needed.
  expect(loadStripeJs).not.toHaveBeenCalled();
});

test("?pay=all, from Pay the remaining balance, chooses all that is left", async () => {
  const fetch = stubApi({
    [BALANCE]: makeBalance(),
    [myEnrolled]: [miasSeat],
    [`POST ${BALANCE}/payment`]: respond(
      201,
      makeBalance({
        paid: 120,
        due: 0,
        dueNow: 0,
        clientSecret: null,
        instalments: [
          instalment({ id: 1, dueOn: "2027-05-15", status: "paid", paidBy: "card" }),
          instalment({ id: 2, dueOn: "2027-05-31", status: "paid", paidBy: "card" }),
        ],
      }),
    ),
  });
  const { user } = renderPage("/dashboard/balance/41?pay=all");
  await waitFor(() => expect(payButton()).toBeEnabled());

  expect(screen.getByRole("radio", { name: "The remaining balance: $90.00" })).toBeChecked();
  expect(payButton()).toHaveTextContent("Pay $90.00");
  await user.click(payButton());

  expect(await screen.findByText("Paid $90.00. Thank you.")).toHaveFocus();
  expect(paymentsSent(fetch)).toEqual([{ scope: "all", amount: "90.00" }]);
  expect(screen.getByText("Nothing is left to pay for this class.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Pay / })).not.toBeInTheDocument();
});

test("a declined card says why and takes the focus, and the balance is asked again", async () => {
  const fetch = stubApi({
    [BALANCE]: makeBalance(),
    [myEnrolled]: [miasSeat],
    [`POST ${BALANCE}/payment`]: respond(402, { message: "Your card was declined." }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByText("Your card was declined.")).toHaveFocus();
  expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
  await waitFor(() =>
    expect(
      fetch.mock.calls.filter(([url, init]) => init.method === "GET" && url === `/api${BALANCE}`),
    ).toHaveLength(2),
  );
  expect(amounts()).toEqual([
    ["Paid", "$30.00"],
    ["Remaining", "$90.00"],
    ["Due now", "$45.00"],
  ]);
  await waitFor(() => expect(payButton()).toBeEnabled());
});

test("another card is saved with Stripe.js, and a bank asking for 3-D Secure gets it", async () => {
  const fetch = stubApi({ [BALANCE]: makeBalance(), [myEnrolled]: [miasSeat] });
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) => {
    if (url !== PAYMENT) return answer(url, init);
    return JSON.parse(init.body).setupIntentId
      ? answerFor(url, init, 402, {
          message: "Your bank asks you to confirm this payment.",
          requiresAction: true,
          clientSecret: "pi_3ds_secret_x",
          paymentIntentId: "pi_3ds",
        })
      : answerFor(url, init, 201, AFTER_FIRST);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(screen.getByRole("radio", { name: "Use another card" }));
  expect(await screen.findByLabelText("Card number")).toBeInTheDocument();
  await waitFor(() => expect(payButton()).toBeEnabled());
  await user.click(payButton());

  expect(await screen.findByText("Paid $45.00. Thank you.")).toHaveFocus();
  expect(stripe.confirmCardSetup).toHaveBeenCalledWith("seti_balance_secret", {
    payment_method: {
      card: stripe.card,
      billing_details: { email: "student@camp.test", name: "Sam Student" },
    },
  });
  expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_3ds_secret_x");
  expect(paymentsSent(fetch)).toEqual([
    { scope: "due", amount: "45.00", setupIntentId: "seti_123" },
    { scope: "due", amount: "45.00", paymentIntentId: "pi_3ds" },
  ]);
});

test("an amount changed meanwhile is shown on the button, and the family confirms it again", async () => {
  const answers = {
    [BALANCE]: makeBalance(),
    [myEnrolled]: [miasSeat],
    [`POST ${BALANCE}/payment`]: respond(409, {
      message: "What is due is now $90.00. Please check it and confirm again.",
      code: "amount_changed",
      amount: 90,
    }),
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  // The second instalment fell due meanwhile.
  answers[BALANCE] = makeBalance({ dueNow: 90 });

  await user.click(payButton());

  expect(
    await screen.findByText("What is due is now $90.00. Please check it and confirm again."),
  ).toHaveFocus();
  await waitFor(() => expect(payButton()).toHaveTextContent("Pay $90.00"));
  expect(paymentsSent(fetch)).toEqual([{ scope: "due", amount: "45.00" }]);
});

test("an overdue seat says so, and until when it is kept", async () => {
  stubApi({
    [BALANCE]: makeBalance({ overdueSince: "2027-05-18", releaseOn: "2027-05-25" }),
    [myEnrolled]: [miasSeat],
  });
  renderPage();

  const overdue = await screen.findByText("Overdue");
  expect(overdue.closest("p")).toHaveTextContent(
    "Overdue The seat is kept until Tue, May 25, 2027 unless what is due is paid.",
  );
  await expectNoSeriousA11yViolations();
});

test("the failed instalment e-mail's link, /balance/41, opens the balance in the dashboard", async () => {
  stubApi({ [BALANCE]: makeBalance(), [myEnrolled]: [miasSeat] });
  const { router } = renderRoutes(routes, {
    route: "/balance/41",
    auth: signedIn("student"),
  });

  expect(await screen.findByRole("heading", { level: 1, name: "Balance" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/dashboard/balance/41");
  expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
  expect(await screen.findByText("Watercolor Basics for Mia Lopez")).toBeInTheDocument();
});
