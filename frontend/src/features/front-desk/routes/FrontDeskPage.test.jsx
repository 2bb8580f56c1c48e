import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { loadStripeJs } from "../../../lib/loadStripeJs";
import { listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { fakeStripe } from "../../../testing/fakeStripe";
import { family, holder, mia } from "../../../testing/deskFixtures";
import { makeCheckoutLine, makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { FrontDeskPage } from "./FrontDeskPage";

jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

// A whole desk visit typed key by key (the family, a child's care record, the payment).
jest.setTimeout(30000);

const leo = { ...mia, id: 32, firstName: "Leo", name: "Leo Lopez", careMissing: [] };

// As the catalog lists it; the class's own answer adds its add-ons and questions.
const listed = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const watercolor = { ...listed, addOns: [], questions: [] };
const catalog = "/classes?status=Approved&page=1&page_size=24";

const opened = {
  id: 9,
  status: "open",
  lines: [makeCheckoutLine({ participantId: 31, participantName: "Mia Lopez", price: 60 })],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 60,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};
const paid = {
  checkout: { ...opened, status: "paid", clientSecret: null },
  payments: [],
};

function renderPage(answers = {}) {
  const fetch = stubApi({
    "/frontDesk/families?q=lopez": [family],
    [catalog]: listPage([listed], 1),
    "/classes/3": watercolor,
    ...answers,
  });
  renderRoutes([{ path: "/frontDesk", element: <FrontDeskPage /> }], {
    route: "/frontDesk",
    auth: signedIn("office"),
  });
  return { fetch, user: userEvent.setup() };
}

function sent(fetch, method, path) {
  const call = fetch.mock.calls.find(
    ([url, init]) => (init?.method ?? "GET") === method && String(url).endsWith(path),
  );
  return call && JSON.parse(call[1].body);
}

async function chooseLopez(user) {
  await user.type(screen.getByLabelText("Name, e-mail or telephone"), "lopez");
  await user.click(await screen.findByRole("button", { name: "Choose Ana Lopez" }));
}

async function checkOutWatercolorForMia(user) {
  await user.click(await screen.findByRole("button", { name: "Add Watercolor Basics for Mia" }));
  await user.click(screen.getByRole("button", { name: "Check out" }));
  await screen.findByRole("heading", { name: "Payment" });
}

beforeEach(() => {
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

test("the office finds a family by name and reads its children's care records", async () => {
  const { user } = renderPage();

  await chooseLopez(user);

  const children = screen.getByRole("list", { name: "Children" });
  expect(within(children).getByText("Mia Lopez")).toBeInTheDocument();
  expect(within(children).getByText("Still needed: emergency contacts")).toBeInTheDocument();
  expect(within(children).getByText("To sign online: liability waiver")).toBeInTheDocument();
  expect(within(children).queryByText("Ana Lopez")).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations(document.body);
});

test("a family new to the school is registered, and one already known is found instead", async () => {
  const { user, fetch } = renderPage({
    "POST /frontDesk/families": respond(409, {
      message: "ana@family.test already has an account: find the family instead.",
      code: "family_exists",
    }),
  });

  await user.type(screen.getByLabelText("Account holder's name"), "Ana Lopez");
  await user.type(screen.getByLabelText("E-mail"), "ana@family.test");
  await user.type(screen.getByLabelText("Telephone"), "555-0101");
  await user.click(screen.getByRole("button", { name: "Register the family" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "ana@family.test already has an account: find the family instead.",
  );
  expect(sent(fetch, "POST", "/frontDesk/families")).toEqual({
    name: "Ana Lopez",
    email: "ana@family.test",
    phone: "555-0101",
  });
});

test("a registered family is the desk's family at once", async () => {
  const { user } = renderPage({
    "POST /frontDesk/families": respond(201, { ...family, participants: [holder] }),
  });

  await user.type(screen.getByLabelText("Account holder's name"), "Ana Lopez");
  await user.type(screen.getByLabelText("E-mail"), "ana@family.test");
  await user.click(screen.getByRole("button", { name: "Register the family" }));

  expect(await screen.findByRole("heading", { name: "Ana Lopez" })).toBeInTheDocument();
  expect(screen.getByText("No children yet.")).toBeInTheDocument();
});

test("a child is added with the care record taken by phone", async () => {
  const { user, fetch } = renderPage({
    "POST /frontDesk/families/40/participants": respond(201, {
      ...leo,
      careToConfirm: true,
    }),
  });
  await chooseLopez(user);

  const form = within(screen.getByRole("region", { name: "Add a child" }));
  await user.type(form.getByLabelText("First name"), "Leo");
  await user.type(form.getByLabelText("Last name"), "Lopez");
  await user.type(form.getByLabelText("Date of birth"), "2018-03-04");
  const contacts = [
    ["Rosa Lopez", "Grandmother", "+14155550199"],
    ["Tomás Lopez", "Uncle", "+14155550142"],
  ];
  for (const [index, [name, relationship, phone]] of contacts.entries()) {
    const contact = within(form.getByRole("group", { name: `Emergency contact ${index + 1}` }));
    await user.type(contact.getByLabelText("Name"), name);
    await user.type(contact.getByLabelText("Relationship"), relationship);
    await user.type(contact.getByLabelText("Phone"), phone);
  }
  await user.click(form.getByRole("radio", { name: "Yes" }));
  await user.click(form.getByRole("button", { name: "Add the child" }));

  const children = screen.getByRole("list", { name: "Children" });
  expect(await within(children).findByText("Leo Lopez")).toBeInTheDocument();
  expect(
    within(children).getByText("Taken by phone, to be confirmed by the family"),
  ).toBeInTheDocument();
  const body = sent(fetch, "POST", "/frontDesk/families/40/participants");
  expect(body).toMatchObject({ firstName: "Leo", lastName: "Lopez", dateOfBirth: "2018-03-04" });
  expect(body.care).toMatchObject({
    emergencyContacts: [
      { name: "Rosa Lopez", relationship: "Grandmother", phone: "+14155550199" },
      { name: "Tomás Lopez", relationship: "Uncle", phone: "+14155550142" },
    ],
    photoConsent: "yes",
  });
});

test("a child already on the account has their care record taken by phone", async () => {
  const { user, fetch } = renderPage({
    "PUT /frontDesk/participants/31/care": {
      ...mia,
      careMissing: ["policy:liability-waiver"],
      careToConfirm: true,
    },
  });
  await chooseLopez(user);

  await user.click(screen.getByRole("button", { name: "Take Mia's care record by phone" }));
  const form = within(screen.getByRole("region", { name: "Mia's care record, taken by phone" }));
  const contacts = [
    ["Rosa Lopez", "Grandmother", "+14155550199"],
    ["Tomás Lopez", "Uncle", "+14155550142"],
  ];
  for (const [index, [name, relationship, phone]] of contacts.entries()) {
    const contact = within(form.getByRole("group", { name: `Emergency contact ${index + 1}` }));
    await user.type(contact.getByLabelText("Name"), name);
    await user.type(contact.getByLabelText("Relationship"), relationship);
    await user.type(contact.getByLabelText("Phone"), phone);
  }
  await user.click(form.getByRole("radio", { name: "No" }));
  await user.click(form.getByRole("button", { name: "Save Mia's care record" }));

  const children = screen.getByRole("list", { name: "Children" });
  expect(
    await within(children).findByText("Taken by phone, to be confirmed by the family"),
  ).toBeInTheDocument();
  expect(within(children).queryByText(/Still needed/)).not.toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "Mia's care record, taken by phone" })).toBeNull();
  expect(sent(fetch, "PUT", "/frontDesk/participants/31/care")).toMatchObject({
    emergencyContacts: [
      { name: "Rosa Lopez", relationship: "Grandmother", phone: "+14155550199" },
      { name: "Tomás Lopez", relationship: "Uncle", phone: "+14155550142" },
    ],
    photoConsent: "no",
  });
});

test("the office checks out a class for a child and takes cash", async () => {
  const { user, fetch } = renderPage({
    "POST /frontDesk/checkouts": respond(201, opened),
    "POST /frontDesk/checkouts/9/payment": respond(201, paid),
  });
  await chooseLopez(user);
  await checkOutWatercolorForMia(user);

  expect(sent(fetch, "POST", "/frontDesk/checkouts")).toEqual({
    familyId: 40,
    items: [{ classId: 3, participantId: 31 }],
    applyCredit: false,
  });
  await user.click(screen.getByRole("radio", { name: "Cash" }));
  await user.click(screen.getByRole("button", { name: "Take $60.00" }));

  expect(await screen.findByRole("heading", { name: "Paid and enrolled" })).toHaveFocus();
  expect(screen.getByText("Enrolled: Watercolor Basics for Mia Lopez")).toBeInTheDocument();
  expect(screen.getByText(/The receipt was sent to ana@family.test/)).toBeInTheDocument();
  expect(sent(fetch, "POST", "/frontDesk/checkouts/9/payment")).toEqual({
    method: "cash",
    total: "60.00",
    reference: "",
  });
  expect(loadStripeJs).toHaveBeenCalled();
});

test("a class paid by a plan is opened with it, and the card kept for the instalments", async () => {
  const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const byPlan = {
    ...watercolor,
    plans: [
      { id: 6, label: "Two parts", deposit: 30, instalments: [{ dueOn: inAMonth, amount: 30 }] },
    ],
  };
  const openedByPlan = { ...opened, total: 30, later: 30 };
  const { user, fetch } = renderPage({
    "/classes/3": byPlan,
    "POST /frontDesk/checkouts": respond(201, openedByPlan),
  });
  await chooseLopez(user);

  await user.click(await screen.findByRole("button", { name: "Add Watercolor Basics for Mia" }));
  await user.selectOptions(
    await screen.findByLabelText("How the family pays for Watercolor Basics"),
    "Two parts: $30.00 now",
  );
  await user.click(screen.getByRole("button", { name: "Check out" }));
  await screen.findByRole("heading", { name: "Payment" });

  expect(sent(fetch, "POST", "/frontDesk/checkouts").items).toEqual([
    { classId: 3, participantId: 31, planId: 6 },
  ]);
  expect(screen.getByText("Later, by instalments: $30.00")).toBeInTheDocument();
  expect(
    screen.getByRole("checkbox", { name: "The family agrees to keep this card on file" }),
  ).toBeChecked();
});

test("a cheque is not taken without its number", async () => {
  const { user, fetch } = renderPage({ "POST /frontDesk/checkouts": respond(201, opened) });
  await chooseLopez(user);
  await checkOutWatercolorForMia(user);

  await user.click(screen.getByRole("radio", { name: "Cheque" }));
  await user.click(screen.getByRole("button", { name: "Take $60.00" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Enter the cheque's number.");
  expect(sent(fetch, "POST", "/frontDesk/checkouts/9/payment")).toBeUndefined();
});

test("a card typed into Stripe's form is saved and charged, kept only if the family agrees", async () => {
  const stripe = fakeStripe();
  loadStripeJs.mockResolvedValue(stripe);
  const { user, fetch } = renderPage({
    "POST /frontDesk/checkouts": respond(201, opened),
    "POST /frontDesk/checkouts/9/payment": respond(201, paid),
  });
  await chooseLopez(user);
  await checkOutWatercolorForMia(user);

  await screen.findByLabelText("Card number");
  await user.click(
    screen.getByRole("checkbox", { name: "The family agrees to keep this card on file" }),
  );
  await user.click(screen.getByRole("button", { name: "Take $60.00" }));

  await screen.findByRole("heading", { name: "Paid and enrolled" });
  expect(stripe.confirmCardSetup).toHaveBeenCalledWith("seti_9_secret_abc", {
    payment_method: {
      card: stripe.card,
      billing_details: { email: "ana@family.test", name: "Ana Lopez" },
    },
  });
  expect(sent(fetch, "POST", "/frontDesk/checkouts/9/payment")).toEqual({
    method: "card",
    total: "60.00",
    reference: "",
    setupIntentId: "seti_123",
    keepCard: true,
  });
});

test("pay later e-mails the family a link and says where it went", async () => {
  const { user } = renderPage({
    "POST /frontDesk/checkouts": respond(201, opened),
    "POST /frontDesk/checkouts/9/payment": respond(202, {
      checkout: opened,
      linkSentTo: "ana@family.test",
    }),
  });
  await chooseLopez(user);
  await checkOutWatercolorForMia(user);

  await user.click(screen.getByRole("radio", { name: "Pay later: e-mail a link" }));
  await user.click(screen.getByRole("button", { name: "E-mail the link to ana@family.test" }));

  expect(await screen.findByRole("heading", { name: "Link sent" })).toBeInTheDocument();
  expect(
    screen.getByText(/e-mailed a link to pay \$60.00 online, at ana@family.test/),
  ).toBeInTheDocument();
});

test("a class the server cannot hold for a child is said at the top of the form", async () => {
  const { user } = renderPage({
    "POST /frontDesk/checkouts": respond(409, {
      message: "Watercolor Basics is full.",
      code: "class_full",
    }),
  });
  await chooseLopez(user);

  await user.click(await screen.findByRole("button", { name: "Add Watercolor Basics for Mia" }));
  await user.click(screen.getByRole("button", { name: "Check out" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Watercolor Basics is full.");
  await waitFor(() => expect(screen.queryByRole("heading", { name: "Payment" })).toBeNull());
});
