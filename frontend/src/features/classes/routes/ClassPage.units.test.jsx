import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeChance,
  makeCheckoutLine,
  makeChild,
  makeScheduledClass,
  makeSeason,
  myself,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

// A walk of many ticks, each validating the form again, and an axe pass: past the default
// five seconds on a busy machine.
jest.setTimeout(20_000);

// A day camp sold by the week: three weeks, the third full.
function week(id, number, startsOn, endsOn, seatsFree = 12) {
  return {
    id,
    label: `Week ${number}: ${startsOn}`,
    startsOn,
    endsOn,
    seats: 16,
    seatsFree,
    price: 245,
  };
}
const WEEKS = [
  week(71, 1, "2027-06-14", "2027-06-18"),
  week(72, 2, "2027-06-21", "2027-06-25", 1),
  week(73, 3, "2027-06-28", "2027-07-02", 0),
];
const artExplorers = makeScheduledClass({
  _id: 7,
  nameClass: "Art Explorers",
  price: 245,
  booking: "weeks",
  units: WEEKS,
  seasonId: 3,
});
const BEFORE = {
  id: 8,
  kind: "before",
  label: "Before-care",
  startTime: "07:30",
  endTime: "09:00",
  pricePerDay: 15,
  pricePerWeek: 60,
  seats: 20,
};
const AFTER = {
  id: 9,
  kind: "after",
  label: "After-care",
  startTime: "15:00",
  endTime: "18:00",
  pricePerDay: 25,
  pricePerWeek: 100,
  seats: 20,
};
const season = makeSeason({ id: 3, extendedCare: [BEFORE, AFTER] });

const mia = makeChild({ lastName: "Lopez" });
const leo = makeChild({ _id: 3, firstName: "Leo", lastName: "Lopez" });
const forChildren = { kind: "age", reason: "Ages 6–9: this class is for children." };
const eligibility = "/eligibility?classIds=71,72,73";
const chances = {
  classes: Object.fromEntries(
    WEEKS.map((unit) => [
      unit.id,
      [makeChance(myself, forChildren), makeChance(mia), makeChance(leo)],
    ]),
  ),
};

function quoteLine(unitId, participant, price) {
  return {
    classId: unitId,
    className: "Art Explorers",
    unitOf: 7,
    unitLabel: "",
    extendedCareId: null,
    participantId: participant._id,
    participantName: `${participant.firstName} ${participant.lastName}`,
    listPrice: 245,
    adjustments: [],
    price,
  };
}

const OPENED = {
  id: 5,
  status: "open",
  lines: [makeCheckoutLine({ classId: 71, className: "Art Explorers", participantId: 2 })],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 45.5,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

function renderPage(stubs = {}, auth = signedIn("student")) {
  const fetch = stubApi({
    "/classes/7": artExplorers,
    "/seasons": [season],
    "/participants": [myself, mia, leo],
    [eligibility]: chances,
    "POST /checkouts/quote": { total: 735, lines: [quoteLine(71, mia, 245)] },
    "POST /checkouts": respond(201, OPENED),
    ...stubs,
  });
  const rendered = renderRoutes(
    [
      { path: "/classes/:id", element: <ClassPage /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route: "/classes/7", auth },
  );
  return { ...rendered, fetch, user: userEvent.setup() };
}

function posted(fetch, path) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === `/api${path}`)
    .map(([, init]) => JSON.parse(init.body));
}

async function bookingPanel() {
  return within(await screen.findByRole("region", { name: "Book weeks" }));
}

