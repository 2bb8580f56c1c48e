import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  LUNCH,
  MATERIALS_FEE,
  SENSORY_NEEDS,
  WHAT_HELPS,
  makeQuoteLine,
} from "../../../testing/extrasFixtures";
import {
  makeChance,
  makeCheckoutLine,
  makeChild,
  makeScheduledClass,
  makeSeason,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

// Many ticks, each validating the form again, and an axe pass.
jest.setTimeout(20_000);

function day(id, startsOn) {
  return {
    id,
    label: `Day ${startsOn}`,
    startsOn,
    endsOn: startsOn,
    seats: 16,
    seatsFree: 10,
    price: 60,
  };
}
// Three days in a row, two months from the test's today: days to come, whenever it runs.
function isoDaysFromNow(days) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
const [FIRST, SECOND, THIRD] = [60, 61, 62].map(isoDaysFromNow);
const DAYS = [day(81, FIRST), day(82, SECOND), day(83, THIRD)];
// A class sold by the day: lunch on each day booked, a required materials fee, the season's
// question with its follow-up.
const youngMakers = makeScheduledClass({
  _id: 8,
  nameClass: "Young Makers Studio",
  price: 60,
  booking: "days",
  units: DAYS,
  seasonId: 3,
  addOns: [MATERIALS_FEE, LUNCH],
  questions: [SENSORY_NEEDS, WHAT_HELPS],
});
const mia = makeChild({ lastName: "Lopez" });
const eligibility = "/eligibility?classIds=81,82,83";
const chances = {
  classes: Object.fromEntries(DAYS.map((unit) => [unit.id, [makeChance(mia)]])),
};
const lunch = { kind: "add_on", label: "Lunch", amount: 8 };
const fee = { kind: "add_on", label: "Materials fee", amount: 15 };
const QUOTE = {
  total: 151,
  lines: [
    makeQuoteLine({
      classId: 81,
      className: "Young Makers Studio",
      unitOf: 8,
      participantId: 2,
      participantName: "Mia Lopez",
      listPrice: 60,
      adjustments: [fee, lunch],
      price: 83,
    }),
    makeQuoteLine({
      classId: 82,
      className: "Young Makers Studio",
      unitOf: 8,
      participantId: 2,
      participantName: "Mia Lopez",
      listPrice: 60,
      adjustments: [],
      price: 60,
    }),
  ],
};
const OPENED = {
  id: 5,
  status: "open",
  lines: [makeCheckoutLine({ classId: 81, className: "Young Makers Studio", participantId: 2 })],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 151,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

function renderPage(stubs = {}) {
  const fetch = stubApi({
    "/classes/8": youngMakers,
    "/seasons": [makeSeason({ id: 3 })],
    "/participants": [mia],
    [eligibility]: chances,
    "POST /checkouts/quote": QUOTE,
    "POST /checkouts": respond(201, OPENED),
    ...stubs,
  });
  const rendered = renderRoutes(
    [
      { path: "/classes/:id", element: <ClassPage /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route: "/classes/8", auth: signedIn("student") },
  );
  return { ...rendered, fetch, user: userEvent.setup() };
}

function posted(fetch, path) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === `/api${path}`)
    .map(([, init]) => JSON.parse(init.body));
}

test("lunch is offered on each day booked, the fee is included, and the questions are answered", async () => {
  const { fetch, user, router } = renderPage();
  const panel = within(await screen.findByRole("region", { name: "Book days" }));
  const days = within(await panel.findByRole("group", { name: "Days to book" }));
  await user.click(days.getByRole("checkbox", { name: `Day ${FIRST}` }));
  await user.click(days.getByRole("checkbox", { name: `Day ${SECOND}` }));

  const extras = within(panel.getByRole("region", { name: "Young Makers Studio for Mia Lopez" }));
  expect(extras.getByText("$15.00 · Included")).toBeInTheDocument();
  const lunchDays = within(extras.getByRole("group", { name: "Lunch" }));
  expect(lunchDays.getAllByRole("checkbox").map((box) => box.labels[0].textContent)).toEqual([
    `Day ${FIRST}`,
    `Day ${SECOND}`,
  ]);
  await user.click(lunchDays.getByRole("checkbox", { name: `Day ${FIRST}` }));
  expect(await panel.findByText("Total: $151.00")).toBeInTheDocument();
  expect(panel.getByText("Includes Materials fee $15.00, Lunch $8.00")).toBeInTheDocument();
  await waitFor(() =>
    expect(posted(fetch, "/checkouts/quote").at(-1)).toEqual({
      items: [
        {
          classId: 8,
          participantId: 2,
          units: [81, 82],
          extendedCare: [],
          addOns: [{ id: 3, units: [81] }],
        },
      ],
    }),
  );

  const sensory = within(
    extras.getByRole("radiogroup", { name: "Any sensory needs we should plan for?" }),
  );
  await user.click(sensory.getByRole("radio", { name: "Yes" }));
  await user.click(panel.getByRole("button", { name: "Check out" }));
  // The follow-up, shown for yes, is required: nothing is sent until it is answered.
  const summary = await panel.findByRole("alert");
  expect(summary).toHaveTextContent("Please answer “Tell us what helps”.");
  expect(posted(fetch, "/checkouts")).toEqual([]);
  await user.type(extras.getByRole("textbox", { name: "Tell us what helps" }), "Breaks");
  await expectNoSeriousA11yViolations();
  await user.click(panel.getByRole("button", { name: "Check out" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  expect(posted(fetch, "/checkouts")).toEqual([
    {
      items: [
        {
          classId: 8,
          participantId: 2,
          units: [81, 82],
          addOns: [{ id: 3, units: [81] }],
          answers: { 101: true, 102: "Breaks" },
        },
      ],
      applyCredit: false,
    },
  ]);
});

test("the server's refusal of an answer is shown beside its question", async () => {
  const { user } = renderPage({
    // The answers' errors come keyed by question id (core/api.py), which the Error schema
    // does not say yet.
    "POST /checkouts": respond(400, {
      message: "Mia Lopez: Please answer “Any sensory needs we should plan for?”.",
      errors: {
        answers: { 101: ["Mia Lopez: Please answer “Any sensory needs we should plan for?”."] },
      },
    }),
  });
  const panel = within(await screen.findByRole("region", { name: "Book days" }));
  const days = within(await panel.findByRole("group", { name: "Days to book" }));
  await user.click(days.getByRole("checkbox", { name: `Day ${THIRD}` }));
  const extras = within(panel.getByRole("region", { name: "Young Makers Studio for Mia Lopez" }));
  await user.click(
    within(
      extras.getByRole("radiogroup", { name: "Any sensory needs we should plan for?" }),
    ).getByRole("radio", { name: "No" }),
  );

  await user.click(panel.getByRole("button", { name: "Check out" }));

  const summary = await panel.findByRole("alert");
  expect(summary).toHaveTextContent(
    "Mia Lopez: Please answer “Any sensory needs we should plan for?”.",
  );
  expect(
    extras.getByRole("radiogroup", { name: "Any sensory needs we should plan for?" }),
  ).toHaveAccessibleDescription(
    "Mia Lopez: Please answer “Any sensory needs we should plan for?”.",
  );
});
