import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeAcceptance,
  makeCareRecord,
  makeCompleteCareRecord,
  makePolicy,
} from "../../../testing/careFixtures";
import { makeChild, makeSelection, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { fakeStripe } from "../../../testing/fakeStripe";
import { loadStripeJs } from "../../../lib/loadStripeJs";
import { PaymentPage } from "./PaymentPage";

// Stripe.js is the card provider's code, not ours: the page gets a stand-in Stripe object.
jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

// Filling a care record types a few hundred characters; on a busy machine that takes longer
// than the default five seconds.
jest.setTimeout(20_000);

const mySelections = "/selectClass?email=student%40camp.test";
const mia = makeChild({ dateOfBirth: "2019-01-01" });
const forMia = makeSelection({ participantId: 2, participantName: "Mia Lopez" });
const opened = {
  clientSecret: "seti_123_secret_abc",
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  amountDue: 45.5,
  listPrice: 45.5,
  adjustments: [],
};

function careIncomplete(missing) {
  return respond(409, {
    message: "Before Mia's first class the school needs: ...",
    code: "care_incomplete",
    participantId: 2,
    missing,
  });
}

beforeEach(() => {
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

function renderPage() {
  const rendered = renderRoutes([{ path: "/dashboard/payment/:id", element: <PaymentPage /> }], {
    route: "/dashboard/payment/11",
    auth: signedIn("student"),
  });
  return { ...rendered, user: userEvent.setup() };
}

function posts(fetch, path) {
  return fetch.mock.calls.filter(([url, init]) => init.method === "POST" && url === `/api${path}`);
}

function needs() {
  return within(screen.getByRole("region", { name: /first class the school needs/ }));
}

// The first list of the region: what is missing (the policies to sign list theirs below).
function missingShown() {
  return within(needs().getAllByRole("list")[0])
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

test("opening the payment for a child whose record is out of date asks for it, then opens", async () => {
  const answers = {
    [mySelections]: [forMia],
    "/participants": [myself, mia],
    "/policies": [makePolicy()],
    "/createPaymentIntent": careIncomplete(["confirmation", "policy:liability-waiver"]),
    "/participants/2/care": makeCompleteCareRecord({
      complete: false,
      missing: ["confirmation", "policy:liability-waiver"],
      needsConfirmation: true,
      confirmedAt: "2026-05-02T10:00:00-07:00",
    }),
    "POST /participants/2/care/confirmation": makeCompleteCareRecord({
      complete: false,
      missing: ["policy:liability-waiver"],
    }),
    "/participants/2/care/history": [],
    "POST /policies/acceptances": respond(201, [makeAcceptance()]),
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();

  const heading = await screen.findByRole("heading", {
    name: "Before Mia's first class the school needs:",
  });
  // The card form gave way to this: the reader is taken to it.
  expect(heading).toHaveFocus();
  expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
  await waitFor(() =>
    expect(missingShown()).toEqual([
      "a check that Mia's care record is still correct",
      "the liability waiver",
    ]),
  );
  await expectNoSeriousA11yViolations();

  await user.click(needs().getByRole("button", { name: "Still correct" }));
  await waitFor(() => expect(missingShown()).toEqual(["the liability waiver"]));
  expect(posts(fetch, "/participants/2/care/confirmation")).toHaveLength(1);

  answers["/createPaymentIntent"] = opened;
  answers["/policies"] = [makePolicy({ due: [], accepted: [makeAcceptance()] })];
  const signature = within(needs().getByRole("form", { name: "Accept the school's policies" }));
  expect(signature.getByText("Liability waiver")).toBeVisible();
  await user.type(signature.getByLabelText("Type your full name to accept"), "Ana Lopez");
  await user.click(signature.getByRole("button", { name: "Accept" }));

  expect(
    await screen.findByText("Thank you: the school has everything it needs."),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("button", { name: /^Pay/ })).toBeEnabled());
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2);
  expect(posts(fetch, "/policies/acceptances").map(([, init]) => JSON.parse(init.body))).toEqual([
    { acceptances: [{ policyId: 1, participantId: 2 }], signedName: "Ana Lopez" },
  ]);
});

test("a record never filled in is filled in on the page, a section at a time", async () => {
  const answers = {
    [mySelections]: [forMia],
    "/participants": [myself, mia],
    "/policies": [],
    "/createPaymentIntent": careIncomplete(["record", "emergencyContacts", "photoConsent"]),
    "/participants/2/care": makeCareRecord(),
    "PATCH /participants/2/care": makeCompleteCareRecord({
      allergies: [],
      medications: [],
      pickups: [],
      photoConsent: null,
      complete: false,
      missing: ["photoConsent"],
    }),
    "/participants/2/care/history": [],
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();

  const form = within(
    await screen.findByRole("form", { name: "Mia's care record: emergency contacts" }),
  );
  expect(missingShown()).toEqual(["Mia's care record", "2 emergency contacts", "photo consent"]);
  const contacts = [
    ["Emergency contact 1", "Rosa Lopez", "Aunt", "415 555 0134"],
    ["Emergency contact 2", "Luis Lopez", "Grandfather", "415 555 0177"],
  ];
  for (const [group, name, relationship, phone] of contacts) {
    const row = within(form.getByRole("group", { name: group }));
    await user.type(row.getByLabelText("Name"), name);
    await user.type(row.getByLabelText("Relationship"), relationship);
    await user.type(row.getByLabelText("Phone"), phone);
  }
  await user.click(form.getByRole("button", { name: "Save emergency contacts" }));
  await waitFor(() => expect(screen.getByText("3 of 4 sections done")).toBeVisible());
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(1);

  const consent = within(screen.getByRole("form", { name: "Mia's care record: consent" }));
  answers["PATCH /participants/2/care"] = makeCompleteCareRecord({ photoConsent: false });
  answers["/createPaymentIntent"] = opened;
  await user.click(
    within(consent.getByRole("group", { name: "Photo consent" })).getByLabelText("No"),
  );
  await user.click(consent.getByRole("button", { name: "Save consent" }));

  await waitFor(() => expect(screen.getByRole("button", { name: /^Pay/ })).toBeEnabled());
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2);
  const saved = fetch.mock.calls
    .filter(([, init]) => init.method === "PATCH")
    .map(([, init]) => JSON.parse(init.body));
  expect(saved).toEqual([
    {
      emergencyContacts: [
        { name: "Rosa Lopez", relationship: "Aunt", phone: "415 555 0134" },
        { name: "Luis Lopez", relationship: "Grandfather", phone: "415 555 0177" },
      ],
    },
    { photoConsent: false },
  ]);
});

test("paying can be refused for the record too: nothing is charged, and the record is asked for", async () => {
  const answers = {
    [mySelections]: [forMia],
    "/participants": [myself, mia],
    "/policies": [],
    "/createPaymentIntent": opened,
    "/payments": careIncomplete(["photoConsent"]),
    "/participants/2/care": makeCompleteCareRecord({
      photoConsent: null,
      complete: false,
      missing: ["photoConsent"],
    }),
    "PATCH /participants/2/care": makeCompleteCareRecord(),
    "/participants/2/care/history": [],
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  const pay = await screen.findByRole("button", { name: /^Pay/ });
  await waitFor(() => expect(pay).toBeEnabled());

  await user.click(pay);

  const form = within(await screen.findByRole("form", { name: "Mia's care record: consent" }));
  expect(missingShown()).toEqual(["photo consent"]);
  expect(screen.queryByRole("alert")).toBeNull();
  await user.click(
    within(form.getByRole("group", { name: "Photo consent" })).getByLabelText("Yes"),
  );
  await user.click(form.getByRole("button", { name: "Save consent" }));

  // The payment is opened afresh: a new card setup, the seat held again.
  await waitFor(() => expect(screen.getByRole("button", { name: /^Pay/ })).toBeEnabled());
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2);
});

test("paying for a free class can be refused for the record too", async () => {
  const free = makeSelection({ participantId: 2, participantName: "Mia Lopez", price: 0 });
  stubApi({
    [mySelections]: [free],
    "/participants": [myself, mia],
    "/policies": [makePolicy()],
    "/payments": careIncomplete(["policy:liability-waiver"]),
    "/participants/2/care": makeCompleteCareRecord({
      complete: false,
      missing: ["policy:liability-waiver"],
    }),
  });
  const { user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Enrol for free" }));

  await screen.findByRole("heading", { name: "Before Mia's first class the school needs:" });
  await waitFor(() => expect(missingShown()).toEqual(["the liability waiver"]));
  expect(needs().getByRole("form", { name: "Accept the school's policies" })).toBeVisible();
  expect(screen.queryByRole("alert")).toBeNull();
});

test("the family may ask to open the payment again, after doing it elsewhere", async () => {
  const answers = {
    [mySelections]: [forMia],
    "/participants": [myself, mia],
    "/policies": [makePolicy({ due: [], accepted: [makeAcceptance()] })],
    "/createPaymentIntent": careIncomplete(["policy:liability-waiver"]),
    "/participants/2/care": makeCompleteCareRecord(),
  };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  const retry = await screen.findByRole("button", {
    name: "I have done all this: open the payment again",
  });
  answers["/createPaymentIntent"] = opened;

  await user.click(retry);

  await waitFor(() => expect(screen.getByRole("button", { name: /^Pay/ })).toBeEnabled());
  expect(posts(fetch, "/createPaymentIntent")).toHaveLength(2);
});
