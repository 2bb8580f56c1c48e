import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  MATERIALS_FEE,
  POTTERY_WHEEL,
  SENSORY_NEEDS,
  T_SHIRT,
  WHAT_HELPS,
  makeQuoteLine,
} from "../../../testing/extrasFixtures";
import { makeCheckoutLine, makeClass, makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MySelectedClassesPage } from "./MySelectedClassesPage";

const mySelections = "/selectClass?email=student%40camp.test";
const ana = { participantId: 1, participantName: "Ana Lopez" };
const mia = { participantId: 7, participantName: "Mia Lopez" };

// Pottery asks the season's question (with its follow-up) and its own, charges a materials fee
// and sells a T-shirt; Watercolor, of the same season, asks the season's question only.
const pottery = makeClass({
  _id: 4,
  nameClass: "Pottery Wheel",
  seasonId: 1,
  addOns: [MATERIALS_FEE, T_SHIRT],
  questions: [POTTERY_WHEEL, SENSORY_NEEDS, WHAT_HELPS],
});
const watercolor = makeClass({
  _id: 3,
  nameClass: "Watercolor Basics",
  seasonId: 1,
  addOns: [],
  questions: [SENSORY_NEEDS, WHAT_HELPS],
});

const potteryForAna = makeSelection({ _id: 12, classId: 4, nameClass: "Pottery Wheel", ...ana });
const potteryForMia = makeSelection({ _id: 13, classId: 4, nameClass: "Pottery Wheel", ...mia });
const watercolorForMia = makeSelection({ _id: 14, ...mia });

const materials = { kind: "add_on", label: "Materials fee", amount: 15 };
const QUOTE = {
  total: 196.5,
  lines: [
    makeQuoteLine({ classId: 4, className: "Pottery Wheel", ...ana, adjustments: [materials] }),
    makeQuoteLine({ classId: 4, className: "Pottery Wheel", ...mia, adjustments: [materials] }),
    makeQuoteLine({ ...mia }),
  ],
};

const OPENED = {
  id: 5,
  status: "open",
  lines: [makeCheckoutLine()],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 60.5,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

function stubs(more = {}) {
  return {
    [mySelections]: [potteryForAna, potteryForMia, watercolorForMia],
    "/classes/3": watercolor,
    "/classes/4": pottery,
    "POST /checkouts/quote": QUOTE,
    ...more,
  };
}

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-selected-classes", element: <MySelectedClassesPage /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route: "/dashboard/my-selected-classes", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function panel() {
  return within(screen.getByRole("region", { name: "Check out together" }));
}

function item(name) {
  return within(panel().getByRole("region", { name }));
}

function posted(fetch, path) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === `/api${path}`)
    .map(([, init]) => JSON.parse(init.body));
}

async function answer(user, scope, question, choice) {
  await user.click(
    within(scope.getByRole("radiogroup", { name: question })).getByRole("radio", { name: choice }),
  );
}

