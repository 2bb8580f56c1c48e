import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { fakeStripe } from "../../../testing/fakeStripe";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { PaymentPage } from "./PaymentPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

beforeEach(() => {
  loadStripeJs.mockReset();
});

const mySelections = "/selectClass?email=student%40camp.test";
const CLIENT_SECRET = "seti_123_secret_abc";
// The seat is held for the family while they pay, as the server says on opening the page.
const HOLD_ENDS = new Date(Date.now() + 15 * 60 * 1000).toISOString();

function paymentFor(chosen, overrides) {
  return {
    result: { insertedId: 7 },
    _id: 7,
    transactionId: "pi_3Pay",
    email: "student@camp.test",
    studentName: "Sam Student",
    participantId: chosen.participantId,
    participantName: chosen.participantName,
    price: chosen.price,
    date: "2025-06-01T10:30:00Z",
    nameClass: chosen.nameClass,
    image: chosen.image,
    instructorEmail: chosen.instructorEmail,
    instructorName: chosen.instructorName,
    payId: chosen._id,
    classId: chosen.classId,
    seats: 3,
    enroll: 3,
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
    ...overrides,
  };
}

// A Stripe object shaped like Stripe.js's: elements().create("card") mounts an input.
function renderPage(id = 11) {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/payment/:id", element: <PaymentPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: `/dashboard/payment/${id}`, auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function payButton() {
  return screen.getByRole("button", { name: /^Pay/ });
}

function posts(fetch, path) {
  return fetch.mock.calls
    .filter(([url, init]) => init.method === "POST" && url === `/api${path}`)
    .map(([, init]) => JSON.parse(init.body));
}

function gets(fetch) {
  return fetch.mock.calls.filter(([, init]) => init.method === "GET").map(([url]) => url);
}

