import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi as stubAnyApi } from "../../../testing/api";
import { makeAcceptance, makePolicy } from "../../../testing/careFixtures";
import { myself, makeChild } from "../../../testing/fixtures";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { watchDownloads } from "../../../testing/downloads";
import { FamilyPage } from "./FamilyPage";

// Birthdays on January 1, so the ages below hold whatever day the tests run.
const thisYear = new Date().getFullYear();

const mia = makeChild({
  dateOfBirth: `${thisYear - 8}-01-01`,
  notes: "Peanut allergy.",
  emergencyContactName: "Luis Lopez",
  emergencyContactPhone: "555-0100",
});

// The page asks for the school's policies, the front desk's log and each one's portfolio beside
// the family: none, unless a test gives some. (The answers stay the test's own object: a test
// changes them as the server would.)
function stubApi(answers) {
  if (!Object.hasOwn(answers, "/policies")) answers["/policies"] = [];
  if (!Object.hasOwn(answers, "/frontDesk/log")) answers["/frontDesk/log"] = [];
  for (const id of [1, 2, 3, 4]) answers[`/participants/${id}/artworks`] ??= [];
  return stubAnyApi(answers);
}

function renderPage() {
  const auth = signedIn("student");
  const rendered = renderRoutes([{ path: "/dashboard/family", element: <FamilyPage /> }], {
    route: "/dashboard/family",
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

function facts(name) {
  const list = screen.getByRole("article", { name }).querySelector("dl");
  return Object.fromEntries(
    [...list.querySelectorAll("dt")].map((term) => [
      term.textContent,
      term.nextElementSibling.textContent,
    ]),
  );
}

function addForm() {
  return within(screen.getByRole("form", { name: "Add a child" }));
}

// The family's own requests, the policies', the desk log's and the portfolios' GETs left out.
function requests(fetch) {
  return fetch.mock.calls
    .map(([url, init]) => `${init.method} ${url}`)
    .filter((request) => !["GET /api/policies", "GET /api/frontDesk/log"].includes(request))
    .filter((request) => !/^GET \/api\/participants\/\d+\/artworks$/.test(request));
}

// The server's answer to the page's POST, which stubApi cannot tell from the GET of one path.
function answerPost(fetch, body, status = 201) {
  const original = fetch.getMockImplementation();
  fetch.mockImplementation(async (url, init) => {
    if (init.method !== "POST") return original(url, init);
    return answerFor(url, init, status, body);
  });
}

// jsdom's Blob has no text(); FileReader reads it.
function readBlob(blob) {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });
}

function sentBody(fetch, method) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === method);
  return JSON.parse(init.body);
}

