import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { fakeStripe } from "../../../testing/fakeStripe";
import {
  asEnrolment,
  BEFORE_THE_INSTALMENTS,
  makeClass,
  makeScheduledClass,
  todayFrozenAt,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { MyEnrolledClassesPage } from "./MyEnrolledClassesPage";

todayFrozenAt(BEFORE_THE_INSTALMENTS);

// Stripe.js is the card provider's code, not ours: 3-D Secure gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

const myEnrolled = "/enrolledStudent/student%40camp.test";
const TRANSFER = "/api/enrolments/41/transfer";

// The summer season's classes, one of another season, and one of none.
const watercolor = makeClass({ nameClass: "Watercolor Basics", price: 120, seasonId: 3 });
const pottery = makeScheduledClass({ nameClass: "Pottery Wheel", price: 100, seasonId: 3 });
const clay = makeClass({ nameClass: "Clay Studio", price: 145, seasonId: 3 });
const autumnClay = makeClass({ nameClass: "Autumn Clay", price: 100, seasonId: 4 });
const origami = makeClass({ nameClass: "Origami", price: 60, seasonId: null });

const miasSeat = {
  ...asEnrolment(watercolor),
  enrolmentId: 41,
  participantId: 7,
  participantName: "Mia Lopez",
};
// After the move: Mia's seat is in Pottery Wheel.
const miasNewSeat = { ...asEnrolment(pottery), enrolmentId: 57, participantId: 7 };

function preview(overrides) {
  return {
    classId: pottery._id,
    className: "Pottery Wheel",
    participantName: "Mia Lopez",
    currentPrice: 120,
    newPrice: 100,
    difference: -20,
    fee: 5,
    withheldDiscount: 0,
    total: -15,
    cutoffOn: "2027-06-07",
    refusals: [],
    clientSecret: null,
    ...overrides,
  };
}

// Clay Studio costs more: $25.00 to pay, with no fee.
const toClay = preview({
  classId: clay._id,
  className: "Clay Studio",
  newPrice: 145,
  difference: 25,
  fee: 0,
  total: 25,
});

const moved = {
  enrolmentId: 57,
  classId: pottery._id,
  message: "Mia Lopez is now in Pottery Wheel. $15.00 is added to your account credit.",
  difference: -20,
  fee: 5,
  settledWith: "credit",
};

let stripe;
beforeEach(() => {
  stripe = fakeStripe();
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(stripe);
});

function answers(overrides = {}) {
  return {
    [myEnrolled]: [miasSeat],
    "/calendarFeed": { url: "https://camp.test/api/calendar/Zx81kQ3vR7yPq2LmT9sWc4.ics" },
    "/classes": [watercolor, pottery, clay, autumnClay, origami],
    [`/enrolments/41/transfer?classId=${pottery._id}`]: preview(),
    [`/enrolments/41/transfer?classId=${clay._id}`]: toClay,
    ...overrides,
  };
}

function renderPage(stubs) {
  const fetch = stubApi(stubs);
  const auth = signedIn("student");
  renderRoutes([{ path: "/dashboard/my-enrolled-classes", element: <MyEnrolledClassesPage /> }], {
    route: "/dashboard/my-enrolled-classes",
    auth,
  });
  return { fetch, auth, user: userEvent.setup() };
}

async function openDialog(user) {
  const card = within(await screen.findByRole("article", { name: "Watercolor Basics" }));
  await user.click(card.getByRole("button", { name: "Move to another class" }));
  return within(
    screen.getByRole("dialog", { name: "Move Watercolor Basics for Mia Lopez to another class" }),
  );
}

async function choose(user, dialog, className) {
  const picker = await dialog.findByRole("combobox", { name: "Move to" });
  await user.selectOptions(
    picker,
    dialog.getByRole("option", { name: new RegExp(`^${className} \\(`) }),
  );
}

// The dialog's amounts, as [name, amount].
function amounts(dialog) {
  return dialog
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling.textContent]);
}