test("a family ticks weeks and after-care for two children, reads the server's total and opens one checkout", async () => {
  const { fetch, user, router } = renderPage();
  const panel = await bookingPanel();
  expect(screen.queryByRole("button", { name: "Select" })).not.toBeInTheDocument();

  // The form comes in a chunk of its own, for a signed-in family only.
  const coming = within(await panel.findByRole("group", { name: "Who is coming?" }));
  // The account holder can take no week: off, with the server's reason.
  await waitFor(() => expect(coming.getByRole("checkbox", { name: "Myself" })).toBeDisabled());
  expect(coming.getByRole("checkbox", { name: "Myself" })).toHaveAccessibleDescription(
    forChildren.reason,
  );
  await user.click(coming.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(coming.getByRole("checkbox", { name: "Leo Lopez" }));

  const miaWeeks = within(panel.getByRole("group", { name: "Weeks for Mia Lopez" }));
  const full = miaWeeks.getByRole("checkbox", { name: "Week 3: 2027-06-28" });
  expect(full).toBeDisabled();
  expect(full).toHaveAccessibleDescription("$245.00 · Full");
  expect(
    miaWeeks.getByRole("checkbox", { name: "Week 2: 2027-06-21" }),
  ).toHaveAccessibleDescription("$245.00 · 1 seat left");
  await user.click(miaWeeks.getByRole("checkbox", { name: "Week 1: 2027-06-14" }));
  await user.click(miaWeeks.getByRole("checkbox", { name: "Week 2: 2027-06-21" }));
  const care = within(miaWeeks.getByRole("group", { name: "Extended care, Week 2: 2027-06-21" }));
  const afterCare = care.getByRole("checkbox", { name: "After-care, 3:00 PM–6:00 PM" });
  expect(afterCare).toHaveAccessibleDescription("$25.00 a day, $100.00 a whole week");
  await user.click(afterCare);
  const leoWeeks = within(panel.getByRole("group", { name: "Weeks for Leo Lopez" }));
  await user.click(leoWeeks.getByRole("checkbox", { name: "Week 1: 2027-06-14" }));

  expect(await panel.findByText("Total: $735.00")).toBeInTheDocument();
  const items = [
    {
      classId: 7,
      participantId: 2,
      units: [71, 72],
      extendedCare: [{ optionId: 9, units: [72] }],
    },
    { classId: 7, participantId: 3, units: [71], extendedCare: [] },
  ];
  await waitFor(() => expect(posted(fetch, "/checkouts/quote").at(-1)).toEqual({ items }));
  await expectNoSeriousA11yViolations();

  await user.click(panel.getByRole("button", { name: "Check out" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  expect(posted(fetch, "/checkouts")).toEqual([
    {
      items: [
        {
          classId: 7,
          participantId: 2,
          units: [71, 72],
          extendedCare: [{ optionId: 9, units: [72] }],
        },
        { classId: 7, participantId: 3, units: [71] },
      ],
      applyCredit: false,
    },
  ]);
});

test("a unit unticked takes its care with it", async () => {
  const { fetch, user } = renderPage();
  const panel = await bookingPanel();
  await user.click(await panel.findByRole("checkbox", { name: "Mia Lopez" }));
  const miaWeeks = within(panel.getByRole("group", { name: "Weeks for Mia Lopez" }));
  const firstWeek = miaWeeks.getByRole("checkbox", { name: "Week 1: 2027-06-14" });
  await user.click(firstWeek);
  await user.click(miaWeeks.getByRole("checkbox", { name: "Before-care, 7:30 AM–9:00 AM" }));
  await user.click(miaWeeks.getByRole("checkbox", { name: "Week 2: 2027-06-21" }));
  await user.click(firstWeek);

  expect(
    miaWeeks.queryByRole("group", { name: "Extended care, Week 1: 2027-06-14" }),
  ).not.toBeInTheDocument();
  await waitFor(() =>
    expect(posted(fetch, "/checkouts/quote").at(-1)).toEqual({
      items: [{ classId: 7, participantId: 2, units: [72], extendedCare: [] }],
    }),
  );
});

test("nothing chosen, or a child with no week, is said at the top and beside the group", async () => {
  const { fetch, user } = renderPage();
  const panel = await bookingPanel();
  const checkOut = await panel.findByRole("button", { name: "Check out" });

  await user.click(checkOut);

  const summary = await screen.findByRole("alert");
  expect(summary).toHaveTextContent("Choose who is coming.");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(panel.getByRole("group", { name: "Who is coming?" })).toHaveAccessibleDescription(
    "Choose who is coming.",
  );

  await user.click(panel.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(checkOut);

  await waitFor(() =>
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one week for Mia Lopez."),
  );
  expect(panel.getByRole("group", { name: "Weeks for Mia Lopez" })).toHaveAccessibleDescription(
    "Choose at least one week for Mia Lopez.",
  );
  expect(posted(fetch, "/checkouts")).toEqual([]);
});

test("the server's refusal is said in the summary, which takes the focus", async () => {
  const refusal = "After-care is full on Tue Jun 22.";
  const { user, router } = renderPage({
    "POST /checkouts": respond(409, { message: refusal, classId: 901, participantId: 2 }),
  });
  const panel = await bookingPanel();
  await user.click(await panel.findByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(panel.getByRole("checkbox", { name: "Week 1: 2027-06-14" }));

  await user.click(panel.getByRole("button", { name: "Check out" }));

  const summary = await screen.findByRole("alert");
  expect(summary).toHaveTextContent(refusal);
  await waitFor(() => expect(summary).toHaveFocus());
  expect(router.state.location.pathname).toBe("/classes/7");
});

test("a family of one books without being asked who is coming", async () => {
  const { fetch, user } = renderPage({
    "/participants": [myself],
    [eligibility]: {
      classes: Object.fromEntries(WEEKS.map((unit) => [unit.id, [makeChance(myself)]])),
    },
  });
  const panel = await bookingPanel();

  await user.click(await panel.findByRole("checkbox", { name: "Week 2: 2027-06-21" }));

  expect(panel.queryByRole("group", { name: "Who is coming?" })).not.toBeInTheDocument();
  expect(panel.getByRole("group", { name: "Weeks to book" })).toBeInTheDocument();
  await waitFor(() =>
    expect(posted(fetch, "/checkouts/quote").at(-1)).toEqual({
      items: [{ classId: 7, participantId: 1, units: [72], extendedCare: [] }],
    }),
  );
});

test("a week the server says a child cannot take is off, with its reason", async () => {
  const enrolled = { kind: "enrolled", reason: "Mia is already enrolled in this class." };
  renderPage({
    [eligibility]: {
      classes: {
        ...chances.classes,
        71: [makeChance(myself, forChildren), makeChance(mia, enrolled), makeChance(leo)],
      },
    },
  });
  const panel = await bookingPanel();
  await userEvent.click(await panel.findByRole("checkbox", { name: "Mia Lopez" }));

  const first = within(panel.getByRole("group", { name: "Weeks for Mia Lopez" })).getByRole(
    "checkbox",
    { name: "Week 1: 2027-06-14" },
  );
  await waitFor(() => expect(first).toBeDisabled());
  expect(first).toHaveAccessibleDescription(`$245.00 · 12 seats left ${enrolled.reason}`);
});

test("a visitor reads the weeks, their prices and seats, and is asked to sign in", async () => {
  const { user } = renderPage({}, visitor);
  const panel = await bookingPanel();

  expect(panel.queryByRole("checkbox")).not.toBeInTheDocument();
  expect(panel.getByText("Week 3: 2027-06-28")).toBeInTheDocument();
  expect(panel.getAllByText("Full")).toHaveLength(1);
  await user.click(panel.getByRole("button", { name: "Sign in to book" }));

  expect(await screen.findByRole("dialog")).toBeInTheDocument();
});

test("the page prices a series from its cheapest week and leaves its seats to the weeks", async () => {
  renderPage({}, visitor);
  await bookingPanel();

  expect(screen.getByText("From $245.00 / week")).toBeInTheDocument();
  expect(screen.queryByText("Available seats")).not.toBeInTheDocument();
});

test("a series sold by the day lists its days under their weeks", async () => {
  const day = (id, startsOn) => ({ ...week(id, 0, startsOn, startsOn), label: `Day ${startsOn}` });
  const DAYS = [day(81, "2027-06-17"), day(82, "2027-06-18"), day(83, "2027-06-21")];
  renderPage({
    "/classes/7": { ...artExplorers, booking: "days", units: DAYS },
    "/participants": [myself],
    "/eligibility?classIds=81,82,83": {
      classes: Object.fromEntries(DAYS.map((unit) => [unit.id, [makeChance(myself)]])),
    },
  });
  const panel = within(await screen.findByRole("region", { name: "Book days" }));

  const first = await panel.findByRole("group", { name: "Week of Jun 14" });
  const second = panel.getByRole("group", { name: "Week of Jun 21" });

  expect(
    within(first)
      .getAllByRole("checkbox")
      .map((box) => box.labels[0].textContent),
  ).toEqual(["Day 2027-06-17", "Day 2027-06-18"]);
  expect(within(second).getByRole("checkbox", { name: "Day 2027-06-21" })).toBeInTheDocument();
});

test("an extended care full on a day of a week is off for that week, and says so", async () => {
  const fullAfterCare = [
    { optionId: 8, seatsFree: 4 },
    { optionId: 9, seatsFree: 0 },
  ];
  const units = [{ ...WEEKS[0], extendedCare: fullAfterCare }, WEEKS[1], WEEKS[2]];
  const { user } = renderPage({
    "/classes/7": { ...artExplorers, units },
    "/participants": [myself],
    [eligibility]: {
      classes: Object.fromEntries(WEEKS.map((unit) => [unit.id, [makeChance(myself)]])),
    },
  });
  const panel = await bookingPanel();

  await user.click(await panel.findByRole("checkbox", { name: "Week 1: 2027-06-14" }));

  const care = panel.getByRole("group", { name: "Extended care, Week 1: 2027-06-14" });
  expect(within(care).getByRole("checkbox", { name: /After-care/ })).toBeDisabled();
  expect(within(care).getByText(/Full on a day of it/)).toBeInTheDocument();
  expect(within(care).getByRole("checkbox", { name: /Before-care/ })).toBeEnabled();
});