test("the family is listed, Myself first, with dates of birth and ages", async () => {
  const fetch = stubApi({ "/participants": [myself, mia] });
  renderPage();

  // The family's spinner, then the policies'.
  expect(screen.getAllByRole("status")[0]).toHaveTextContent("Loading your family…");
  await screen.findByRole("article", { name: "Mia Lopez" });
  expect(document.title).toBe("My Family | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "My Family" })).toBeInTheDocument();
  expect(screen.getAllByRole("article")).toHaveLength(2);
  expect(
    screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(["Ana Lopez", "Mia Lopez", "Add a child", "School policies", "Your data"]);
  expect(card("Ana Lopez").getByText("Myself")).toBeInTheDocument();
  expect(facts("Ana Lopez")).toEqual({ "Date of birth": "Not given", Age: "Not given" });
  expect(facts("Mia Lopez")).toEqual({
    "Date of birth": `January 1, ${thisYear - 8}`,
    Age: "8 years",
    "Notes for the instructor": "Peanut allergy.",
    "Emergency contact": "Luis Lopez, 555-0100",
  });
  expect(card("Mia Lopez").getByRole("link", { name: "555-0100" })).toHaveAttribute(
    "href",
    "tel:5550100",
  );
  // The account holder can be edited, never removed.
  expect(card("Ana Lopez").queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();
  expect(card("Mia Lopez").getByRole("button", { name: "Remove" })).toBeEnabled();
  expect(requests(fetch)).toEqual(["GET /api/participants"]);
});

test("adding a child sends every field and lists the child", async () => {
  const answers = { "/participants": [myself] };
  const fetch = stubApi(answers);
  const { user, auth } = renderPage();
  await screen.findByRole("article", { name: "Ana Lopez" });
  const leo = {
    ...mia,
    _id: 3,
    firstName: "Leo",
    dateOfBirth: `${thisYear - 6}-01-01`,
    notes: "",
    emergencyContactPhone: "",
  };
  answerPost(fetch, leo);
  // What the server lists once the child is added.
  answers["/participants"] = [myself, leo];

  await user.type(addForm().getByLabelText("First name"), " Leo ");
  await user.type(addForm().getByLabelText("Last name"), "Lopez");
  await user.type(addForm().getByLabelText("Date of birth"), `${thisYear - 6}-01-01`);
  await user.type(addForm().getByLabelText("Emergency contact name"), "Luis Lopez");
  await user.click(addForm().getByRole("button", { name: "Add child" }));

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Leo Lopez is added to your family"),
  );
  expect(sentBody(fetch, "POST")).toEqual({
    firstName: "Leo",
    lastName: "Lopez",
    dateOfBirth: `${thisYear - 6}-01-01`,
    notes: "",
    emergencyContactName: "Luis Lopez",
    emergencyContactPhone: "",
  });
  expect(await screen.findByRole("article", { name: "Leo Lopez" })).toBeInTheDocument();
  // The form is empty again, ready for the next child, and holds the focus the button dropped.
  expect(addForm().getByLabelText("First name")).toHaveValue("");
  expect(addForm().getByLabelText("First name")).toHaveFocus();
});

test("a child the server refuses shows its reason beside the field", async () => {
  const fetch = stubApi({ "/participants": [myself, mia] });
  const { user, auth } = renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });
  answerPost(
    fetch,
    {
      message: "Please check these fields: firstName.",
      errors: { firstName: ["Mia Lopez is already in your family."] },
    },
    400,
  );

  await user.type(addForm().getByLabelText("First name"), "Mia");
  await user.type(addForm().getByLabelText("Last name"), "Lopez");
  await user.type(addForm().getByLabelText("Date of birth"), mia.dateOfBirth);
  await user.click(addForm().getByRole("button", { name: "Add child" }));

  await waitFor(() =>
    expect(addForm().getByLabelText("First name")).toHaveAccessibleDescription(
      "Mia Lopez is already in your family.",
    ),
  );
  expect(addForm().getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");
  // The summary at the top of the form takes the focus, in the family's words.
  const summary = addForm().getByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent("First name: Mia Lopez is already in your family.");
  expect(summary).not.toHaveTextContent("firstName");
  await user.click(within(summary).getByRole("link"));
  expect(addForm().getByLabelText("First name")).toHaveFocus();
  expect(addForm().getByLabelText("First name")).toHaveValue("Mia");
  expect(auth.notify).not.toHaveBeenCalled();
  expect(requests(fetch)).toEqual(["GET /api/participants", "POST /api/participants"]);
  expect(screen.getAllByRole("article")).toHaveLength(2);
});

test("a child needs a name and a date of birth that is not in the future", async () => {
  const fetch = stubApi({ "/participants": [myself] });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Ana Lopez" });

  await user.type(addForm().getByLabelText("Date of birth"), `${thisYear + 1}-01-01`);
  await user.click(addForm().getByRole("button", { name: "Add child" }));

  await waitFor(() =>
    expect(addForm().getByLabelText("First name")).toHaveAccessibleDescription(
      "First name is required.",
    ),
  );
  expect(addForm().getByLabelText("Last name")).toHaveAccessibleDescription(
    "Last name is required.",
  );
  expect(addForm().getByLabelText("Date of birth")).toHaveAccessibleDescription(
    /Date of birth cannot be in the future\.$/,
  );
  expect(requests(fetch)).toEqual(["GET /api/participants"]);
});

test("editing a participant sends the changes and shows them", async () => {
  const answers = { "/participants": [myself, mia] };
  const fetch = stubApi(answers);
  const { user, auth } = renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });
  answers["/participants/2"] = { ...mia, notes: "Peanut and sesame allergy." };

  await user.click(card("Mia Lopez").getByRole("button", { name: "Edit" }));
  const form = within(screen.getByRole("form", { name: "Edit Mia Lopez" }));
  expect(form.getByLabelText("First name")).toHaveFocus();
  expect(form.getByLabelText("Date of birth")).toHaveValue(mia.dateOfBirth);
  await user.clear(form.getByLabelText("Notes for the instructor"));
  await user.type(form.getByLabelText("Notes for the instructor"), "Peanut and sesame allergy.");
  answers["/participants"] = [myself, { ...mia, notes: "Peanut and sesame allergy." }];
  await user.click(form.getByRole("button", { name: "Save" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Mia Lopez's details are saved"));
  expect(requests(fetch)).toContain("PUT /api/participants/2");
  expect(sentBody(fetch, "PUT")).toEqual({
    firstName: "Mia",
    lastName: "Lopez",
    dateOfBirth: mia.dateOfBirth,
    notes: "Peanut and sesame allergy.",
    emergencyContactName: "Luis Lopez",
    emergencyContactPhone: "555-0100",
  });
  expect(await card("Mia Lopez").findByText("Peanut and sesame allergy.")).toBeInTheDocument();
  expect(screen.queryByRole("form", { name: "Edit Mia Lopez" })).not.toBeInTheDocument();
  expect(card("Mia Lopez").getByRole("button", { name: "Edit" })).toHaveFocus();
});

test("removing a child asks first; the server's refusal is the notice and the child stays", async () => {
  const refusal = "Mia has a selected class; remove the selection first.";
  const fetch = stubApi({
    "/participants": [myself, mia],
    "/participants/2": respond(409, { message: refusal }),
  });
  const { user, auth } = renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });

  await user.click(card("Mia Lopez").getByRole("button", { name: "Remove" }));
  const dialog = screen.getByRole("dialog", { name: "Remove Mia Lopez from your family?" });
  expect(requests(fetch)).not.toContain("DELETE /api/participants/2");
  await user.click(within(dialog).getByRole("button", { name: "Remove" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith(refusal));
  expect(requests(fetch)).toContain("DELETE /api/participants/2");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Mia Lopez" })).toBeInTheDocument();
});

test("a removed child leaves the list", async () => {
  const answers = { "/participants": [myself, mia], "/participants/2": { deletedCount: 1 } };
  stubApi(answers);
  const { user, auth } = renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });
  answers["/participants"] = [myself];

  await user.click(card("Mia Lopez").getByRole("button", { name: "Remove" }));
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove" }));

  await waitFor(() =>
    expect(screen.queryByRole("article", { name: "Mia Lopez" })).not.toBeInTheDocument(),
  );
  expect(auth.notify).toHaveBeenCalledWith("Mia Lopez is removed from your family");
  expect(screen.getByRole("heading", { level: 1, name: "My Family" })).toHaveFocus();
});