function moves(fetch) {
  return fetch.mock.calls
    .filter(([url, init]) => init?.method === "POST" && url === TRANSFER)
    .map(([, init]) => JSON.parse(init.body));
}

test("Move to another class offers the season's other classes and shows what the move takes first", async () => {
  const { fetch, user } = renderPage(answers());
  const dialog = await openDialog(user);

  const picker = await dialog.findByRole("combobox", { name: "Move to" });
  expect(picker).toHaveFocus();
  expect(
    within(picker)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual([
    "Choose a class",
    "Pottery Wheel (Jun 14 – Jun 18 · Mon, Wed, Fri · 9:00 AM–12:00 PM)",
    "Clay Studio (Schedule to be announced)",
  ]);
  expect(dialog.getByRole("button", { name: "Move" })).toBeDisabled();

  await choose(user, dialog, "Pottery Wheel");

  await dialog.findByText("To give back");
  expect(amounts(dialog)).toEqual([
    ["New class", "Pottery Wheel"],
    ["Current price", "$120.00"],
    ["New price", "$100.00"],
    ["Difference", "−$20.00"],
    ["Transfer fee", "$5.00"],
    ["To give back", "$15.00"],
  ]);
  expect(dialog.getByText(/^Moves are possible until/)).toHaveTextContent(
    "Moves are possible until Mon, Jun 7, 2027.",
  );
  const where = within(dialog.getByRole("group", { name: "Where should the $15.00 go?" }));
  expect(where.getByRole("radio", { name: "Refund $15.00 to your card" })).toBeChecked();
  expect(where.getByRole("radio", { name: "Take $15.00 as account credit" })).not.toBeChecked();
  expect(dialog.getByRole("button", { name: "Move" })).toBeEnabled();
  expect(fetch.mock.calls.map(([url]) => url)).toContain(`${TRANSFER}?classId=${pottery._id}`);
  expect(moves(fetch)).toEqual([]);
  await expectNoSeriousA11yViolations();

  await user.click(dialog.getByRole("button", { name: "Keep this class" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(moves(fetch)).toEqual([]);
});

test("a move to a cheaper class gives the difference back as the family chose, and the list shows it", async () => {
  const stubs = answers({ [`POST ${TRANSFER.slice(4)}`]: respond(201, moved) });
  const { fetch, auth, user } = renderPage(stubs);
  const dialog = await openDialog(user);
  await choose(user, dialog, "Pottery Wheel");
  await user.click(await dialog.findByRole("radio", { name: "Take $15.00 as account credit" }));
  stubs[myEnrolled] = [miasNewSeat];

  await user.click(dialog.getByRole("button", { name: "Move" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith(moved.message));
  expect(moves(fetch)).toEqual([{ classId: pottery._id, settleWith: "credit", total: "-15.00" }]);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(await screen.findByRole("article", { name: "Pottery Wheel" })).toBeInTheDocument();
  expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "My Enrolled Classes" })).toHaveFocus();
});

test("a discount the family's other classes no longer earn is shown as kept from what goes back", async () => {
  const { user } = renderPage(
    answers({
      [`/enrolments/41/transfer?classId=${pottery._id}`]: preview({
        fee: 0,
        withheldDiscount: 12,
        total: -8,
      }),
    }),
  );
  const dialog = await openDialog(user);

  await choose(user, dialog, "Pottery Wheel");

  await dialog.findByText("To give back");
  expect(amounts(dialog)).toEqual([
    ["New class", "Pottery Wheel"],
    ["Current price", "$120.00"],
    ["New price", "$100.00"],
    ["Difference", "−$20.00"],
    ["Discount your other classes no longer earn", "$12.00"],
    ["To give back", "$8.00"],
  ]);
});

test("a move the school refuses says why, and cannot be confirmed", async () => {
  const { fetch, user } = renderPage(
    answers({
      [`/enrolments/41/transfer?classId=${clay._id}`]: {
        ...toClay,
        refusals: [{ code: "full", message: "Clay Studio has no seat left." }],
      },
    }),
  );
  const dialog = await openDialog(user);

  await choose(user, dialog, "Clay Studio");

  const why = await dialog.findByText("Clay Studio has no seat left.");
  expect(why.closest("[role=alert]")).toHaveTextContent(
    "This move is not possible:Clay Studio has no seat left.",
  );
  expect(dialog.queryByRole("radio")).not.toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Move" })).toBeDisabled();
  expect(moves(fetch)).toEqual([]);
});

test("a dearer class is paid by the card on file, through 3-D Secure when the bank asks", async () => {
  const { fetch, auth, user } = renderPage(answers());
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation((url, init) => {
    if (init?.method !== "POST" || url !== TRANSFER) return answer(url, init);
    return JSON.parse(init.body).paymentIntentId
      ? answerFor(url, init, 201, {
          ...moved,
          classId: clay._id,
          message: "Mia Lopez is now in Clay Studio.",
          difference: 25,
          fee: 0,
          settledWith: "card",
        })
      : answerFor(url, init, 402, {
          message: "Your bank asks you to confirm this payment.",
          requiresAction: true,
          clientSecret: "pi_3ds_secret_x",
          paymentIntentId: "pi_3ds",
        });
  });
  const dialog = await openDialog(user);
  await choose(user, dialog, "Clay Studio");

  const pay = await dialog.findByRole("button", { name: "Pay $25.00" });
  const payWith = within(dialog.getByRole("group", { name: "Pay with" }));
  expect(payWith.getByRole("radio", { name: "My card on file" })).toBeChecked();
  expect(payWith.getByRole("radio", { name: "My account credit" })).not.toBeChecked();
  expect(amounts(dialog)).toEqual([
    ["New class", "Clay Studio"],
    ["Current price", "$120.00"],
    ["New price", "$145.00"],
    ["Difference", "+$25.00"],
    ["To pay", "$25.00"],
  ]);
  await user.click(pay);

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Mia Lopez is now in Clay Studio."));
  expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_3ds_secret_x");
  expect(moves(fetch)).toEqual([
    { classId: clay._id, settleWith: "card", total: "25.00" },
    { classId: clay._id, settleWith: "card", total: "25.00", paymentIntentId: "pi_3ds" },
  ]);
});

test("a declined card, or a move refused meanwhile, keeps the dialog open with why", async () => {
  const stubs = answers({
    [`POST ${TRANSFER.slice(4)}`]: respond(402, { message: "Your card was declined." }),
  });
  const { fetch, auth, user } = renderPage(stubs);
  const dialog = await openDialog(user);
  await choose(user, dialog, "Clay Studio");
  await user.click(await dialog.findByRole("radio", { name: "My account credit" }));

  await user.click(dialog.getByRole("button", { name: "Pay $25.00" }));

  expect(await dialog.findByText("Your card was declined.")).toHaveFocus();
  expect(auth.notify).not.toHaveBeenCalled();

  stubs[`POST ${TRANSFER.slice(4)}`] = respond(409, {
    message: "Clay Studio has no seat left.",
    code: "full",
  });
  await user.click(dialog.getByRole("button", { name: "Pay $25.00" }));

  expect(await dialog.findByText("Clay Studio has no seat left.")).toHaveFocus();
  expect(moves(fetch)).toEqual([
    { classId: clay._id, settleWith: "credit", total: "25.00" },
    { classId: clay._id, settleWith: "credit", total: "25.00" },
  ]);
  // Refused, the move's preview is asked again, for the family to see it as it is now.
  await waitFor(() =>
    expect(
      fetch.mock.calls.filter(
        ([url, init]) => init.method === "GET" && url === `${TRANSFER}?classId=${clay._id}`,
      ),
    ).toHaveLength(2),
  );
  expect(screen.getByRole("dialog")).toBeInTheDocument();
  expect(auth.notify).not.toHaveBeenCalled();
});
