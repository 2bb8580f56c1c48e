import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCareRecord, makeCompleteCareRecord, makePolicy } from "../../../testing/careFixtures";
import { formatSchoolDay } from "../../../components/care/careDates";
import { makeChild, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CareRecordPage } from "./CareRecordPage";

const mia = makeChild({ dateOfBirth: "2019-01-01" });
const careOfMia = "/participants/2/care";
// The page's health sections (CareRecordPage.health.test.jsx), with nothing in them yet.
const healthOfMia = { "/participants/2/incidents": [], "/participants/2/documents": [] };

function renderPage() {
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/family/:participantId/care", element: <CareRecordPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/family/2/care", auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

function status() {
  return within(screen.getByRole("region", { name: "Where the record stands" }));
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

test("a record never filled in says what the school needs, in words", async () => {
  stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [makePolicy()],
    [careOfMia]: makeCareRecord({
      missing: ["record", "emergencyContacts", "photoConsent", "policy:liability-waiver"],
    }),
  });
  renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Care record: Mia Lopez" }),
  ).toBeVisible();
  await screen.findByRole("form", { name: "Mia's care record: health" });
  expect(document.title).toBe("Care record: Mia Lopez | Camp");
  expect(status().getByText("Before Mia's first class the school needs:")).toBeVisible();
  await waitFor(() =>
    expect(
      status()
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Mia's care record",
      "2 emergency contacts",
      "photo consent",
      "the liability waiver",
    ]),
  );
  expect(status().getByRole("link", { name: "My Family" })).toHaveAttribute(
    "href",
    "/dashboard/family#school-policies",
  );
  // The policies due for Mia are signed here too, with one name.
  expect(screen.getByRole("form", { name: "Accept the school's policies" })).toBeVisible();
  expect(screen.getByText("0 of 4 sections done")).toBeVisible();
  // Nothing saved yet: nothing to confirm.
  expect(screen.queryByRole("button", { name: "Still correct" })).toBeNull();
  await expectNoSeriousA11yViolations();
});

test("a record confirmed long ago is confirmed again with Still correct", async () => {
  const old = makeCompleteCareRecord({
    complete: false,
    missing: ["confirmation"],
    needsConfirmation: true,
    confirmedAt: "2026-05-02T10:00:00-07:00",
  });
  const confirmed = makeCompleteCareRecord({ confirmedAt: "2027-05-02T10:00:00-07:00" });
  const fetch = stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: old,
    "POST /participants/2/care/confirmation": confirmed,
    "/participants/2/care/history": [],
  });
  const { user, auth } = renderPage();

  const button = await screen.findByRole("button", { name: "Still correct" });
  expect(status().getByText("a check that Mia's care record is still correct")).toBeVisible();
  expect(button).toHaveAccessibleDescription(/^Last confirmed on May 2, 2026, a while ago\./);
  await user.click(button);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Thank you: Mia's care record is confirmed"),
  );
  expect(requests(fetch)).toContain("POST /api/participants/2/care/confirmation");
  expect(status().getByText("Mia's care record is complete.")).toBeVisible();
  expect(screen.getByRole("button", { name: "Still correct" })).toHaveAccessibleDescription(
    "Last confirmed on May 2, 2027.",
  );
});

test("a refused confirmation says why", async () => {
  stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: makeCompleteCareRecord(),
    "POST /participants/2/care/confirmation": respond(409, {
      message: "There is no care record to confirm yet.",
      code: "care_not_started",
    }),
  });
  const { user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Still correct" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "There is no care record to confirm yet.",
  );
});

test("saving a section tells the family so", async () => {
  const saved = makeCompleteCareRecord();
  const fetch = stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: saved,
    [`PATCH ${careOfMia}`]: saved,
    "/participants/2/care/history": [],
  });
  const { user, auth } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Save consent" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Mia's care record: consent saved"));
  expect(requests(fetch)).toContain(`PATCH /api${careOfMia}`);
});