describe("Download my data", () => {
  const exported = { account: { email: "student@camp.test" }, participants: [myself, mia] };
  const saved = watchDownloads({ objectUrl: "blob:camp-my-data" });

  test("saves the server's export as camp-my-data.json", async () => {
    const fetch = stubApi({ "/participants": [myself, mia], "/account/export": exported });
    const { user } = renderPage();
    await screen.findByRole("article", { name: "Mia Lopez" });

    await user.click(screen.getByRole("button", { name: "Download my data" }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:camp-my-data", download: "camp-my-data.json" }]),
    );
    expect(requests(fetch)).toContain("GET /api/account/export");
    const [blob] = URL.createObjectURL.mock.calls[0];
    expect(blob.type).toBe("application/json");
    expect(JSON.parse(await readBlob(blob))).toEqual(exported);
  });

  test("a failed export says why", async () => {
    stubApi({
      "/participants": [myself],
      "/account/export": respond(503, { message: "Try again in a moment." }),
    });
    const { user } = renderPage();
    await screen.findByRole("article", { name: "Ana Lopez" });

    await user.click(screen.getByRole("button", { name: "Download my data" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Try again in a moment.");
    expect(saved).toEqual([]);
  });
});

test("the page, its forms and the dialog have no serious accessibility violations", async () => {
  stubApi({ "/participants": [myself, mia] });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });
  await expectNoSeriousA11yViolations();

  await user.click(card("Mia Lopez").getByRole("button", { name: "Edit" }));
  await expectNoSeriousA11yViolations();

  await user.click(card("Ana Lopez").getByRole("button", { name: "Edit" }));
  await user.click(card("Mia Lopez").getByRole("button", { name: "Cancel" }));
  await user.click(card("Mia Lopez").getByRole("button", { name: "Remove" }));
  await expectNoSeriousA11yViolations();
});

test("a family that cannot be loaded says so", async () => {
  stubApi({ "/participants": respond(503, { message: "Try again later." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("Your family could not be loaded.");
});

test("each person's card leads to their care record", async () => {
  stubApi({ "/participants": [myself, mia] });
  renderPage();

  await screen.findByRole("article", { name: "Mia Lopez" });
  expect(card("Mia Lopez").getByRole("link", { name: "Care record" })).toHaveAttribute(
    "href",
    "/dashboard/family/2/care",
  );
  expect(card("Ana Lopez").getByRole("link", { name: "Care record" })).toHaveAttribute(
    "href",
    "/dashboard/family/1/care",
  );
});

describe("School policies", () => {
  const leo = makeChild({ _id: 3, firstName: "Leo" });
  const waiver = makePolicy({ due: [2], accepted: [makeAcceptance({ participantId: 3 })] });
  const refunds = makePolicy({
    _id: 4,
    slug: "refund-policy",
    title: "Refund policy",
    perChild: false,
    due: [null],
  });

  function policy(name) {
    return within(screen.getByRole("region", { name }));
  }

  test("each policy says what is accepted and what is still due, and one form signs them all", async () => {
    stubApi({ "/participants": [myself, mia, leo], "/policies": [waiver, refunds] });
    renderPage();

    await screen.findByRole("region", { name: "Liability waiver" });
    // The school's own words, in the language it wrote them, whatever the page's.
    expect(screen.getByRole("heading", { name: "Liability waiver" })).toHaveAttribute("lang", "en");
    expect(policy("Liability waiver").getByText("Version 2")).toBeVisible();
    expect(policy("Liability waiver").getByText("Still to accept for Mia")).toBeVisible();
    expect(policy("Liability waiver").getByText("For Leo")).toBeVisible();
    expect(
      policy("Liability waiver").getByText("Accepted by Ana Lopez on May 2, 2027"),
    ).toBeVisible();
    expect(policy("Refund policy").getByText("Still to accept")).toBeVisible();
    // One form, one name, for every acceptance due.
    expect(screen.getAllByRole("form", { name: "Accept the school's policies" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Accept all" })).toBeVisible();
    await expectNoSeriousA11yViolations();
  });

  test("one signature accepts every policy due, and the family is told which", async () => {
    const answers = { "/participants": [myself, mia], "/policies": [waiver, refunds] };
    const fetch = stubApi(answers);
    const { user, auth } = renderPage();
    const form = within(await screen.findByRole("form", { name: "Accept the school's policies" }));
    const accepted = [
      makeAcceptance(),
      makeAcceptance({ policyId: 4, participantId: null, version: 2 }),
    ];
    answers["POST /policies/acceptances"] = respond(201, accepted);
    answers["/policies"] = [
      { ...waiver, due: [], accepted: [makeAcceptance()] },
      { ...refunds, due: [], accepted: [accepted[1]] },
    ];

    await user.type(form.getByLabelText("Type your full name to accept"), "Ana Lopez");
    await user.click(form.getByRole("button", { name: "Accept all" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith(
        "You accepted the liability waiver and the refund policy",
      ),
    );
    expect(sentBody(fetch, "POST")).toEqual({
      acceptances: [{ policyId: 1, participantId: 2 }, { policyId: 4 }],
      signedName: "Ana Lopez",
    });
    expect(
      await policy("Liability waiver").findByText("Accepted by Ana Lopez on May 2, 2027"),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Accept the school's policies" })).toBeNull(),
    );
  });
  test("a child added brings the policies due for them, asked for again", async () => {
    const answers = { "/participants": [myself], "/policies": [{ ...waiver, due: [] }] };
    const fetch = stubApi(answers);
    const { user } = renderPage();
    await screen.findByRole("region", { name: "Liability waiver" });
    expect(screen.queryByRole("form", { name: "Accept the school's policies" })).toBeNull();
    answerPost(fetch, mia);
    answers["/participants"] = [myself, mia];
    answers["/policies"] = [{ ...waiver, due: [2], accepted: [] }];

    await user.type(addForm().getByLabelText("First name"), "Mia");
    await user.type(addForm().getByLabelText("Last name"), "Lopez");
    await user.type(addForm().getByLabelText("Date of birth"), mia.dateOfBirth);
    await user.click(addForm().getByRole("button", { name: "Add child" }));

    expect(await screen.findByRole("form", { name: "Accept the school's policies" })).toBeVisible();
    expect(policy("Liability waiver").getByText("Still to accept for Mia")).toBeVisible();
  });
});

describe("Done for you by the office", () => {
  const registered = {
    id: 7,
    at: new Date(Date.now() - 86400000).toISOString(),
    kind: "family_registered",
    summary: "Registered the family",
    actor: { name: "The office", role: "office" },
    family: { id: 1, name: "Ana Lopez" },
  };

  test("what the front desk did for the family is listed, said to be the office's", async () => {
    stubApi({ "/participants": [myself, mia], "/frontDesk/log": [registered] });
    renderPage();

    const section = within(
      await screen.findByRole("region", { name: "Done for you by the office" }),
    );

    expect(section.getByText("Registered the family")).toBeVisible();
    expect(section.getByText(/by the office on/)).toBeVisible();
  });

  test("a family that never dealt with the desk sees nothing of it", async () => {
    stubApi({ "/participants": [myself, mia] });
    renderPage();

    await screen.findByRole("article", { name: "Mia Lopez" });

    expect(screen.queryByRole("region", { name: "Done for you by the office" })).toBeNull();
  });
});
