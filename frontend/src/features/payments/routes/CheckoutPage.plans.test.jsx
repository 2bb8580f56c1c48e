import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { fakeStripe } from "../../../testing/fakeStripe";
import { BEFORE_THE_INSTALMENTS, makePayment, todayFrozenAt } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { CheckoutPage } from "./CheckoutPage";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const HOLD_ENDS = new Date(Date.now() + 15 * 60 * 1000).toISOString();
const CHECKOUT = "/checkouts/5";
const ANAS_LINE = "PATCH /checkouts/5/lines/21";

// The school's plan for Watercolor Basics, worked out on Ana's price of $88.00.
const PLAN = {
  id: 3,
  label: "Deposit and two instalments",
  deposit: 22,
  instalments: [
    { dueOn: "2027-05-15", amount: 33 },
    { dueOn: "2027-05-31", amount: 33 },
  ],
};

// Ana's class, which the plan may pay, in full until the family chooses otherwise.
const forAna = {
  id: 21,
  classId: 3,
  className: "Watercolor Basics",
  participantId: 1,
  participantName: "Ana Lopez",
  listPrice: 88,
  adjustments: [],
  price: 88,
  paymentId: null,
  planId: null,
  plans: [PLAN],
  dueNow: 88,
  schedule: [],
};
// Ana's class by the plan: its deposit today, its instalments later.
const anaByPlan = { ...forAna, planId: 3, dueNow: 22, schedule: PLAN.instalments };
// Mia's class, which no plan pays.
const forMia = {
  id: 22,
  classId: 4,
  className: "Pottery Wheel",
  participantId: 2,
  participantName: "Mia Lopez",
  listPrice: 90,
  adjustments: [],
  price: 90,
  paymentId: null,
  planId: null,
  plans: [],
  dueNow: 90,
  schedule: [],
};

function makeCheckout(overrides = {}) {
  return {
    id: 5,
    status: "open",
    lines: [forAna, forMia],
    promoCode: null,
    promoCodeProblem: "",
    credit: 0,
    total: 178,
    later: 0,
    holdExpiresAt: HOLD_ENDS,
    clientSecret: "seti_9_secret_abc",
    ...overrides,
  };
}

const IN_FULL = makeCheckout();
const BY_PLAN = makeCheckout({ lines: [anaByPlan, forMia], total: 112, later: 66 });

let stripe;
beforeEach(() => {
  stripe = fakeStripe();
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(stripe);
});

function renderPage() {
  const rendered = renderRoutes([{ path: "/dashboard/checkout/:id", element: <CheckoutPage /> }], {
    route: "/dashboard/checkout/5",
    auth: signedIn("student"),
  });
  return { ...rendered, user: userEvent.setup() };
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay / });
}

function line(className) {
  return within(screen.getByRole("heading", { level: 2, name: className }).closest("li"));
}

function anasChoice() {
  return within(
    screen.getByRole("group", {
      name: "How to pay for Watercolor Basics for Ana Lopez",
    }),
  );
}

function totals() {
  const total = screen.getByText(/^(Total due|Total paid|Due today|Paid today)$/).closest("dl");
  return within(total)
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling.textContent]);
}

function bodiesOf(fetch, method, url) {
  return fetch.mock.calls
    .filter(([called, init]) => init?.method === method && called === url)
    .map(([, init]) => JSON.parse(init.body));
}

test("a line a plan may pay offers it, with the deposit today and each instalment's date and amount", async () => {
  stubApi({ [CHECKOUT]: IN_FULL });
  renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  const inFull = anasChoice().getByRole("radio", { name: "Pay in full" });
  const byPlan = anasChoice().getByRole("radio", { name: "Deposit and two instalments" });
  expect(inFull).toBeChecked();
  expect(inFull).toHaveAccessibleDescription("$88.00 today");
  expect(byPlan).not.toBeChecked();
  expect(byPlan).toHaveAccessibleDescription(
    "$22.00 today, then 2 instalments: $33.00 on Sat, May 15, 2027 $33.00 on Mon, May 31, 2027",
  );
  // Mia's class has no plan: nothing to choose.
  expect(line("Pottery Wheel").queryByRole("group")).not.toBeInTheDocument();
  expect(totals()).toEqual([["Total due", "$178.00"]]);
  await expectNoSeriousA11yViolations();
});

