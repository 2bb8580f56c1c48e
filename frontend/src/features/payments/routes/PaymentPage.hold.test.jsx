import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { hoursAgo, makePayment, makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { fakeStripe } from "../../../testing/fakeStripe";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { PaymentPage } from "./PaymentPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const NOW = new Date("2027-06-01T10:00:00Z");
const mySelections = "/selectClass?email=student%40camp.test";
const CLIENT_SECRET = "seti_123_secret_abc";
const POLICY_TEXT =
  "Full refund until 14 days before the first meeting.\n\nHalf from 13 to 7 days; nothing after.";

// The server's clock decides the hold: 12 minutes 30 seconds left, not the default 15.
function minutesFromNow(minutes) {
  return new Date(NOW.getTime() + minutes * 60 * 1000).toISOString();
}
const HOLD_ENDS = minutesFromNow(12.5);

beforeEach(() => {
  loadStripeJs.mockReset();
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  jest.useRealTimers();
});

function renderPage() {
  const rendered = renderRoutes([{ path: "/dashboard/payment/:id", element: <PaymentPage /> }], {
    route: "/dashboard/payment/11",
    auth: signedIn("student"),
  });
  return { ...rendered, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

function answers(overrides) {
  return {
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/refundPolicy": {
      adminFee: 0,
      fullRefundDays: 14,
      partialRefundDays: 7,
      partialRefundPercent: 50,
      text: POLICY_TEXT,
    },
    ...overrides,
  };
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay/ });
}

function extendButton() {
  return screen.queryByRole("button", { name: "Keep my seat longer" });
}

function posts(fetch, path) {
  return fetch.mock.calls.filter(([url, init]) => init.method === "POST" && url === `/api${path}`);
}

function advance(ms) {
  act(() => jest.advanceTimersByTime(ms));
}

test("the seat is held for the time the server gave, counting down each second", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi(answers());
  renderPage();

  const timer = await screen.findByRole("timer");
  expect(timer).toHaveTextContent("Your seat is held for 12:30");
  advance(1000);
  expect(timer).toHaveTextContent("Your seat is held for 12:29");
  advance(60 * 1000);
  expect(timer).toHaveTextContent("Your seat is held for 11:29");
  expect(extendButton()).toBeEnabled();
  await waitFor(() => expect(payButton()).toBeEnabled());
  jest.useRealTimers();
  await expectNoSeriousA11yViolations();
});

test("one extension: the new expiry from the server is shown and counted down to", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const extendedTo = minutesFromNow(22.5);
  const fetch = stubApi(
    answers({ "/holds/11/extend": { holdExpiresAt: extendedTo, extended: true } }),
  );
  const { user } = renderPage();
  await screen.findByRole("timer");

  await user.click(extendButton());

  expect(await screen.findByText(/Your seat is now held until/)).toHaveTextContent(
    `Your seat is now held until ${new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(extendedTo))}.`,
  );
  expect(screen.getByRole("timer")).toHaveTextContent(/Your seat is held for 22:(30|29)/);
  expect(posts(fetch, "/holds/11/extend")).toHaveLength(1);
  // Once is all: the button is gone.
  expect(extendButton()).not.toBeInTheDocument();
  // The old expiry passes and the seat is still held.
  advance(13 * 60 * 1000);
  expect(screen.getByRole("timer")).toHaveTextContent(/Your seat is held for 09:(30|29)/);
});

test("an extension the server refuses shows its reason, and is not offered again", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi(
    answers({
      "/holds/11/extend": respond(409, { message: "This hold has already been extended once." }),
    }),
  );
  const { user } = renderPage();
  await screen.findByRole("timer");

  await user.click(extendButton());

  expect(await screen.findByText("This hold has already been extended once.")).toBeVisible();
  expect(extendButton()).not.toBeInTheDocument();
  expect(screen.getByRole("timer")).toHaveTextContent(/Your seat is held for 12:/);
});

test("at zero the page says the hold expired, and paying is still possible", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi(answers());
  renderPage();
  await screen.findByRole("timer");
  await waitFor(() => expect(payButton()).toBeEnabled());

  advance(12.5 * 60 * 1000 - 1000);
  expect(screen.getByRole("timer")).toHaveTextContent("Your seat is held for 00:01");
  advance(1000);

  expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  expect(
    screen.getByText("The hold on your seat has expired. You can still pay if a seat is free."),
  ).toBeVisible();
  expect(extendButton()).not.toBeInTheDocument();
  expect(payButton()).toBeEnabled();
});

test("a payment refunded because the hold expired and the seat went says so, not success", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const message =
    "Your seat hold expired and the seat went to someone else. Your payment of $45.50 was refunded in full.";
  const fetch = stubApi(
    answers({
      // Paid, then refunded: the server's 409 with the payment and why.
      "/payments": respond(409, {
        message,
        result: { insertedId: 7 },
        ...makePayment({
          transactionId: "pi_late",
          participantName: "Ana Lopez",
          seats: 4,
          enroll: 2,
          status: "refunded",
          refundReason: message,
          refundedAt: hoursAgo(23),
          refundAmount: 45.5,
        }),
      }),
    }),
  );
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByText(message)).toBeVisible();
  expect(screen.queryByText(/Transaction complete/)).not.toBeInTheDocument();
  expect(payButton()).toBeDisabled();
  // The countdown has nothing left to count.
  expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  expect(posts(fetch, "/payments")).toHaveLength(1);
});

test("the school's refund policy is shown beside Pay", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi(answers());
  renderPage();

  const policy = await screen.findByRole("region", { name: "Refund policy" });
  expect(
    within(policy).getByText("Full refund until 14 days before the first meeting."),
  ).toBeVisible();
  expect(within(policy).getByText("Half from 13 to 7 days; nothing after.")).toBeVisible();
});

test("a free class holds no seat and shows no refund policy", async () => {
  const fetch = stubApi(answers({ [mySelections]: [makeSelection({ price: 0 })] }));
  renderPage();

  expect(await screen.findByRole("button", { name: "Enrol for free" })).toBeEnabled();
  expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "Refund policy" })).not.toBeInTheDocument();
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(0);
});
