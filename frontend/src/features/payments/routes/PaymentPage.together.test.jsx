import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCheckoutLine, makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { fakeStripe } from "../../../testing/fakeStripe";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { PaymentPage } from "./PaymentPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const mySelections = "/selectClass?email=student%40camp.test";
const watercolorForMia = makeSelection({ participantId: 7, participantName: "Mia Lopez" });
const potteryForLeo = makeSelection({
  _id: 12,
  classId: 4,
  nameClass: "Pottery Wheel",
  participantId: 8,
  participantName: "Leo Lopez",
});
const SETUP = {
  clientSecret: "seti_123_secret_abc",
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  amountDue: 45.5,
  listPrice: 45.5,
  adjustments: [],
};
const OPENED = {
  id: 5,
  status: "open",
  lines: [makeCheckoutLine()],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 86,
  later: 0,
  holdExpiresAt: SETUP.holdExpiresAt,
  clientSecret: "seti_9_secret_abc",
};

beforeEach(() => {
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/payment/:id", element: <PaymentPage /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route: "/dashboard/payment/11", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

test("with other classes selected, the family may check them all out together, this one included", async () => {
  const fetch = stubApi({
    [mySelections]: [watercolorForMia, potteryForLeo],
    "/createPaymentIntent": SETUP,
    "POST /checkouts": respond(201, OPENED),
  });
  const { user, router } = renderPage();

  expect(await screen.findByText(/Paying for more than one\?/)).toHaveTextContent(
    "Paying for more than one? Your 2 selected classes can be paid together with one payment, family discounts included.",
  );
  await expectNoSeriousA11yViolations();
  await user.click(screen.getByRole("button", { name: "Check out together" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  const opened = fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === "/api/checkouts")
    .map(([, init]) => JSON.parse(init.body));
  expect(opened).toEqual([
    {
      items: [
        { classId: 3, participantId: 7 },
        { classId: 4, participantId: 8 },
      ],
      applyCredit: false,
    },
  ]);
});

test("a single selected class is simply paid for", async () => {
  stubApi({ [mySelections]: [watercolorForMia], "/createPaymentIntent": SETUP });
  renderPage();

  expect(await screen.findByRole("heading", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Check out together" })).not.toBeInTheDocument();
});