test("the page names the class and its price and asks for a client secret", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  renderPage();

  expect(await screen.findByRole("heading", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(document.title).toBe("Payment | Camp");
  expect(screen.getByText("$45.50")).toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Card details" })).toBeInTheDocument();
  await waitFor(() => expect(payButton()).toBeEnabled());
  // Only the selection: the price is confirmed with the payment itself.
  expect(posts(fetch, "/createPaymentIntent")).toEqual([{ payId: 11 }]);
  await expectNoSeriousA11yViolations();
});

test("a selection for a child names the child whose seat is paid for", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi({
    [mySelections]: [makeSelection({ participantId: 7, participantName: "Mia Lopez" })],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  renderPage();

  await screen.findByRole("heading", { name: "Watercolor Basics" });
  expect(screen.getByText("Mia Lopez")).toBeVisible();
  expect(screen.getByText("Mia Lopez").closest("p")).toHaveTextContent("For: Mia Lopez");
  await waitFor(() => expect(payButton()).toBeEnabled());
});

test("Pay stays disabled while Stripe.js is loading", async () => {
  let finishLoading;
  loadStripeJs.mockReturnValue(new Promise((resolve) => (finishLoading = resolve)));
  stubApi({
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  renderPage();

  await screen.findByRole("heading", { name: "Watercolor Basics" });
  await waitFor(() => expect(payButton()).toBeDisabled());
  await act(async () => finishLoading(fakeStripe()));
  await waitFor(() => expect(payButton()).toBeEnabled());
});

test("Pay stays disabled until the server hands over a client secret", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const fetch = stubApi({ [mySelections]: [makeSelection()] });
  const answer = fetch.getMockImplementation();
  let handOver;
  fetch.mockImplementation((url, init) => {
    if (!String(url).endsWith("/createPaymentIntent")) return answer(url, init);
    return new Promise((resolve) => {
      handOver = () =>
        resolve(
          answerFor(url, init, 200, {
            clientSecret: CLIENT_SECRET,
            holdExpiresAt: HOLD_ENDS,
            amountDue: 45.5,
            listPrice: 45.5,
            adjustments: [],
          }),
        );
    });
  });
  renderPage();

  await screen.findByRole("heading", { name: "Watercolor Basics" });
  await waitFor(() => expect(handOver).toBeDefined());
  expect(payButton()).toBeDisabled();
  await act(async () => handOver());
  await waitFor(() => expect(payButton()).toBeEnabled());
});

test("Pay is disabled while the payment is processing, then the transaction id shows", async () => {
  let finishSetup;
  const stripe = fakeStripe({
    confirmCardSetup: () => new Promise((resolve) => (finishSetup = resolve)),
  });
  loadStripeJs.mockResolvedValue(stripe);
  const chosen = makeSelection();
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(201, paymentFor(chosen)),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(payButton()).toBeDisabled();
  expect(payButton().closest("form")).toHaveAttribute("aria-busy", "true");
  expect(stripe.confirmCardSetup).toHaveBeenCalledWith(CLIENT_SECRET, {
    payment_method: {
      card: stripe.card,
      billing_details: { email: "student@camp.test", name: "Sam Student" },
    },
  });
  await act(async () => finishSetup({ setupIntent: { id: "seti_123", status: "succeeded" } }));

  expect(
    await screen.findByText("Transaction complete with transactionId: pi_3Pay"),
  ).toBeInTheDocument();
  expect(posts(fetch, "/payments")).toEqual([
    { payId: 11, setupIntentId: "seti_123", price: "45.50" },
  ]);
  expect(payButton()).toBeDisabled();
  // The selected classes are asked again (the paid one leaves the list).
  await waitFor(() =>
    expect(gets(fetch).filter((url) => url === `/api${mySelections}`)).toHaveLength(2),
  );
});

test("the class stays on the page after paying, though it leaves the selected list", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(201, paymentFor(chosen)),
  });
  const answer = fetch.getMockImplementation();
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  fetch.mockImplementation((url, init) =>
    String(url).endsWith(mySelections) ? answerFor(url, init, 200, []) : answer(url, init),
  );

  await user.click(payButton());

  expect(await screen.findByText(/Transaction complete/)).toBeInTheDocument();
  await waitFor(() =>
    expect(gets(fetch).filter((url) => url === `/api${mySelections}`)).toHaveLength(2),
  );
  expect(screen.getByRole("heading", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(screen.queryByText(/not among your selected classes/)).not.toBeInTheDocument();
});

test("Pay charges the amount due the server answers for this participant, not the class's price", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 40.5,
      listPrice: 45.5,
      adjustments: [{ kind: "sibling", label: "Sibling discount", amount: -5 }],
    },
    "/payments": respond(201, paymentFor(chosen, { price: 40.5 })),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(payButton()).toHaveTextContent("Pay $40.50");

  await user.click(payButton());

  expect(await screen.findByText(/Transaction complete/)).toBeInTheDocument();
  expect(posts(fetch, "/payments")).toEqual([
    { payId: 11, setupIntentId: "seti_123", price: "40.50" },
  ]);
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(1);
});

test("a card the provider declines shows its message in red and charges nothing", async () => {
  const stripe = fakeStripe({
    confirmCardSetup: async () => ({
      error: { type: "card_error", message: "Your card was declined." },
    }),
  });
  loadStripeJs.mockResolvedValue(stripe);
  const fetch = stubApi({
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Your card was declined.");
  expect(alert).toHaveClass("text-danger-emphasis");
  expect(posts(fetch, "/payments")).toEqual([]);
  expect(screen.queryByText(/Transaction complete/)).not.toBeInTheDocument();
  // The SetupIntent is still unused, so the cardholder can try another card at once.
  expect(payButton()).toBeEnabled();
});

test("a SetupIntent the card provider no longer has is replaced by a new one", async () => {
  const stripe = fakeStripe({
    confirmCardSetup: async (clientSecret) =>
      clientSecret === CLIENT_SECRET
        ? {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: "No such setupintent: 'seti_123'",
            },
          }
        : { setupIntent: { id: "seti_456", status: "succeeded" } },
  });
  loadStripeJs.mockResolvedValue(stripe);
  const chosen = makeSelection();
  const intent = { holdExpiresAt: HOLD_ENDS, amountDue: 45.5, listPrice: 45.5, adjustments: [] };
  const stubbed = stubApi({ [mySelections]: [chosen], "/payments": paymentFor(chosen) });
  // The server's second SetupIntent is a new one.
  const secrets = [CLIENT_SECRET, "seti_456_secret_def"];
  const fetch = jest.fn((url, init) =>
    String(url).endsWith("/createPaymentIntent")
      ? answerFor(url, init, 200, { clientSecret: secrets.shift(), ...intent })
      : stubbed(url, init),
  );
  global.fetch = fetch;
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "This payment form was renewed. Please press Pay again.",
  );
  await waitFor(() => expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2));
  expect(posts(fetch, "/payments")).toEqual([]);
  await waitFor(() => expect(payButton()).toBeEnabled());
  await user.click(payButton());
  expect(await screen.findByText(/Transaction complete/)).toBeInTheDocument();
  expect(stripe.confirmCardSetup).toHaveBeenLastCalledWith(
    "seti_456_secret_def",
    expect.anything(),
  );
  expect(posts(fetch, "/payments")).toEqual([
    { payId: 11, setupIntentId: "seti_456", price: "45.50" },
  ]);
});

