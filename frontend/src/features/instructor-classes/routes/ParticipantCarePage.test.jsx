import { screen, within } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ParticipantCarePage } from "./ParticipantCarePage";

const care = "/participants/7/care";
const roster = "/classes/3/roster";

const rosterLine = {
  participantId: 7,
  participantName: "Mia Lopez",
  dateOfBirth: "2018-05-02",
  age: 9,
  notes: "",
  accountName: "Ana Lopez",
  accountEmail: "ana@family.test",
  emergencyContactName: "",
  emergencyContactPhone: "",
  enrolledAt: "2027-05-01T10:00:00Z",
  careFlags: {
    allergy: "anaphylactic",
    allergies: ["Peanuts"],
    medicationAtCamp: true,
    photoConsent: true,
    pickups: ["Luis Lopez"],
    mayLeaveAlone: false,
    complete: true,
    missing: [],
  },
};

// The whole record, as an admin reads it.
const fullRecord = {
  participantId: 7,
  allergies: [
    { name: "Peanuts", severity: "anaphylactic", action: "EpiPen in the front pocket; call 911" },
    { name: "Pollen", severity: "mild", action: "" },
  ],
  medications: [
    { name: "Ventolin", dose: "2 puffs", schedule: "before sport", atCamp: true },
    { name: "Melatonin", dose: "1 mg", schedule: "at bedtime", atCamp: false },
  ],
  conditions: "Asthma",
  dietary: "Vegetarian",
  doctor: { name: "Dr Ruiz", phone: "+14155550100" },
  emergencyContacts: [{ name: "Rosa Lopez", relationship: "Aunt", phone: "+14155550134" }],
  pickups: [{ name: "Luis Lopez", relationship: "Grandfather", phone: "+14155550177" }],
  mayLeaveAlone: false,
  photoConsent: true,
  confirmedAt: "2027-05-02T10:00:00-07:00",
  complete: true,
  missing: [],
  needsConfirmation: false,
  emergencyContactsRequired: 1,
  mayLeaveAloneAllowed: false,
  leaveAloneMinAge: 12,
};

// An instructor's answer for a class not marked for full records: no conditions, dietary or
// doctor keys at all, and only the medication given at camp.
function instructorRecord(overrides = {}) {
  const shown = { ...fullRecord };
  for (const hidden of ["conditions", "dietary", "doctor"]) delete shown[hidden];
  return {
    ...shown,
    medications: fullRecord.medications.filter((medication) => medication.atCamp),
    ...overrides,
  };
}

