import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeCareRecord, makeCompleteCareRecord } from "../../testing/careFixtures";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { CareRecordForm } from "./CareRecordForm";
import { careWho } from "./careWho";

// Filling the record types a few hundred characters; on a busy machine that takes longer than
// the default five seconds.
jest.setTimeout(20_000);

const mia = careWho({ firstName: "Mia", isAccountHolder: false });
const careOfMia = "/participants/2/care";

function renderForm(record = makeCareRecord(), { onSaved = jest.fn(), siblings } = {}) {
  const rendered = renderWithProviders(
    <CareRecordForm
      participantId={2}
      record={record}
      who={mia}
      siblings={siblings}
      onSaved={onSaved}
    />,
  );
  return { ...rendered, onSaved, user: userEvent.setup() };
}

function section(name) {
  return within(screen.getByRole("form", { name: `Mia's care record: ${name}` }));
}

function row(name) {
  return within(screen.getByRole("group", { name }));
}

function sent(fetch) {
  return fetch.mock.calls
    .filter(([, options]) => options.method === "PATCH")
    .map(([url, options]) => [url, JSON.parse(options.body)]);
}

async function fillPerson(user, group, { name, relationship, phone }) {
  await user.type(row(group).getByLabelText("Name"), name);
  await user.type(row(group).getByLabelText("Relationship"), relationship);
  await user.type(row(group).getByLabelText("Phone"), phone);
}

async function fillContacts(user, secondPhone = "(415) 555-0177") {
  await fillPerson(user, "Emergency contact 1", {
    name: "Rosa Lopez",
    relationship: "Aunt",
    phone: "415 555 0134",
  });
  await fillPerson(user, "Emergency contact 2", {
    name: "Luis Lopez",
    relationship: "Grandfather",
    phone: secondPhone,
  });
}

