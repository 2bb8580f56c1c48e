import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeCareRecord, makeCompleteCareRecord } from "../../testing/careFixtures";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { CareRecordForm } from "./CareRecordForm";
import { careWho } from "./careWho";

// Filling the whole record types a few hundred characters; on a busy machine that takes longer
// than the default five seconds.
jest.setTimeout(20_000);

const mia = careWho({ firstName: "Mia", isAccountHolder: false });

function renderForm(record = makeCareRecord(), onSaved = jest.fn()) {
  const rendered = renderWithProviders(
    <CareRecordForm participantId={2} record={record} who={mia} onSaved={onSaved} />,
  );
  return { ...rendered, onSaved, user: userEvent.setup() };
}

function form() {
  return within(screen.getByRole("form", { name: "Mia's care record" }));
}

function row(name) {
  return within(screen.getByRole("group", { name }));
}

function sentBody(fetch) {
  const [, init] = fetch.mock.calls.find(([, options]) => options.method === "PUT");
  return JSON.parse(init.body);
}

async function fillPerson(user, group, { name, relationship, phone }) {
  await user.type(row(group).getByLabelText("Name"), name);
  await user.type(row(group).getByLabelText("Relationship"), relationship);
  await user.type(row(group).getByLabelText("Phone"), phone);
}

// Everything the school needs, as a parent types it.
async function fillRequired(user) {
  await fillPerson(user, "Emergency contact 1", {
    name: "Rosa Lopez",
    relationship: "Aunt",
    phone: "415 555 0134",
  });
  await fillPerson(user, "Emergency contact 2", {
    name: "Luis Lopez",
    relationship: "Grandfather",
    phone: "(415) 555-0177",
  });
  await user.click(
    within(screen.getByRole("group", { name: "Photo consent" })).getByLabelText("Yes"),
  );
}