test("choosing a plan asks the server, then shows the schedule, what is due today and what later", async () => {
  const fetch = stubApi({
    [CHECKOUT]: IN_FULL,
    [ANAS_LINE]: BY_PLAN,
    "POST /checkouts/5/payment": respond(201, {
      checkout: makeCheckout({
        status: "paid",
        lines: [
          { ...anaByPlan, paymentId: 7 },
          { ...forMia, paymentId: 8 },
        ],
        total: 112,
        later: 66,
        holdExpiresAt: null,
        clientSecret: null,
      }),
      payments: [
        makePayment({
          _id: 7,
          price: 22,
          participantName: "Ana Lopez",
          planLabel: PLAN.label,
          instalments: [
            {
              id: 1,
              kind: "instalment",
              dueOn: "2027-05-15",
              amount: 33,
              status: "due",
              paidBy: "",
            },
            {
              id: 2,
              kind: "instalment",
              dueOn: "2027-05-31",
              amount: 33,
              status: "due",
              paidBy: "",
            },
          ],
        }),
        makePayment({ _id: 8, classId: 4, nameClass: "Pottery Wheel", price: 90 }),
      ],
    }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(anasChoice().getByRole("radio", { name: "Deposit and two instalments" }));

  await waitFor(() => expect(payButton()).toHaveTextContent("Pay $112.00"));
  expect(bodiesOf(fetch, "PATCH", "/api/checkouts/5/lines/21")).toEqual([{ planId: 3 }]);
  expect(anasChoice().getByRole("radio", { name: "Deposit and two instalments" })).toBeChecked();
  expect(totals()).toEqual([
    ["Due today", "$112.00"],
    ["Later", "$66.00 in 2 instalments"],
  ]);
  expect(
    screen.getByText("The card is kept for the instalments: each is charged to it on its date."),
  ).toBeVisible();

  await user.click(payButton());

  expect(await screen.findByText("Paid: your family is enrolled.")).toBeInTheDocument();
  // What is charged now is the deposit and Mia's price, the total shown.
  expect(bodiesOf(fetch, "POST", "/api/checkouts/5/payment")).toEqual([
    { setupIntentId: "seti_123", total: "112.00" },
  ]);
  // Paid, each line paid by a plan lists its schedule, and the choice is gone.
  expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  expect(line("Watercolor Basics").getByText("Deposit paid").nextElementSibling).toHaveTextContent(
    "$22.00",
  );
  const schedule = line("Watercolor Basics").getByRole("list", {
    name: "Instalments for Watercolor Basics for Ana Lopez",
  });
  expect(
    within(schedule)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["$33.00 on Sat, May 15, 2027", "$33.00 on Mon, May 31, 2027"]);
  expect(line("Pottery Wheel").queryByRole("list")).not.toBeInTheDocument();
  expect(totals()).toEqual([
    ["Paid today", "$112.00"],
    ["Later", "$66.00 in 2 instalments"],
  ]);
  await expectNoSeriousA11yViolations();
});

test("by keyboard, the last choice is the one the server keeps, and Pay waits for it", async () => {
  const fetch = stubApi({ [CHECKOUT]: IN_FULL });
  const answer = fetch.getMockImplementation();
  // The answer to the first choice is held back until the test lets it through.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  fetch.mockImplementation(async (url, init) => {
    if (init?.method !== "PATCH") return answer(url, init);
    if (JSON.parse(init.body).planId === null) return answerFor(url, init, 200, IN_FULL);
    await held;
    return answerFor(url, init, 200, BY_PLAN);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  const inFull = anasChoice().getByRole("radio", { name: "Pay in full" });
  inFull.focus();

  await user.keyboard("{ArrowDown}");
  const byPlan = anasChoice().getByRole("radio", { name: "Deposit and two instalments" });
  expect(byPlan).toBeChecked();
  expect(byPlan).toHaveFocus();
  // The total is about to change: Pay waits.
  expect(payButton()).toBeDisabled();
  await user.keyboard("{ArrowUp}");
  expect(inFull).toBeChecked();
  expect(inFull).toHaveFocus();
  release();

  await waitFor(() =>
    expect(bodiesOf(fetch, "PATCH", "/api/checkouts/5/lines/21")).toEqual([
      { planId: 3 },
      { planId: null },
    ]),
  );
  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(payButton()).toHaveTextContent("Pay $178.00");
  expect(inFull).toBeChecked();
  expect(inFull).toHaveFocus();
  expect(totals()).toEqual([["Total due", "$178.00"]]);
});

test("a plan no longer offered says why, and the checkout is shown as it is now", async () => {
  const answers = {
    [CHECKOUT]: IN_FULL,
    [ANAS_LINE]: respond(409, {
      message: "This plan is no longer offered: its first instalment date has passed.",
      code: "plan_closed",
    }),
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  // Meanwhile the plan's first date went by: the server offers it no more.
  answers[CHECKOUT] = makeCheckout({ lines: [{ ...forAna, plans: [] }, forMia] });

  await user.click(anasChoice().getByRole("radio", { name: "Deposit and two instalments" }));

  const alert = (
    await screen.findByText("This plan is no longer offered: its first instalment date has passed.")
  ).closest("[role=alert]");
  await waitFor(() => expect(screen.queryByRole("radio")).not.toBeInTheDocument());
  // The choice went with the plan: the focus is on why.
  expect(alert).toHaveFocus();
  expect(payButton()).toHaveTextContent("Pay $178.00");
  expect(
    fetch.mock.calls.filter(([url, init]) => init?.method === "GET" && url === `/api${CHECKOUT}`),
  ).toHaveLength(2);
});