test("a brother's or sister's contacts are offered to copy, never the parent's own", async () => {
  const leo = makeChild({ _id: 3, firstName: "Leo" });
  const fetch = stubApi({
    "/participants": [myself, mia, leo],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: makeCareRecord(),
    "/participants/3/care": makeCompleteCareRecord({ participantId: 3 }),
  });
  renderPage();

  expect(
    await screen.findByRole("button", { name: "Copy contacts and pick-ups from Leo" }),
  ).toBeVisible();
  expect(requests(fetch)).not.toContain("GET /api/participants/1/care");
});

test("the changes and the readers open on request, and only then are asked for", async () => {
  const fetch = stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: makeCompleteCareRecord(),
    "/participants/2/care/history": [
      {
        changedAt: "2027-05-02T10:00:00-07:00",
        changedBy: "Ana Lopez",
        change: "changed",
        fields: ["allergies", "emergencyContacts"],
        record: {
          allergies: [],
          medications: [],
          conditions: "",
          dietary: "",
          doctor: { name: "", phone: "" },
          emergencyContacts: [],
          pickups: [],
          mayLeaveAlone: false,
          photoConsent: true,
        },
      },
    ],
    "/participants/2/care/access-log": [
      {
        readAt: "2027-06-14T08:55:00-07:00",
        readerName: "Pat Instructor",
        readerRole: "instructor",
        part: "roster",
      },
      {
        readAt: "2027-06-13T16:20:00-07:00",
        readerName: "Ada Office",
        readerRole: "admin",
        part: "history",
      },
    ],
  });
  const { user } = renderPage();

  const changes = await screen.findByRole("button", { name: "Changes" });
  const readers = screen.getByRole("button", { name: "Who read this record" });
  expect(changes).toHaveAttribute("aria-expanded", "false");
  expect(requests(fetch)).not.toContain("GET /api/participants/2/care/history");

  await user.click(changes);
  expect(
    await screen.findByText("Ana Lopez changed allergies and emergency contacts"),
  ).toBeVisible();
  expect(changes).toHaveAttribute("aria-expanded", "true");
  expect(requests(fetch)).not.toContain("GET /api/participants/2/care/access-log");

  await user.click(readers);
  expect(
    await screen.findByText(
      "Pat Instructor (instructor) read the allergy and pick-up flags on a class roster",
    ),
  ).toBeVisible();
  expect(
    screen.getByText("Ada Office (school office) read every version of the record"),
  ).toBeVisible();
});

test("a child not in the family is not found", async () => {
  stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    "/participants/9/care": respond(404, { message: "Not found." }),
  });
  renderRoutes([{ path: "/dashboard/family/:participantId/care", element: <CareRecordPage /> }], {
    route: "/dashboard/family/9/care",
    auth: signedIn("student"),
  });

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The care record could not be loaded.",
  );
});

test("a record the school's office took by phone asks the family to check and confirm it", async () => {
  const takenAt = new Date().toISOString();
  const taken = makeCompleteCareRecord({ confirmedAt: null, takenAt, takenToConfirm: true });
  const confirmed = makeCompleteCareRecord({
    confirmedAt: new Date().toISOString(),
    takenAt,
    takenToConfirm: false,
  });
  const fetch = stubApi({
    "/participants": [myself, mia],
    ...healthOfMia,
    "/policies": [],
    [careOfMia]: taken,
    "POST /participants/2/care/confirmation": confirmed,
    "/participants/2/care/history": [],
  });
  const { user, auth } = renderPage();

  const button = await screen.findByRole("button", { name: "Still correct" });
  expect(button).toHaveAccessibleDescription(
    `The school's office took this record by phone on ${formatSchoolDay(takenAt)}. Please check it below and confirm it: correct and save what is wrong, or press Still correct.`,
  );
  expect(screen.getByText("4 of 4 sections done")).toBeVisible();
  await user.click(button);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("Thank you: Mia's care record is confirmed"),
  );
  expect(requests(fetch)).toContain("POST /api/participants/2/care/confirmation");
  expect(screen.queryByText(/took this record by phone/)).toBeNull();
});
