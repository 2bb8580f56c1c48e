import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCheckoutLine, makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MySelectedClassesPage } from "./MySelectedClassesPage";

const mySelections = "/selectClass?email=student%40camp.test";
const ana = { participantId: 1, participantName: "Ana Lopez" };
const mia = { participantId: 7, participantName: "Mia Lopez" };
const watercolorForAna = makeSelection({ ...ana });
const potteryForMia = makeSelection({ _id: 12, classId: 4, nameClass: "Pottery Wheel", ...mia });
const watercolorForMia = makeSelection({ _id: 13, ...mia });

// The checkout as POST /checkouts opens it: Ana's and Mia's classes held and priced.
const OPENED = {
  id: 5,
  status: "open",
  lines: [
    makeCheckoutLine(),
    {
      id: 22,
      classId: 4,
      className: "Pottery Wheel",
      participantId: 7,
      participantName: "Mia Lopez",
      listPrice: 45.5,
      adjustments: [{ kind: "code", label: "Code SPRING", amount: -5 }],
      price: 40.5,
      paymentId: null,
      planId: null,
      plans: [],
      dueNow: 40.5,
      schedule: [],
    },
  ],
  promoCode: "SPRING",
  promoCodeProblem: "",
  credit: 0,
  total: 86,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

function renderPage(route = "/dashboard/my-selected-classes") {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-selected-classes", element: <MySelectedClassesPage /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route, auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function panel() {
  return within(screen.getByRole("region", { name: "Check out together" }));
}

function checkOut() {
  return panel().getByRole("button", { name: "Check out" });
}

function opened(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === "/api/checkouts")
    .map(([, init]) => JSON.parse(init.body));
}

test("the ticked classes are held together with the code and the credit, and the checkout opens", async () => {
  const fetch = stubApi({
    [mySelections]: [watercolorForAna, potteryForMia, watercolorForMia],
    "POST /checkouts": respond(201, OPENED),
  });
  const { user, router } = renderPage();
  await screen.findByRole("heading", { level: 2, name: "Check out together" });

  const boxes = panel().getAllByRole("checkbox", { name: / for / });
  expect(boxes.map((box) => box.labels[0].textContent)).toEqual([
    "Watercolor Basics for Ana Lopez",
    "Pottery Wheel for Mia Lopez",
    "Watercolor Basics for Mia Lopez",
  ]);
  boxes.forEach((box) => expect(box).toBeChecked());
  expect(panel().getByRole("checkbox", { name: "Use my account credit" })).not.toBeChecked();
  await user.click(panel().getByRole("checkbox", { name: "Watercolor Basics for Mia Lopez" }));
  await user.type(panel().getByLabelText("Promo code"), "SPRING");
  await user.click(panel().getByRole("checkbox", { name: "Use my account credit" }));
  await user.click(checkOut());

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  expect(opened(fetch)).toEqual([
    {
      items: [
        { classId: 3, participantId: 1 },
        { classId: 4, participantId: 7 },
      ],
      promoCode: "SPRING",
      applyCredit: true,
    },
  ]);
});

test("without a code or credit only the classes are sent", async () => {
  const fetch = stubApi({
    [mySelections]: [makeSelection({ participantName: "" })],
    "POST /checkouts": respond(201, { ...OPENED, lines: [OPENED.lines[0]], promoCode: null }),
  });
  const { user, router } = renderPage();
  await screen.findByRole("heading", { level: 2, name: "Check out together" });

  // A selection with no participant named reads as the class alone.
  expect(panel().getByRole("checkbox", { name: "Watercolor Basics" })).toBeChecked();
  await user.click(checkOut());

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  expect(opened(fetch)).toEqual([
    { items: [{ classId: 3, participantId: 1 }], applyCredit: false },
  ]);
});

test("Check out is off while no class is ticked", async () => {
  stubApi({ [mySelections]: [watercolorForAna, potteryForMia] });
  const { user } = renderPage();
  await screen.findByRole("heading", { level: 2, name: "Check out together" });

  await user.click(panel().getByRole("checkbox", { name: "Watercolor Basics for Ana Lopez" }));
  expect(checkOut()).toBeEnabled();
  await user.click(panel().getByRole("checkbox", { name: "Pottery Wheel for Mia Lopez" }));

  expect(checkOut()).toBeDisabled();
});

test("a code the server does not know is shown, and the family stays to change it", async () => {
  stubApi({
    [mySelections]: [watercolorForAna, potteryForMia],
    "POST /checkouts": respond(400, {
      message: "Please check these fields: promoCode.",
      errors: { promoCode: ["No such code."] },
    }),
  });
  const { user, router } = renderPage();
  await screen.findByRole("heading", { level: 2, name: "Check out together" });
  await user.type(panel().getByLabelText("Promo code"), "NOPE");

  await user.click(checkOut());

  const alert = await panel().findByRole("alert");
  expect(alert).toHaveTextContent("No such code.");
  expect(alert).toHaveFocus();
  expect(panel().getByLabelText("Promo code")).toHaveAccessibleDescription(
    "Promo code: No such code.",
  );
  expect(panel().getByLabelText("Promo code")).toHaveAttribute("aria-invalid", "true");
  // In the family's words, with a way back to the field.
  expect(alert).not.toHaveTextContent("promoCode");
  await user.click(within(alert).getByRole("link", { name: "Promo code: No such code." }));
  expect(panel().getByLabelText("Promo code")).toHaveFocus();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
  expect(checkOut()).toBeEnabled();
  await expectNoSeriousA11yViolations();
});

test("a class that cannot be held is named, and nothing is held", async () => {
  stubApi({
    [mySelections]: [watercolorForAna, potteryForMia],
    "POST /checkouts": respond(409, {
      message: "Mia Lopez, Pottery Wheel: This class is full.",
      code: "class_full",
      line: 1,
      classId: 4,
      participantId: 7,
    }),
  });
  const { user, router } = renderPage();
  await screen.findByRole("heading", { level: 2, name: "Check out together" });

  await user.click(checkOut());

  expect(await panel().findByRole("alert")).toHaveTextContent(
    "Mia Lopez, Pottery Wheel: This class is full.",
  );
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
});

test("the panel offers every selection of the family while the cards show one participant", async () => {
  stubApi({
    [mySelections]: [watercolorForAna, potteryForMia],
    [`${mySelections}&participant=7`]: [potteryForMia],
  });
  renderPage("/dashboard/my-selected-classes?participant=7");

  await screen.findByRole("heading", { level: 2, name: "Check out together" });
  await waitFor(() =>
    expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument(),
  );
  expect(panel().getAllByRole("checkbox", { name: / for / })).toHaveLength(2);
});

test("with nothing selected there is nothing to check out", async () => {
  stubApi({ [mySelections]: [] });
  renderPage();

  await screen.findByText(/You have not selected any classes yet\./);
  expect(screen.queryByRole("heading", { name: "Check out together" })).not.toBeInTheDocument();
});
