import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { formatSchoolDay } from "../../../components/care/careDates";
import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCompleteCareRecord } from "../../../testing/careFixtures";
import { watchDownloads } from "../../../testing/downloads";
import { daysAhead, hoursAgo, makeChild, myself } from "../../../testing/fixtures";
import {
  daysAgo,
  familyView,
  makeAddendum,
  makeCareDocument,
  makeIncident,
  makeMedicationEntry,
} from "../../../testing/healthFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CareRecordPage } from "./CareRecordPage";

// The care record page's health sections: Mia's incidents, the medication given to her at camp,
// her documents, and the access log naming each.
// The whole care record form draws with them: a page slow to draw on two shared cores.
jest.setTimeout(20_000);

const mia = makeChild({ dateOfBirth: "2019-01-01" });
const incidentsOfMia = "/participants/2/incidents";
const documentsOfMia = "/participants/2/documents";
const medicationsOfMia = "/participants/2/medications";

// The page as the family opens it, `answers` over a record and empty sections.
function stubPage(answers = {}) {
  return stubApi({
    "/participants": [myself, mia],
    "/policies": [],
    "/participants/2/care": makeCompleteCareRecord(),
    [incidentsOfMia]: [],
    [documentsOfMia]: [],
    ...answers,
  });
}

function renderPage(route = "/dashboard/family/2/care") {
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [{ path: "/dashboard/family/:participantId/care", element: <CareRecordPage /> }],
    { route, auth },
  );
  return { ...rendered, auth, user: userEvent.setup() };
}

function section(name) {
  return within(screen.getByRole("region", { name }));
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
}

// The JSON answers as stubApi gives them, and one file as the server sends it.
function withFile(json, suffix, fileAnswer) {
  global.fetch = jest.fn(async (url, init) =>
    String(url).endsWith(suffix) ? fileAnswer() : json(url, init),
  );
  return global.fetch;
}