function renderPage(role = "instructor") {
  return renderRoutes(
    [
      {
        path: "/dashboard/my-classes/:classId/participants/:participantId/care",
        element: <ParticipantCarePage />,
      },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-classes/3/participants/7/care", auth: signedIn(role) },
  );
}

function part(name) {
  return within(screen.getByRole("region", { name }));
}

function headings() {
  return screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
}

test("an admin reads the whole record: allergies and what to do, medication, the doctor, whom to call", async () => {
  stubApi({ [care]: fullRecord, [roster]: [rosterLine] });
  renderPage("admin");

  expect(
    await screen.findByRole("heading", { level: 1, name: "Care record: Mia Lopez" }),
  ).toBeInTheDocument();
  await screen.findByRole("region", { name: "Allergies" });
  expect(document.title).toBe("Care record: Mia Lopez | Camp");
  expect(headings()).toEqual([
    "Allergies",
    "Medication at camp",
    "Conditions",
    "Dietary needs",
    "Emergency contacts",
    "Doctor",
    "Pick-up",
    "Photos",
  ]);

  const allergies = part("Allergies");
  const [peanuts, pollen] = allergies.getAllByRole("listitem");
  expect(peanuts).toHaveTextContent("Peanuts Anaphylactic: EpiPen allergy");
  expect(peanuts).toHaveTextContent("What to do: EpiPen in the front pocket; call 911");
  expect(pollen).toHaveTextContent("Pollen Mild allergy");
  expect(pollen).toHaveTextContent("What to do: The family wrote nothing.");

  const medication = part("Medication at camp");
  expect(medication.getByText("Ventolin")).toBeInTheDocument();
  expect(medication.getByText("Dose: 2 puffs")).toBeInTheDocument();
  expect(medication.getByText("When: before sport")).toBeInTheDocument();
  expect(medication.getByRole("heading", { level: 3, name: "Not given at camp" })).toBeVisible();
  expect(medication.getByText("Melatonin")).toBeInTheDocument();

  expect(part("Conditions").getByText("Asthma")).toBeInTheDocument();
  expect(part("Dietary needs").getByText("Vegetarian")).toBeInTheDocument();
  expect(part("Doctor").getByText("Dr Ruiz")).toBeInTheDocument();
  expect(part("Doctor").getByRole("link", { name: "+14155550100" })).toHaveAttribute(
    "href",
    "tel:+14155550100",
  );
  const contacts = part("Emergency contacts");
  expect(contacts.getByText("Rosa Lopez")).toBeInTheDocument();
  expect(contacts.getByText("Aunt")).toBeInTheDocument();
  expect(contacts.getByRole("link", { name: "+14155550134" })).toHaveAttribute(
    "href",
    "tel:+14155550134",
  );
  const pickup = part("Pick-up");
  expect(pickup.getByText("Luis Lopez")).toBeInTheDocument();
  expect(pickup.getByText("Grandfather")).toBeInTheDocument();
  expect(pickup.getByRole("link", { name: "+14155550177" })).toHaveAttribute(
    "href",
    "tel:+14155550177",
  );
  expect(pickup.getByText(/^May not leave alone/)).toBeInTheDocument();
  expect(part("Photos").getByText(/^Photos OK/)).toBeInTheDocument();
  expect(screen.getByText(/^Last confirmed by the family/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to the roster" })).toHaveAttribute(
    "href",
    "/dashboard/my-classes/3/roster",
  );
  await expectNoSeriousA11yViolations();
});

test("an instructor's answer without conditions, diet or doctor shows no part for them", async () => {
  stubApi({ [care]: instructorRecord(), [roster]: [rosterLine] });
  renderPage("instructor");

  await screen.findByRole("region", { name: "Allergies" });
  expect(headings()).toEqual([
    "Allergies",
    "Medication at camp",
    "Emergency contacts",
    "Pick-up",
    "Photos",
  ]);
  expect(screen.queryByRole("heading", { name: "Conditions" })).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Dietary needs" })).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Doctor" })).not.toBeInTheDocument();
  expect(screen.queryByText("Asthma")).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Not given at camp" })).not.toBeInTheDocument();
  expect(part("Medication at camp").getByText("Ventolin")).toBeInTheDocument();
});

test("an empty, unconfirmed record says what it lacks in each part", async () => {
  stubApi({
    [care]: instructorRecord({
      allergies: [],
      medications: [],
      emergencyContacts: [],
      pickups: [],
      mayLeaveAlone: true,
      photoConsent: null,
      confirmedAt: null,
      complete: false,
      missing: ["record", "photoConsent"],
    }),
    [roster]: [rosterLine],
  });
  renderPage();

  expect(await screen.findByText("This care record is incomplete.")).toBeInTheDocument();
  expect(
    screen.getByText("The family has not filled in this care record yet."),
  ).toBeInTheDocument();
  expect(part("Allergies").getByText("No allergies recorded.")).toBeInTheDocument();
  expect(part("Medication at camp").getByText("No medication to give at camp.")).toBeVisible();
  expect(part("Emergency contacts").getByText("No emergency contact given.")).toBeVisible();
  expect(part("Pick-up").getByText("No one is named to collect this child.")).toBeVisible();
  expect(part("Pick-up").getByText(/^May leave alone/)).toBeInTheDocument();
  expect(part("Photos").getByText(/^Photo consent not given/)).toBeInTheDocument();
});

test("a record that cannot be read says why; without the roster the page is still named", async () => {
  stubApi({
    [care]: respond(404, { message: "Not found." }),
    [roster]: respond(404, { message: "Not found." }),
  });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The care record could not be loaded.");
  expect(alert).toHaveTextContent("Not found.");
  expect(screen.getByRole("heading", { level: 1, name: "Care record" })).toBeInTheDocument();
});

test("a record the office took by phone says so until the family confirms it", async () => {
  const takenAt = new Date().toISOString();
  stubApi({
    [care]: instructorRecord({ confirmedAt: null, takenAt, takenToConfirm: true }),
    [roster]: [rosterLine],
  });
  renderPage();

  expect(
    await screen.findByText(/^Taken by phone by the school's office, not yet confirmed/),
  ).toBeInTheDocument();
  expect(screen.queryByText("The family has not filled in this care record yet.")).toBeNull();
});