test("the record comes in four sections, each with its own Save and whether it is done", async () => {
  stubApi({});
  renderForm();

  for (const name of ["health", "emergency contacts", "pick-ups", "consent"]) {
    expect(section(name).getByRole("button", { name: `Save ${name}` })).toBeInTheDocument();
  }
  expect(screen.getByText("0 of 4 sections done")).toBeVisible();
  expect(screen.getAllByText("To do")).toHaveLength(4);
  // A new record starts with as many empty contacts as the school asks for.
  const contacts = section("emergency contacts");
  expect(contacts.getByRole("group", { name: "Emergency contact 2" })).toBeInTheDocument();
  expect(screen.queryByRole("group", { name: "Emergency contact 3" })).toBeNull();
  expect(screen.queryByRole("button", { name: /Remove emergency contact/ })).toBeNull();
  expect(screen.getByRole("group", { name: "Photo consent" })).toHaveAccessibleDescription(
    "May the school take photos of Mia in class?",
  );
  // A child too young to leave on their own is never asked.
  expect(screen.queryByLabelText("May leave on their own")).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("the progress and the done marks are the server's word on what is missing", () => {
  stubApi({});
  renderForm(
    makeCareRecord({
      confirmedAt: new Date().toISOString(),
      missing: ["emergencyContacts", "policy:liability-waiver"],
      photoConsent: false,
    }),
  );

  expect(screen.getByText("3 of 4 sections done")).toBeVisible();
  const marks = ["Health", "Emergency contacts", "Pick-ups", "Consent"].map(
    (name) => within(screen.getByRole("region", { name })).getByText(/Done|To do/).textContent,
  );
  expect(marks).toEqual(["✓ Done", "To do", "✓ Done", "✓ Done"]);
});

test("a bad phone: Save moves the focus to a summary whose link takes it to the field", async () => {
  const fetch = stubApi({});
  const { user } = renderForm();

  await fillContacts(user, "555 01");
  await user.click(screen.getByRole("button", { name: "Save emergency contacts" }));

  const summary = await section("emergency contacts").findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent(
    "Emergency contact 2, phone: Enter a valid phone number, with its area code.",
  );
  expect(summary).not.toHaveTextContent("emergencyContacts");
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveAccessibleDescription(
    "Enter a valid phone number, with its area code.",
  );
  expect(fetch).not.toHaveBeenCalled();

  await user.click(within(summary).getByRole("link", { name: /^Emergency contact 2, phone/ }));

  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveFocus();
});

test("the server's refusal of a number moves the focus to the summary too", async () => {
  stubApi({
    [`PATCH ${careOfMia}`]: respond(400, {
      message: "Please check these fields: emergencyContacts.",
      errors: {
        emergencyContacts: ["Item 2: phone: Enter a valid phone number, with its area code."],
      },
    }),
  });
  const { user, onSaved } = renderForm();

  await fillContacts(user, "415 555 9999");
  await user.click(screen.getByRole("button", { name: "Save emergency contacts" }));

  const summary = await section("emergency contacts").findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent(
    "Emergency contact 2, phone: Enter a valid phone number, with its area code.",
  );
  expect(summary).not.toHaveTextContent("emergencyContacts");
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(row("Emergency contact 1").getByLabelText("Phone")).toHaveAttribute(
    "aria-invalid",
    "false",
  );
  await user.click(within(summary).getByRole("link"));
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveFocus();
  expect(onSaved).not.toHaveBeenCalled();
});

test("each section sends only its own fields", async () => {
  const afterContacts = makeCareRecord({
    confirmedAt: new Date().toISOString(),
    missing: ["photoConsent"],
    emergencyContacts: [
      { name: "Rosa Lopez", relationship: "Aunt", phone: "+14155550134" },
      { name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" },
    ],
  });
  const fetch = stubApi({
    [`PATCH ${careOfMia}`]: afterContacts,
    "/participants/2/care/history": [],
  });
  const { user, onSaved } = renderForm();

  await fillContacts(user);
  await user.click(screen.getByRole("button", { name: "Save emergency contacts" }));

  await waitFor(() =>
    expect(onSaved).toHaveBeenCalledWith(
      afterContacts,
      expect.objectContaining({ key: "contacts" }),
    ),
  );
  expect(sent(fetch)).toEqual([
    [
      `/api${careOfMia}`,
      {
        emergencyContacts: [
          { name: "Rosa Lopez", relationship: "Aunt", phone: "415 555 0134" },
          { name: "Luis Lopez", relationship: "Grandfather", phone: "(415) 555-0177" },
        ],
      },
    ],
  ]);
  // The section shows the record as the server keeps it (its phones in E.164).
  expect(row("Emergency contact 1").getByLabelText("Phone")).toHaveValue("+14155550134");
});

test("the health section sends allergies, medications, conditions, diet and the doctor", async () => {
  const fetch = stubApi({
    [`PATCH ${careOfMia}`]: makeCareRecord({ confirmedAt: new Date().toISOString() }),
    "/participants/2/care/history": [],
  });
  const { user } = renderForm();

  await user.click(screen.getByRole("button", { name: "Add an allergy" }));
  expect(row("Allergy 1").getByLabelText("Allergic to")).toHaveFocus();
  await user.type(row("Allergy 1").getByLabelText("Allergic to"), " Peanuts ");
  await user.selectOptions(
    row("Allergy 1").getByLabelText("Severity"),
    "Anaphylactic (life-threatening)",
  );
  await user.click(screen.getByRole("button", { name: "Add a medication" }));
  await user.type(row("Medication 1").getByLabelText("Medicine"), "Ventolin");
  await user.click(row("Medication 1").getByLabelText("Given at camp"));
  await user.type(screen.getByLabelText("Dietary needs"), "Vegetarian");
  await user.type(screen.getByLabelText("Doctor's phone"), "415 555 0100");
  await user.click(screen.getByRole("button", { name: "Save health" }));

  await waitFor(() => expect(sent(fetch)).toHaveLength(1));
  expect(sent(fetch)[0][1]).toEqual({
    allergies: [{ name: "Peanuts", severity: "anaphylactic", action: "" }],
    medications: [{ name: "Ventolin", dose: "", schedule: "", atCamp: true }],
    conditions: "",
    dietary: "Vegetarian",
    doctor: { name: "", phone: "415 555 0100" },
  });
});

test("consent is answered and saved on its own", async () => {
  const fetch = stubApi({
    [`PATCH ${careOfMia}`]: makeCareRecord({ confirmedAt: new Date().toISOString() }),
    "/participants/2/care/history": [],
  });
  const { user } = renderForm();

  await user.click(screen.getByRole("button", { name: "Save consent" }));
  const summary = await section("consent").findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent("Photo consent: Answer Yes or No.");
  await user.click(within(summary).getByRole("link"));
  const consent = within(screen.getByRole("group", { name: "Photo consent" }));
  expect(consent.getByLabelText("Yes")).toHaveFocus();

  await user.click(consent.getByLabelText("No"));
  await user.click(screen.getByRole("button", { name: "Save consent" }));

  await waitFor(() => expect(sent(fetch)).toEqual([[`/api${careOfMia}`, { photoConsent: false }]]));
});

test("rows are added and removed", async () => {
  stubApi({});
  const { user } = renderForm();

  await user.click(screen.getByRole("button", { name: "Add a person" }));
  await user.click(screen.getByRole("button", { name: "Add a person" }));
  await user.type(row("Pick-up person 2").getByLabelText("Name"), "Luis Lopez");
  await user.click(screen.getByRole("button", { name: "Remove pick-up person 1" }));

  expect(screen.queryByRole("group", { name: "Pick-up person 2" })).not.toBeInTheDocument();
  expect(row("Pick-up person 1").getByLabelText("Name")).toHaveValue("Luis Lopez");
  // The removed row took its button along: focus goes to Add.
  expect(screen.getByRole("button", { name: "Add a person" })).toHaveFocus();
});

test("contacts and pick-ups are copied from a sibling's record, to look over and save", async () => {
  const leos = makeCompleteCareRecord({ participantId: 3 });
  const fetch = stubApi({
    "/participants/3/care": leos,
    [`PATCH ${careOfMia}`]: makeCareRecord({ confirmedAt: new Date().toISOString() }),
    "/participants/2/care/history": [],
  });
  const { user } = renderForm(makeCareRecord(), { siblings: [{ participantId: 3, name: "Leo" }] });

  await user.click(
    await screen.findByRole("button", { name: "Copy contacts and pick-ups from Leo" }),
  );

  expect(screen.getByRole("heading", { name: "Emergency contacts" })).toHaveFocus();
  expect(row("Emergency contact 1").getByLabelText("Name")).toHaveValue("Rosa Lopez");
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveValue("+14155550177");
  expect(row("Pick-up person 1").getByLabelText("Name")).toHaveValue("Luis Lopez");
  expect(
    screen.getAllByText("Copied from Leo's record. Look them over, then press Save."),
  ).toHaveLength(2);
  // Nothing is saved until the family saves it.
  expect(sent(fetch)).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Save pick-ups" }));
  await waitFor(() =>
    expect(sent(fetch)).toEqual([
      [
        `/api${careOfMia}`,
        {
          pickups: [{ name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" }],
          mayLeaveAlone: false,
        },
      ],
    ]),
  );
});

test("a sibling whose record has no one in it is not offered", async () => {
  const fetch = stubApi({ "/participants/3/care": makeCareRecord({ participantId: 3 }) });
  renderForm(makeCareRecord(), { siblings: [{ participantId: 3, name: "Leo" }] });

  await waitFor(() =>
    expect(fetch.mock.calls.map(([url]) => url)).toContain("/api/participants/3/care"),
  );
  expect(screen.queryByRole("button", { name: /Copy contacts/ })).toBeNull();
});

test("a saved record fills the sections, photo consent included", () => {
  stubApi({});
  renderForm(makeCompleteCareRecord());

  expect(screen.getByText("4 of 4 sections done")).toBeVisible();
  expect(row("Allergy 1").getByLabelText("Allergic to")).toHaveValue("Peanuts");
  expect(row("Allergy 1").getByLabelText("Severity")).toHaveValue("anaphylactic");
  expect(row("Medication 1").getByLabelText("Given at camp")).toBeChecked();
  expect(row("Emergency contact 2").getByLabelText("Name")).toHaveValue("Luis Lopez");
  expect(row("Pick-up person 1").getByLabelText("Relationship")).toHaveValue("Grandfather");
  expect(
    within(screen.getByRole("group", { name: "Photo consent" })).getByLabelText("Yes"),
  ).toBeChecked();
});