test("a new record starts with as many empty contacts as the school asks for", async () => {
  stubApi({});
  renderForm();

  expect(form().getByRole("group", { name: "Emergency contact 1" })).toBeInTheDocument();
  expect(form().getByRole("group", { name: "Emergency contact 2" })).toBeInTheDocument();
  expect(form().queryByRole("group", { name: "Emergency contact 3" })).not.toBeInTheDocument();
  // The school's two cannot be removed; the rows the family adds can.
  expect(form().queryByRole("button", { name: /Remove emergency contact/ })).toBeNull();
  expect(form().getByRole("group", { name: "Photo consent" })).toHaveAccessibleDescription(
    "May the school take photos of Mia in class?",
  );
  // A child too young to leave on their own is never asked.
  expect(form().queryByLabelText("May leave on their own")).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("the form says what is missing beside each field, word for word", async () => {
  const fetch = stubApi({});
  const { user } = renderForm();

  await user.click(form().getByRole("button", { name: "Add an allergy" }));
  // The new row takes the focus, ready for typing.
  expect(row("Allergy 1").getByLabelText("Allergic to")).toHaveFocus();
  await user.type(row("Emergency contact 1").getByLabelText("Phone"), "555 01");
  await user.click(form().getByRole("button", { name: "Save care record" }));

  await waitFor(() =>
    expect(row("Allergy 1").getByLabelText("Allergic to")).toHaveAccessibleDescription(
      "Say what they are allergic to.",
    ),
  );
  expect(row("Allergy 1").getByLabelText("Severity")).toHaveAccessibleDescription(
    "Choose how severe the allergy is.",
  );
  expect(row("Emergency contact 1").getByLabelText("Name")).toHaveAccessibleDescription(
    "Enter their name.",
  );
  expect(row("Emergency contact 1").getByLabelText("Relationship")).toHaveAccessibleDescription(
    "Say who they are to your child.",
  );
  expect(row("Emergency contact 1").getByLabelText("Phone")).toHaveAccessibleDescription(
    "Enter a valid phone number, with its area code.",
  );
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveAccessibleDescription(
    "Enter a phone number.",
  );
  expect(screen.getByRole("group", { name: "Photo consent" })).toHaveAccessibleDescription(
    /Answer Yes or No\.$/,
  );
  expect(fetch).not.toHaveBeenCalled();
});

test("rows are added and removed", async () => {
  stubApi({});
  const { user } = renderForm();

  await user.click(form().getByRole("button", { name: "Add a person" }));
  await user.click(form().getByRole("button", { name: "Add a person" }));
  await user.type(row("Pick-up person 2").getByLabelText("Name"), "Luis Lopez");
  await user.click(form().getByRole("button", { name: "Remove pick-up person 1" }));

  expect(form().queryByRole("group", { name: "Pick-up person 2" })).not.toBeInTheDocument();
  expect(row("Pick-up person 1").getByLabelText("Name")).toHaveValue("Luis Lopez");
  // The removed row took its button along: focus goes to Add.
  expect(form().getByRole("button", { name: "Add a person" })).toHaveFocus();
});

test("saving sends the whole record and hands on the saved one", async () => {
  const saved = makeCompleteCareRecord({ allergies: [], medications: [], pickups: [] });
  const fetch = stubApi({ "PUT /participants/2/care": saved, "/participants/2/care/history": [] });
  const { user, onSaved } = renderForm(makeCareRecord({ mayLeaveAloneAllowed: true }));

  await user.click(form().getByRole("button", { name: "Add an allergy" }));
  await user.type(row("Allergy 1").getByLabelText("Allergic to"), " Peanuts ");
  await user.selectOptions(
    row("Allergy 1").getByLabelText("Severity"),
    "Anaphylactic (life-threatening)",
  );
  await user.type(row("Allergy 1").getByLabelText("What to do"), "EpiPen in the front pocket");
  await user.click(form().getByRole("button", { name: "Add a medication" }));
  await user.type(row("Medication 1").getByLabelText("Medicine"), "Ventolin");
  await user.type(row("Medication 1").getByLabelText("Dose"), "2 puffs");
  await user.type(row("Medication 1").getByLabelText("When"), "before sport");
  await user.click(row("Medication 1").getByLabelText("Given at camp"));
  await user.type(form().getByLabelText("Medical conditions"), "Asthma");
  await user.type(form().getByLabelText("Dietary needs"), "Vegetarian");
  await user.type(form().getByLabelText("Doctor's name"), "Dr Ruiz");
  await user.type(form().getByLabelText("Doctor's phone"), "415 555 0100");
  await fillRequired(user);
  await user.click(form().getByLabelText("May leave on their own"));
  await user.click(form().getByRole("button", { name: "Save care record" }));

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  expect(sentBody(fetch)).toEqual({
    allergies: [
      { name: "Peanuts", severity: "anaphylactic", action: "EpiPen in the front pocket" },
    ],
    medications: [{ name: "Ventolin", dose: "2 puffs", schedule: "before sport", atCamp: true }],
    conditions: "Asthma",
    dietary: "Vegetarian",
    doctor: { name: "Dr Ruiz", phone: "415 555 0100" },
    emergencyContacts: [
      { name: "Rosa Lopez", relationship: "Aunt", phone: "415 555 0134" },
      { name: "Luis Lopez", relationship: "Grandfather", phone: "(415) 555-0177" },
    ],
    pickups: [],
    mayLeaveAlone: true,
    photoConsent: true,
  });
  // The form now shows the record as the server keeps it (its phones in E.164).
  expect(row("Emergency contact 1").getByLabelText("Phone")).toHaveValue("+14155550134");
});

test("the server's refusal shows beside the field it names", async () => {
  stubApi({
    "PUT /participants/2/care": respond(400, {
      message: "Some of the input cannot be used.",
      errors: {
        emergencyContacts: ["Item 2: phone: Enter a valid phone number, with its area code."],
        doctor: ["phone: Enter a valid phone number, with its area code."],
      },
    }),
  });
  const { user, onSaved } = renderForm();

  await fillRequired(user);
  await user.type(form().getByLabelText("Doctor's phone"), "415 555 9999");
  await user.click(form().getByRole("button", { name: "Save care record" }));

  await waitFor(() =>
    expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveAccessibleDescription(
      "Enter a valid phone number, with its area code.",
    ),
  );
  expect(row("Emergency contact 2").getByLabelText("Phone")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(form().getByLabelText("Doctor's phone")).toHaveAccessibleDescription(
    "Enter a valid phone number, with its area code.",
  );
  expect(row("Emergency contact 1").getByLabelText("Phone")).toHaveAttribute(
    "aria-invalid",
    "false",
  );
  expect(onSaved).not.toHaveBeenCalled();
});

test("a saved record fills the form, photo consent included", () => {
  stubApi({});
  renderForm(makeCompleteCareRecord());

  expect(row("Allergy 1").getByLabelText("Allergic to")).toHaveValue("Peanuts");
  expect(row("Allergy 1").getByLabelText("Severity")).toHaveValue("anaphylactic");
  expect(row("Medication 1").getByLabelText("Given at camp")).toBeChecked();
  expect(row("Emergency contact 2").getByLabelText("Name")).toHaveValue("Luis Lopez");
  expect(row("Pick-up person 1").getByLabelText("Relationship")).toHaveValue("Grandfather");
  expect(
    within(screen.getByRole("group", { name: "Photo consent" })).getByLabelText("Yes"),
  ).toBeChecked();
});