test("a charge the bank refuses shows the server's message and asks for a new secret", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const fetch = stubApi({
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(402, { message: "Your card has insufficient funds." }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByRole("alert")).toHaveTextContent("Your card has insufficient funds.");
  await waitFor(() => expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2));
});

test("a bank asking for 3-D Secure gets it, then the payment is recorded", async () => {
  const stripe = fakeStripe();
  loadStripeJs.mockResolvedValue(stripe);
  const chosen = makeSelection();
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) => {
    if (!String(url).endsWith("/payments")) return answer(url, init);
    const body = JSON.parse(init.body);
    const [status, reply] = body.setupIntentId
      ? [
          402,
          {
            message: "Your bank asks you to confirm this payment.",
            requiresAction: true,
            clientSecret: "pi_3ds_secret_x",
            paymentIntentId: "pi_3ds",
          },
        ]
      : [201, paymentFor(chosen, { transactionId: "pi_3ds" })];
    return answerFor(url, init, status, reply);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(
    await screen.findByText("Transaction complete with transactionId: pi_3ds"),
  ).toBeInTheDocument();
  expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_3ds_secret_x");
  expect(posts(fetch, "/payments")).toEqual([
    { payId: 11, setupIntentId: "seti_123", price: "45.50" },
    { payId: 11, paymentIntentId: "pi_3ds" },
  ]);
});

test("a payment refunded because the last seat went shows why", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(409, {
      message: "The last seat went to someone else; your payment was refunded.",
      ...paymentFor(chosen, { status: "refunded" }),
    }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The last seat went to someone else; your payment was refunded.",
  );
  expect(screen.queryByText(/Transaction complete/)).not.toBeInTheDocument();
  expect(payButton()).toBeDisabled();
});

test("a class that closed before paying says so and cannot be paid", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi({
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": respond(409, { message: "This class has no seats left." }),
  });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("This class has no seats left.");
  expect(payButton()).toBeDisabled();
});

test("a free class needs no card: one press enrols", async () => {
  const chosen = makeSelection({ price: 0 });
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/payments": respond(201, paymentFor(chosen, { transactionId: "free_11", price: 0 })),
  });
  const { user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Enrol for free" }));

  expect(await screen.findByText("You are enrolled in Watercolor Basics.")).toBeInTheDocument();
  expect(posts(fetch, "/payments")).toEqual([{ payId: 11 }]);
  expect(posts(fetch, "/createPaymentIntent")).toEqual([]);
  expect(loadStripeJs).not.toHaveBeenCalled();
  expect(screen.queryByRole("group", { name: "Card details" })).not.toBeInTheDocument();
});

test("a class that is not among the selections says so and links back", async () => {
  const fetch = stubApi({ [mySelections]: [makeSelection()] });
  const { user } = renderPage(99);

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("This class is not among your selected classes.");
  expect(posts(fetch, "/createPaymentIntent")).toEqual([]);
  await user.click(within(alert).getByRole("link", { name: "Back to My Selected Classes" }));
  expect(await screen.findByRole("heading", { name: "Other page" })).toBeInTheDocument();
});