test("each child answers the questions once, a follow-up appears only for its answer, and all are sent", async () => {
  const fetch = stubApi(stubs({ "POST /checkouts": respond(201, OPENED) }));
  const { user, router } = renderPage();
  const anas = await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  const forAna = within(anas);
  const forMia = item("Pottery Wheel for Mia Lopez");

  // The season's question is asked once for Mia, on her first class of the season.
  expect(
    panel().queryByRole("region", { name: "Watercolor Basics for Mia Lopez" }),
  ).not.toBeInTheDocument();
  expect(forAna.queryByRole("textbox", { name: "Tell us what helps" })).not.toBeInTheDocument();
  await answer(user, forAna, "Any sensory needs we should plan for?", "Yes");
  const helps = forAna.getByRole("textbox", { name: "Tell us what helps" });
  expect(helps).toHaveAccessibleDescription(
    "Quiet corners, ear defenders, breaks: whatever works for your child.",
  );
  expect(helps).toHaveAttribute("aria-required", "true");
  await user.type(helps, "A quiet corner");
  await answer(user, forAna, "Has your child used a pottery wheel?", "No");
  await answer(user, forMia, "Any sensory needs we should plan for?", "No");
  expect(forMia.queryByRole("textbox", { name: "Tell us what helps" })).not.toBeInTheDocument();
  await answer(user, forMia, "Has your child used a pottery wheel?", "Yes");
  // Yes, then no: the follow-up goes, and its answer is not sent.
  await answer(user, forAna, "Any sensory needs we should plan for?", "No");
  expect(forAna.queryByRole("textbox", { name: "Tell us what helps" })).not.toBeInTheDocument();
  await answer(user, forAna, "Any sensory needs we should plan for?", "Yes");

  await user.click(forMia.getByRole("checkbox", { name: "T-shirt" }));
  await user.selectOptions(forMia.getByLabelText("T-shirt: option"), "S · 2 left");
  await user.click(panel().getByRole("button", { name: "Check out" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  expect(posted(fetch, "/checkouts")).toEqual([
    {
      items: [
        {
          classId: 4,
          participantId: 1,
          answers: { 103: false, 101: true, 102: "A quiet corner" },
        },
        {
          classId: 4,
          participantId: 7,
          addOns: [{ id: 2, optionId: 21 }],
          answers: { 103: true, 101: false },
        },
        { classId: 3, participantId: 7 },
      ],
      applyCredit: false,
    },
  ]);
});

test("a required add-on is included with its price, a sold-out size is off, and the total is the quote's", async () => {
  const fetch = stubApi(stubs());
  const { user } = renderPage();
  await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  const forAna = item("Pottery Wheel for Ana Lopez");

  // No control for the fee: it is charged whatever is ticked.
  expect(forAna.getByText("Materials fee")).toBeInTheDocument();
  expect(forAna.getByText("$15.00 · Included")).toBeInTheDocument();
  expect(forAna.queryByRole("checkbox", { name: "Materials fee" })).not.toBeInTheDocument();
  expect(await panel().findByText(/^3 classes: \$196\.50/)).toBeInTheDocument();
  expect(panel().getByText("Includes Materials fee $30.00")).toBeInTheDocument();

  await user.click(forAna.getByRole("checkbox", { name: "T-shirt" }));
  const size = forAna.getByLabelText("T-shirt: option");
  expect(within(size).getByRole("option", { name: "M · Sold out" })).toBeDisabled();
  expect(within(size).getByRole("option", { name: "S · 2 left" })).toBeEnabled();
  expect(within(size).getByRole("option", { name: "L" })).toBeEnabled();
  await user.selectOptions(size, "L");

  // The quote is asked with the T-shirt chosen, without the answers.
  await waitFor(() =>
    expect(posted(fetch, "/checkouts/quote").at(-1)).toEqual({
      items: [
        { classId: 4, participantId: 1, addOns: [{ id: 2, optionId: 23 }] },
        { classId: 4, participantId: 7 },
        { classId: 3, participantId: 7 },
      ],
    }),
  );
  await expectNoSeriousA11yViolations();
});

test("unanswered questions and a T-shirt without a size stop the checkout, each beside its field", async () => {
  const fetch = stubApi(stubs());
  const { user } = renderPage();
  await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  const forAna = item("Pottery Wheel for Ana Lopez");
  await user.click(forAna.getByRole("checkbox", { name: "T-shirt" }));
  await answer(user, forAna, "Any sensory needs we should plan for?", "Yes");

  await user.click(panel().getByRole("button", { name: "Check out" }));

  const summary = await panel().findByRole("alert");
  expect(summary).toHaveFocus();
  expect(summary).toHaveTextContent("Ana Lopez: Please answer “Tell us what helps”.");
  expect(summary).toHaveTextContent(
    "Mia Lopez: Please answer “Has your child used a pottery wheel?”.",
  );
  expect(summary).toHaveTextContent("Ana Lopez, Pottery Wheel, T-shirt: Choose an option.");
  expect(forAna.getByRole("textbox", { name: "Tell us what helps" })).toHaveAccessibleDescription(
    expect.stringContaining("Ana Lopez: Please answer “Tell us what helps”."),
  );
  expect(forAna.getByLabelText("T-shirt: option")).toHaveAccessibleDescription(
    "Ana Lopez, Pottery Wheel, T-shirt: Choose an option.",
  );
  // Its link takes the focus to the field.
  await user.click(
    within(summary).getByRole("link", { name: "Ana Lopez: Please answer “Tell us what helps”." }),
  );
  expect(forAna.getByRole("textbox", { name: "Tell us what helps" })).toHaveFocus();
  expect(posted(fetch, "/checkouts")).toEqual([]);
});

// The one error shape's `errors` lists each field's messages; the answers' come as an object
// by question id (core/api.py KEYED_FIELDS), which the schema's Error does not say yet.

async function answerAll(user) {
  const forAna = item("Pottery Wheel for Ana Lopez");
  const forMia = item("Pottery Wheel for Mia Lopez");
  await answer(user, forAna, "Any sensory needs we should plan for?", "No");
  await answer(user, forAna, "Has your child used a pottery wheel?", "No");
  await answer(user, forMia, "Any sensory needs we should plan for?", "No");
  await answer(user, forMia, "Has your child used a pottery wheel?", "No");
  await user.click(forMia.getByRole("checkbox", { name: "T-shirt" }));
  await user.selectOptions(forMia.getByLabelText("T-shirt: option"), "S · 2 left");
}

test("the server's refusal of an answer is shown on its question, for the child it names", async () => {
  stubApi(
    stubs({
      "POST /checkouts": respond(400, {
        message: "Mia Lopez: Please answer “Has your child used a pottery wheel?”.",
        errors: {
          answers: { 103: ["Mia Lopez: Please answer “Has your child used a pottery wheel?”."] },
        },
      }),
    }),
  );
  const { user, router } = renderPage();
  await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  await answerAll(user);

  await user.click(panel().getByRole("button", { name: "Check out" }));

  const summary = await panel().findByRole("alert");
  expect(summary).toHaveTextContent(
    "Mia Lopez: Please answer “Has your child used a pottery wheel?”.",
  );
  expect(
    item("Pottery Wheel for Mia Lopez").getByRole("radiogroup", {
      name: "Has your child used a pottery wheel?",
    }),
  ).toHaveAccessibleDescription("Mia Lopez: Please answer “Has your child used a pottery wheel?”.");
  expect(
    item("Pottery Wheel for Ana Lopez").getByRole("radiogroup", {
      name: "Has your child used a pottery wheel?",
    }),
  ).not.toHaveAccessibleDescription();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
});

test("the server's refusal of an add-on, naming the item by its place, is shown on its field", async () => {
  stubApi(
    stubs({
      "POST /checkouts": respond(400, {
        message: "Please check these fields: addOns.",
        errors: { addOns: ["Item 2: T-shirt: choose one of its options."] },
      }),
    }),
  );
  const { user } = renderPage();
  await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  await answerAll(user);

  await user.click(panel().getByRole("button", { name: "Check out" }));

  expect(await panel().findByRole("alert")).toHaveTextContent(
    "Item 2: T-shirt: choose one of its options.",
  );
  expect(
    item("Pottery Wheel for Mia Lopez").getByLabelText("T-shirt: option"),
  ).toHaveAccessibleDescription("Item 2: T-shirt: choose one of its options.");
});

test("a size sold out as the seat is held is said beside the size, and nothing is held", async () => {
  const answers = stubs({
    "POST /checkouts": respond(409, {
      message: "Mia Lopez, Pottery Wheel: T-shirt (S) is sold out.",
      code: "add_on_sold_out",
      line: 1,
      classId: 4,
      participantId: 7,
    }),
  });
  stubApi(answers);
  const { user, router } = renderPage();
  await screen.findByRole("region", { name: "Pottery Wheel for Ana Lopez" });
  await answerAll(user);
  // Another family took the last small one meanwhile.
  const smallGone = T_SHIRT.options.map((option) =>
    option.id === 21 ? { ...option, left: 0 } : option,
  );
  answers["/classes/4"] = {
    ...pottery,
    addOns: [MATERIALS_FEE, { ...T_SHIRT, options: smallGone }],
  };

  await user.click(panel().getByRole("button", { name: "Check out" }));

  expect(await panel().findByRole("alert")).toHaveTextContent(
    "Mia Lopez, Pottery Wheel: T-shirt (S) is sold out.",
  );
  expect(
    item("Pottery Wheel for Mia Lopez").getByLabelText("T-shirt: option"),
  ).toHaveAccessibleDescription("Mia Lopez, Pottery Wheel: T-shirt (S) is sold out.");
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
  // What each size has left is asked again.
  expect(
    await within(item("Pottery Wheel for Mia Lopez").getByLabelText("T-shirt: option")).findByRole(
      "option",
      { name: "S · Sold out" },
    ),
  ).toBeDisabled();
});
