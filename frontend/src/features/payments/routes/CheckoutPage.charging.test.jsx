import { act, fireEvent, screen } from "@testing-library/react";

import { CHECKOUT_CHARGING_POLL_MS } from "../../../api/checkouts";
import { answerFor, respond } from "../../../testing/api";
import { InTheAppDataCache } from "../../../testing/appDataCache";
import { fakeStripe } from "../../../testing/fakeStripe";
import { makeCheckoutLine } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CONFIRMING_MESSAGE } from "../components/CheckoutForm";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { CheckoutPage } from "./CheckoutPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const CHECKOUT = "/api/checkouts/5";
const PAID_MESSAGE = "Paid: your family is enrolled.";

// Ana's one class, as GET /checkouts/5 answers it in the state given.
function checkout(status) {
  return {
    id: 5,
    status,
    lines: [makeCheckoutLine({ price: 120, paymentId: status === "paid" ? 7 : null })],
    promoCode: null,
    promoCodeProblem: "",
    credit: 0,
    total: 120,
    later: 0,
    holdExpiresAt: status === "paid" ? null : new Date(Date.now() + 15 * 60 * 1000).toISOString(),
    clientSecret: status === "open" ? "seti_9_secret_abc" : null,
  };
}

/*
 * The server answering GET /checkouts/5 with each of `states` in turn, then the last one for
 * good; `others` answers any other request ("DELETE /api/checkouts/5/lines/21").
 */
function serveCheckout(states, others = {}) {
  let asked = 0;
  global.fetch = jest.fn((url, init) => {
    const method = init?.method ?? "GET";
    if (method === "GET" && url === CHECKOUT) {
      const state = states[Math.min(asked, states.length - 1)];
      asked += 1;
      return answerFor(url, init, 200, checkout(state));
    }
    const { __status, body } = others[`${method} ${url}`];
    return answerFor(url, init, __status, body);
  });
  return () => asked;
}

// The page under the app's data cache, whose deduping must not swallow the polls.
function renderPage() {
  return renderRoutes(
    [
      {
        path: "/dashboard/checkout/:id",
        element: (
          <InTheAppDataCache>
            <CheckoutPage />
          </InTheAppDataCache>
        ),
      },
    ],
    { route: "/dashboard/checkout/5", auth: signedIn("student") },
  );
}

async function waitForThePoll() {
  await act(async () => jest.advanceTimersByTime(CHECKOUT_CHARGING_POLL_MS));
}

beforeEach(() => {
  jest.useFakeTimers();
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

afterEach(() => {
  jest.useRealTimers();
});

test("a checkout being charged as the page opens is asked after until it is paid, then no more", async () => {
  const asked = serveCheckout(["charging", "charging", "paid"]);
  renderPage();

  expect(await screen.findByText(CONFIRMING_MESSAGE)).toBeVisible();
  expect(asked()).toBe(1);

  await waitForThePoll();
  expect(asked()).toBe(2);
  expect(screen.getByText(CONFIRMING_MESSAGE)).toBeVisible();

  await waitForThePoll();
  expect(await screen.findByText(PAID_MESSAGE)).toBeVisible();
  expect(asked()).toBe(3);

  await waitForThePoll();
  await waitForThePoll();
  expect(asked()).toBe(3);
});

test("a checkout that turns out to be charged meanwhile is asked after from then on", async () => {
  // Paid for in another tab: taking a line out here is refused, and the page asks again.
  const asked = serveCheckout(["open", "charging", "paid"], {
    "DELETE /api/checkouts/5/lines/21": respond(409, {
      message: "This checkout is being paid: its lines can no longer change.",
    }),
  });
  renderPage();

  const remove = await screen.findByRole("button", {
    name: "Remove Watercolor Basics for Ana Lopez",
  });
  await waitForThePoll();
  expect(asked()).toBe(1);

  fireEvent.click(remove);
  expect(await screen.findByText(CONFIRMING_MESSAGE)).toBeVisible();
  expect(asked()).toBe(2);

  await waitForThePoll();
  expect(await screen.findByText(PAID_MESSAGE)).toBeVisible();
  expect(asked()).toBe(3);

  await waitForThePoll();
  expect(asked()).toBe(3);
});