test("while Stripe is slow the page says the payment is being confirmed, then shows it", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  let asked = 0;
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(202, {
      attemptId: 5,
      status: "confirming",
      message: "Your payment is being confirmed with the bank. This page updates by itself.",
      payment: null,
    }),
  });
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) => {
    if (!String(url).endsWith("/payments/attempts/5")) return answer(url, init);
    asked += 1;
    // The attempt carries the payment alone, without the spec's result wrapper.
    const paid = paymentFor(chosen);
    delete paid.result;
    const body =
      asked === 1
        ? { attemptId: 5, status: "confirming", message: "", payment: null }
        : { attemptId: 5, status: "enrolled", message: "", payment: paid };
    return answerFor(url, init, 200, body);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(
    await screen.findByText(
      "Your payment is being confirmed with the bank. This page updates by itself.",
    ),
  ).toBeInTheDocument();
  expect(
    await screen.findByText(
      "Transaction complete with transactionId: pi_3Pay",
      {},
      { timeout: 6000 },
    ),
  ).toBeInTheDocument();
  expect(asked).toBe(2);
  expect(screen.queryByRole("alert")).toHaveTextContent("");
}, 10000);

test("a price changed since the page was opened is shown, and the new price is confirmed", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  let tries = 0;
  const fetch = stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
  });
  const answer = fetch.getMockImplementation();
  let setups = 0;
  fetch.mockImplementation((url, init) => {
    if (String(url).endsWith("/createPaymentIntent")) {
      // The second card form is asked for after the price moved: the server quotes the new one.
      setups += 1;
      const amountDue = setups === 1 ? 45.5 : 52;
      return answerFor(url, init, 200, {
        clientSecret: CLIENT_SECRET,
        holdExpiresAt: HOLD_ENDS,
        amountDue,
        listPrice: amountDue,
        adjustments: [],
      });
    }
    if (!String(url).endsWith("/api/payments")) return answer(url, init);
    tries += 1;
    const [status, body] =
      tries === 1
        ? [
            409,
            {
              message:
                "The price of this class is now $52.00. Please check the new price and confirm again.",
              currentPrice: "52.00",
            },
          ]
        : [201, paymentFor(chosen, { price: 52 })];
    return answerFor(url, init, status, body);
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());

  await user.click(payButton());

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The price of this class is now $52.00",
  );
  const newPay = await screen.findByRole("button", { name: "Pay $52.00" });
  await waitFor(() => expect(newPay).toBeEnabled());
  await user.click(newPay);

  expect(
    await screen.findByText("Transaction complete with transactionId: pi_3Pay"),
  ).toBeInTheDocument();
  expect(posts(fetch, "/payments").map((body) => body.price)).toEqual(["45.50", "52.00"]);
});

test("after Pay by keyboard, focus is on what it came to, and the receipt is a Tab away", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  const chosen = makeSelection();
  stubApi({
    [mySelections]: [chosen],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(201, paymentFor(chosen)),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  payButton().focus();

  await user.keyboard("{Enter}");

  const outcome = await screen.findByText("Transaction complete with transactionId: pi_3Pay");
  await waitFor(() => expect(outcome).toHaveFocus());
  await user.tab();
  expect(screen.getByRole("link", { name: "View your receipt" })).toHaveFocus();
  expect(screen.getByRole("link", { name: "View your receipt" })).toHaveAttribute(
    "href",
    "/dashboard/receipts/7",
  );
});

test("after a declined Pay, focus is on the reason", async () => {
  loadStripeJs.mockResolvedValue(fakeStripe());
  stubApi({
    [mySelections]: [makeSelection()],
    "/createPaymentIntent": {
      clientSecret: CLIENT_SECRET,
      holdExpiresAt: HOLD_ENDS,
      amountDue: 45.5,
      listPrice: 45.5,
      adjustments: [],
    },
    "/payments": respond(402, { message: "Your card has insufficient funds." }),
  });
  const { user } = renderPage();
  await waitFor(() => expect(payButton()).toBeEnabled());
  payButton().focus();

  await user.keyboard("{Enter}");

  const alert = await screen.findByRole("alert");
  await waitFor(() => expect(alert).toHaveTextContent("Your card has insufficient funds."));
  expect(alert).toHaveFocus();
});