describe("Incidents", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/incident", token: "api-token" });
  const report = makeIncident({
    addenda: [makeAddendum(), makeAddendum({ id: 32, internal: true, text: "Staff only" })],
  });

  test("lists Mia's reports; one opens with what happened, its addenda and its PDF", async () => {
    const older = makeIncident({ id: 4, kind: "illness", bodyArea: "", at: hoursAgo(20 * 24) });
    const json = stubPage({
      [incidentsOfMia]: [familyView(report), familyView(older)],
      "/incidents/5": familyView(report),
    });
    const fetch = withFile(
      json,
      "/incidents/5.pdf",
      () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="incident-5.pdf"',
          },
        }),
    );
    const { user } = renderPage();

    const incidents = await screen.findByRole("region", { name: "Incidents" });
    const buttons = await within(incidents).findAllByRole("button", { name: /^(Injury|Illness)/ });
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringMatching(/^▸Injury, /),
      expect.stringMatching(/^▸Illness, /),
    ]);
    expect(requests(fetch)).not.toContain("GET /api/incidents/5");

    await user.click(buttons[0]);
    expect(buttons[0]).toHaveAttribute("aria-expanded", "true");
    expect(
      await within(incidents).findByText("Mia tripped on the path and grazed her knee."),
    ).toBeVisible();
    expect(within(incidents).getByText("Left leg")).toBeVisible();
    expect(within(incidents).getByText("Cleaned and a plaster.")).toBeVisible();
    expect(within(incidents).getByText("Mia's mother called: the knee is fine.")).toBeVisible();
    // The family's view carries neither the internal notes nor an internal addendum.
    expect(within(incidents).queryByText(/Internal notes/)).toBeNull();
    expect(within(incidents).queryByText("Staff only")).toBeNull();

    await user.click(within(incidents).getByRole("button", { name: "Download PDF" }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: "blob:camp/incident", download: "incident-5.pdf" }]),
    );
    const [url, init] = fetch.mock.calls.find(([called]) => called.endsWith(".pdf"));
    expect(url).toBe("/api/incidents/5.pdf");
    expect(init.headers).toMatchObject({
      Authorization: "Bearer api-token",
      Accept: "application/pdf",
    });
    await expectNoSeriousA11yViolations();
  });

  test("the report the school's e-mail links to opens by itself", async () => {
    stubPage({ [incidentsOfMia]: [familyView(report)], "/incidents/5": familyView(report) });
    renderPage("/dashboard/family/2/care#incident-5");

    expect(await screen.findByText("Mia tripped on the path and grazed her knee.")).toBeVisible();
    expect(section("Incidents").getByRole("button", { name: /^Injury/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  });

  test("a refused PDF is shown and nothing is saved", async () => {
    const json = stubPage({
      [incidentsOfMia]: [familyView(report)],
      "/incidents/5": familyView(report),
    });
    withFile(
      json,
      ".pdf",
      () =>
        new Response(JSON.stringify({ message: "Not found." }), {
          status: 404,
          headers: { "Content-Type": "application/json" },
        }),
    );
    const { user } = renderPage("/dashboard/family/2/care#incident-5");

    await user.click(await screen.findByRole("button", { name: "Download PDF" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Not found.");
    expect(clicked).toEqual([]);
  });

  test("with none, it says so", async () => {
    stubPage();
    renderPage();
    expect(await screen.findByText("No incidents have been reported for Mia.")).toBeVisible();
  });

  test("a list that could not be loaded says so", async () => {
    stubPage({ [incidentsOfMia]: respond(404, { message: "Not found." }) });
    renderPage();
    const incidents = await screen.findByRole("region", { name: "Incidents" });
    expect(await within(incidents).findByRole("alert")).toHaveTextContent(
      "The incidents could not be loaded.",
    );
  });
});

test("the medication given opens on request: each dose, a correction, and what it corrected", async () => {
  const fetch = stubPage({
    [medicationsOfMia]: [
      makeMedicationEntry({ id: 63, outcome: "given", corrects: 62, note: "Given after lunch" }),
      makeMedicationEntry({ id: 62, outcome: "missed", correctedBy: 63 }),
      makeMedicationEntry({ id: 61, outcome: "refused", medication: "Zyrtec", dose: "5 ml" }),
    ],
  });
  const { user } = renderPage();

  const opener = await screen.findByRole("button", { name: "Medication given" });
  expect(requests(fetch)).not.toContain(`GET /api${medicationsOfMia}`);
  await user.click(opener);

  const table = await screen.findByRole("table", {
    name: "Medication given at camp, newest first",
  });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows).toHaveLength(3);
  expect(within(rows[0]).getByText("Given")).toBeVisible();
  expect(within(rows[0]).getByText("A correction of an earlier entry")).toBeVisible();
  expect(within(rows[0]).getByText("Given after lunch")).toBeVisible();
  expect(within(rows[1]).getByText("Missed").tagName).toBe("S");
  expect(within(rows[1]).getByText("Corrected")).toBeVisible();
  expect(within(rows[2]).getByText("Refused")).toBeVisible();
  expect(within(rows[2]).getByText("Zyrtec")).toBeVisible();
  expect(within(rows[2]).getByText(formatSchoolDay(daysAgo(0)))).toBeVisible();
});

test("the medication log, empty, says so", async () => {
  stubPage({ [medicationsOfMia]: [] });
  const { user } = renderPage();
  await user.click(await screen.findByRole("button", { name: "Medication given" }));
  expect(await screen.findByText("No medication has been recorded for Mia at camp.")).toBeVisible();
});

describe("Documents", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/document", token: "api-token" });
  const plan = makeCareDocument();
  const oldNote = makeCareDocument({
    id: 82,
    kind: "doctor_note",
    fileName: "note.jpg",
    contentType: "image/jpeg",
    expiresOn: daysAgo(3),
    expired: true,
  });
  const immunisation = makeCareDocument({
    id: 83,
    kind: "immunisation",
    fileName: "shots.png",
    contentType: "image/png",
    expiresOn: null,
  });

  function uploadForm() {
    return within(screen.getByRole("form", { name: "Upload a document for Mia" }));
  }

  test("each document shows its kind and whether it has expired, and downloads", async () => {
    const json = stubPage({ [documentsOfMia]: [plan, oldNote, immunisation] });
    const fetch = withFile(
      json,
      "/documents/81",
      () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="action-plan.pdf"',
          },
        }),
    );
    const { user } = renderPage();

    const documents = await screen.findByRole("table", { name: "Documents on file" });
    const rows = within(documents).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "action-plan.pdf120 KB",
      "note.jpg120 KB",
      "shots.png120 KB",
    ]);
    expect(within(rows[0]).getByText("Allergy action plan")).toBeVisible();
    expect(
      within(rows[0]).getByText(`Expires on ${formatSchoolDay(daysAhead(200))}`),
    ).toBeVisible();
    expect(within(rows[1]).getByText("Doctor's note")).toBeVisible();
    expect(within(rows[1]).getByText("Expired")).toBeVisible();
    expect(within(rows[2]).getByText("No expiry date")).toBeVisible();

    await user.click(within(rows[0]).getByRole("button", { name: "Download action-plan.pdf" }));

    await waitFor(() =>
      expect(clicked).toEqual([{ href: "blob:camp/document", download: "action-plan.pdf" }]),
    );
    const [url, init] = fetch.mock.calls.find(([called]) => called.endsWith("/documents/81"));
    expect(url).toBe("/api/documents/81");
    expect(init.headers).toMatchObject({ Authorization: "Bearer api-token" });
    await expectNoSeriousA11yViolations();
  });

  test("a record without an action plan says so, and the page has the form to upload one", async () => {
    stubPage({
      "/participants/2/care": makeCompleteCareRecord({ complete: false, missing: ["actionPlan"] }),
      [documentsOfMia]: [oldNote],
    });
    renderPage();

    const status = within(await screen.findByRole("region", { name: "Where the record stands" }));
    expect(status.getByRole("listitem")).toHaveTextContent(
      "an allergy action plan on file that has not expired",
    );
    expect(await screen.findByRole("form", { name: "Upload a document for Mia" })).toBeVisible();
  });

  test("an upload sends the file, its kind and its expiry as multipart", async () => {
    const expiresOn = daysAhead(300);
    const fetch = stubPage({
      [documentsOfMia]: [],
      [`POST ${documentsOfMia}`]: respond(201, plan),
    });
    const { user, auth } = renderPage();
    expect(await screen.findByText("No documents yet.")).toBeVisible();
    const file = new File(["%PDF-1.7"], "action-plan.pdf", { type: "application/pdf" });

    await user.upload(uploadForm().getByLabelText("File"), file);
    await user.selectOptions(
      uploadForm().getByLabelText("Kind of document"),
      "Allergy action plan",
    );
    await user.type(uploadForm().getByLabelText("Expires on (optional)"), expiresOn);
    stubPage({ [documentsOfMia]: [plan], [`POST ${documentsOfMia}`]: respond(201, plan) });
    const posted = global.fetch;
    await user.click(uploadForm().getByRole("button", { name: "Upload document" }));

    await waitFor(() =>
      expect(auth.notify).toHaveBeenCalledWith("Allergy action plan uploaded for Mia"),
    );
    const [url, init] = posted.mock.calls.find(([, sent]) => sent?.method === "POST");
    expect(url).toBe(`/api${documentsOfMia}`);
    expect(init.body).toBeInstanceOf(FormData);
    expect(init.body.get("file")).toBe(file);
    expect(init.body.get("kind")).toBe("action_plan");
    expect(init.body.get("expiresOn")).toBe(expiresOn);
    // The browser sets the multipart boundary: no JSON content type is sent.
    expect(init.headers["Content-Type"]).toBeUndefined();
    expect(await screen.findByRole("table", { name: "Documents on file" })).toBeVisible();
    // The care record is asked for again: an action plan can complete it.
    expect(requests(posted)).toContain("GET /api/participants/2/care");
    expect(uploadForm().getByLabelText("Kind of document")).toHaveValue("");
    expect(requests(fetch)).toContain(`GET /api${documentsOfMia}`);
  });

  test("a file the school refuses is shown beside the file field", async () => {
    stubPage({
      [`POST ${documentsOfMia}`]: respond(400, {
        message: "Please check these fields: file.",
        errors: { file: ["Upload a PDF, PNG or JPEG file."] },
      }),
    });
    const { user } = renderPage();
    await screen.findByText("No documents yet.");

    // Named and typed as a PDF, though its bytes are not one: only the server can tell.
    await user.upload(
      uploadForm().getByLabelText("File"),
      new File(["not a pdf"], "plan.pdf", { type: "application/pdf" }),
    );
    await user.selectOptions(uploadForm().getByLabelText("Kind of document"), "Other document");
    await user.click(uploadForm().getByRole("button", { name: "Upload document" }));

    const input = uploadForm().getByLabelText("File");
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    expect(input).toHaveAccessibleDescription(
      "A PDF, or a photo or scan as PNG or JPEG. Upload a PDF, PNG or JPEG file.",
    );
    expect(uploadForm().getByRole("alert")).toHaveTextContent(
      "File: Upload a PDF, PNG or JPEG file.",
    );
  });

  test("the form asks for a file and a kind, and refuses a date passed, before sending", async () => {
    const fetch = stubPage();
    const { user } = renderPage();
    await screen.findByText("No documents yet.");

    await user.type(uploadForm().getByLabelText("Expires on (optional)"), daysAgo(2));
    await user.click(uploadForm().getByRole("button", { name: "Upload document" }));

    const summary = await uploadForm().findByRole("alert");
    expect(
      within(summary)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "File: Choose the file to upload.",
      "Kind of document: Choose what kind of document it is.",
      "Expires on: This date has passed: the document has expired.",
    ]);
    expect(requests(fetch).filter((request) => request.startsWith("POST"))).toEqual([]);
  });
});

test("the access log names the documents, incidents and medication log staff read", async () => {
  stubPage({
    "/participants/2/care/access-log": [
      {
        readAt: daysAgo(1) + "T09:00:00Z",
        readerName: "Pat Instructor",
        readerRole: "instructor",
        part: "document",
      },
      {
        readAt: daysAgo(2) + "T09:00:00Z",
        readerName: "Ada Office",
        readerRole: "admin",
        part: "incident",
      },
      {
        readAt: daysAgo(3) + "T09:00:00Z",
        readerName: "Pat Instructor",
        readerRole: "instructor",
        part: "medication",
      },
    ],
  });
  const { user } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Who read this record" }));

  expect(
    await screen.findByText("Pat Instructor (instructor) read a document on file"),
  ).toBeVisible();
  expect(screen.getByText("Ada Office (school office) read an incident report")).toBeVisible();
  expect(screen.getByText("Pat Instructor (instructor) read the medication log")).toBeVisible();
});
