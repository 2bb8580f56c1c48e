import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { freshIndexedDb } from "../../../testing/indexedDb";
import { config } from "../../../config/config";
import { formatLocalTime } from "../../../components/ui/localTime";
import { openQueue } from "../../../lib/offlineQueue";
import { answerFor, respond } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCareFlags } from "../../../testing/careFixtures";
import { watchDownloads } from "../../../testing/downloads";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import {
  CLIENT_ID as UUID,
  MINUTE_MS as MINUTE,
  inMinutes,
  makeRosterLine,
} from "../../../testing/todayFixtures";
import { inputValueOf } from "../components/whenFields";
import { TodayPage } from "./TodayPage";

// Today's health and safety: incident reports, the medication due, and a child's action plan.
beforeEach(freshIndexedDb);
// A report is a long form, filled in field by field: on two busy cores that takes seconds.
jest.setTimeout(20_000);

const line = makeRosterLine;

const mia = line({
  participantId: 7,
  name: "Mia Lopez",
  flags: makeCareFlags({
    allergy: "anaphylactic",
    allergies: ["Peanuts"],
    medicationAtCamp: true,
    actionPlanOnFile: true,
  }),
});
const sam = line({
  participantId: 12,
  name: "Sam Reyes",
  flags: makeCareFlags({ medicationAtCamp: true }),
});

function today(attendance = [mia, sam]) {
  return [
    {
      meetingId: 31,
      classId: 3,
      className: "Watercolour for Kids",
      unitLabel: "",
      extendedCare: null,
      location: "Studio 2, 1250 Maple Avenue",
      start: inMinutes(-30),
      end: inMinutes(150),
      opensAt: inMinutes(-90),
      attendance,
    },
  ];
}

// The doses due at meeting 31, as GET /meetings/31/medications answers them.
const ventolin = {
  participantId: 7,
  name: "Mia Lopez",
  medication: "Ventolin",
  dose: "2 puffs",
  schedule: "12:00 with lunch",
  time: "12:00",
  status: "due",
  entries: [],
};
const insulin = {
  participantId: 12,
  name: "Sam Reyes",
  medication: "Insulin",
  dose: "as on the card",
  schedule: "If his reading is over 250",
  time: null,
  status: "due",
  entries: [],
};

const keepUntil = `${new Date().getFullYear() + 7}${new Date().toISOString().slice(4, 10)}`;

// The server's answer to a report: the staff's view of it.
function reported(body, status = 201) {
  const names = { 7: "Mia Lopez", 12: "Sam Reyes" };
  return respond(status, {
    id: 501,
    meetingId: body.meetingId,
    classId: 3,
    className: "Watercolour for Kids",
    at: body.at,
    location: body.location,
    kind: body.kind,
    bodyArea: body.bodyArea,
    description: body.description,
    firstAid: body.firstAid,
    told: body.told,
    parentToldAt: body.parentToldAt,
    followUp: body.followUp,
    internalNotes: body.internalNotes,
    reportedBy: "Maya Lindqvist",
    recordedAt: new Date().toISOString(),
    closedAt: null,
    closedBy: "",
    keepUntil,
    children: body.participantIds.map((participantId) => ({
      participantId,
      name: names[participantId],
      familyEmailedAt: null,
    })),
    addenda: [],
  });
}

// The server's answer to a dose: the entry as recorded.
let nextEntryId = 800;
function recordedDose(body, status = 201) {
  nextEntryId += 1;
  return respond(status, {
    id: nextEntryId,
    participantId: body.participantId,
    meetingId: body.meetingId,
    medication: body.medication,
    dose: body.medication === "Ventolin" ? "2 puffs" : "as on the card",
    outcome: body.outcome,
    at: body.at,
    note: body.note,
    by: "Maya Lindqvist",
    corrects: body.corrects,
    recordedAt: new Date().toISOString(),
  });
}

const offline = async () => {
  throw new TypeError("Failed to fetch");
};

// The last try has failed, and what it tried waits for the connection to come back.
async function stalled() {
  expect(await screen.findByText(/^Not sent yet/)).toBeVisible();
}

const backOnline = () => act(() => window.dispatchEvent(new Event("online")));

/*
 * The network for these tests: today's meetings and meeting 31's doses, each POST of a report
 * answered by `answers.incident(body)` and of a dose by `answers.dose(body)` (a stubbed answer,
 * or thrown: no network). A recorded dose is in the meeting's doses from then on, as on the
 * server. Every answer is checked against the server's schema. Answers the bodies posted.
 */
function network(
  answers = {},
  { attendance = [mia, sam], doses = [ventolin, insulin], documents = [] } = {},
) {
  const posts = { incidents: [], doses: [] };
  let due = doses;
  global.fetch = jest.fn(async (url, init = {}) => {
    const path = String(url).slice(config.apiBase.length);
    const method = init.method ?? "GET";
    if (method === "GET" && path === "/attendance/today") {
      return answerFor(url, init, 200, today(attendance));
    }
    if (method === "GET" && path === "/meetings/31/medications") {
      return answerFor(url, init, 200, due);
    }
    if (method === "GET" && path === "/classes/3/artworks") return answerFor(url, init, 200, []);
    if (method === "GET" && path === "/participants/7/documents") {
      return answerFor(url, init, 200, documents);
    }
    if (method === "POST" && path === "/incidents") {
      const body = JSON.parse(init.body);
      posts.incidents.push(body);
      const answer = await (answers.incident ?? reported)(body);
      return answerFor(url, init, answer.__status, answer.body, answer.headers);
    }
    if (method === "POST" && path === "/medications/administrations") {
      const body = JSON.parse(init.body);
      posts.doses.push(body);
      const answer = await (answers.dose ?? recordedDose)(body);
      if (answer.__status < 300) due = withEntry(due, answer.body);
      return answerFor(url, init, answer.__status, answer.body, answer.headers);
    }
    if (answers.other) return answers.other(url, init);
    throw new Error(`Nothing answers ${method} ${path} here.`);
  });
  return posts;
}

// The doses with a recorded entry in its line, as the server would list them next.
function withEntry(doses, entry) {
  return doses.map((dose) => {
    if (dose.participantId !== entry.participantId || dose.medication !== entry.medication) {
      return dose;
    }
    const entries = [
      ...dose.entries.map((old) =>
        old.id === entry.corrects ? { ...old, correctedBy: entry.id } : old,
      ),
      {
        id: entry.id,
        outcome: entry.outcome,
        at: entry.at,
        note: entry.note,
        by: entry.by,
        corrects: entry.corrects,
        correctedBy: null,
      },
    ];
    return { ...dose, entries, status: entry.outcome };
  });
}

function renderPage(role = "instructor") {
  renderRoutes([{ path: "/dashboard/today", element: <TodayPage /> }], {
    route: "/dashboard/today",
    auth: signedIn(role, { user: { displayName: "Maya Lindqvist", email: "maya@camp.test" } }),
  });
  return userEvent.setup();
}

const meeting = () => within(screen.getByRole("region", { name: "Watercolour for Kids" }));
const shown = () => screen.findByRole("region", { name: "Watercolour for Kids" });
const dialog = () => within(screen.getByRole("dialog", { name: "Report an incident" }));

// Writes `text` into a field as a paste: quicker than typing each key, and the same to the form.
async function write(user, field, text) {
  await user.click(field);
  await user.paste(text);
}

// Opens the report form and fills in an injury to Mia's left arm, tapped on the diagram.
async function writeInjury(user) {
  await shown();
  await user.click(meeting().getByRole("button", { name: "Report an incident" }));
  const form = dialog();
  await user.click(form.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(form.getByRole("radio", { name: "Injury" }));
  await user.click(screen.getByRole("dialog").querySelector('[data-area="left_arm"]'));
  await write(
    user,
    form.getByLabelText("What happened"),
    "Fell from the bench and grazed her arm.",
  );
  await write(user, form.getByLabelText("First aid given"), "Cleaned, plaster.");
  await write(user, form.getByLabelText("Who was told"), "Ana Lopez by phone");
  await write(user, form.getByLabelText("Internal notes"), "The bench wobbles.");
}

describe("Report an incident", () => {
  test("a report written offline waits on the device and is sent once when back online", async () => {
    let answer = offline;
    const posts = network({ incident: (body) => answer(body) });
    const user = renderPage();
    const before = Date.now() - MINUTE;

    await writeInjury(user);
    await user.click(dialog().getByRole("button", { name: "Save report" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("1 incident report waiting to send"),
    );
    const reports = within(meeting().getByRole("list", { name: /^Incident reports/ }));
    expect(reports.getByRole("listitem")).toHaveTextContent(
      /^Injury \(left arm\): Mia Lopez at .*Waiting to send$/,
    );
    await waitFor(() => expect(posts.incidents).toHaveLength(1));
    const [kept] = await openQueue("camp-incidents").all();
    expect(kept).toMatchObject({ meetingId: 31, participantIds: [7], kind: "injury" });
    expect(kept.clientId).toBe(posts.incidents[0].clientId);

    await stalled();
    answer = (body) => reported(body);
    backOnline();

    await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
    expect(posts.incidents).toHaveLength(2);
    expect(posts.incidents[1]).toEqual({
      clientId: expect.stringMatching(UUID),
      meetingId: 31,
      participantIds: [7],
      at: expect.any(String),
      kind: "injury",
      bodyArea: "left_arm",
      location: "",
      description: "Fell from the bench and grazed her arm.",
      firstAid: "Cleaned, plaster.",
      told: "Ana Lopez by phone",
      parentToldAt: null,
      followUp: "",
      internalNotes: "The bench wobbles.",
    });
    expect(posts.incidents[1]).toEqual(posts.incidents[0]);
    // When it happened: the form's "now", to the minute.
    expect(Date.parse(posts.incidents[1].at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(posts.incidents[1].at)).toBeLessThanOrEqual(Date.now());
    expect(reports.getByRole("listitem")).toHaveTextContent(/Sent: the families are e-mailed\.$/);
    expect(await openQueue("camp-incidents").all()).toEqual([]);

    // Sent is done: coming back online again sends nothing more.
    backOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts.incidents).toHaveLength(2);
  });

  test("a report whose answer was lost is sent again with the same client id, and shown once", async () => {
    // The server recorded the first try, but its answer never reached the phone.
    let answer = offline;
    const posts = network({ incident: (body) => answer(body) });
    const user = renderPage();

    await writeInjury(user);
    await user.click(dialog().getByRole("button", { name: "Save report" }));
    await waitFor(() => expect(posts.incidents).toHaveLength(1));

    await stalled();

    // The same clientId again: the server answers with the same report (200, not 201).
    answer = (body) => reported(body, 200);
    backOnline();

    await waitFor(() => expect(posts.incidents).toHaveLength(2));
    expect(posts.incidents[1]).toEqual(posts.incidents[0]);
    const reports = within(meeting().getByRole("list", { name: /^Incident reports/ }));
    await waitFor(() =>
      expect(reports.getByRole("listitem")).toHaveTextContent(/Sent: the families are e-mailed/),
    );
  });

  test("a report kept on the device is sent when the page opens again", async () => {
    const queue = openQueue("camp-incidents");
    const kept = {
      clientId: "9b1c3b0e-1d2c-4e5f-8a9b-0c1d2e3f4a5b",
      about: "incident:kept",
      meetingId: 31,
      participantIds: [12],
      names: ["Sam Reyes"],
      at: inMinutes(-10),
      kind: "illness",
      bodyArea: "",
      location: "Hallway",
      description: "Felt sick after lunch.",
      firstAid: "",
      told: "",
      parentToldAt: inMinutes(-5),
      followUp: "Collected early.",
      internalNotes: "",
    };
    await queue.add(kept);
    await queue.close();
    const posts = network();
    renderPage();

    await waitFor(() => expect(posts.incidents).toHaveLength(1));
    const { about, names, ...sent } = kept;
    expect(posts.incidents[0]).toEqual(sent);
    expect([about, names]).toEqual(["incident:kept", ["Sam Reyes"]]);
  });

  test("the body diagram chooses an area, and the list chooses the same from the keyboard", async () => {
    network();
    const user = renderPage();

    await shown();
    await user.click(meeting().getByRole("button", { name: "Report an incident" }));
    const box = screen.getByRole("dialog");
    // Only an injury has a place on the body.
    expect(dialog().queryByLabelText("Body area")).not.toBeInTheDocument();
    await user.click(dialog().getByRole("radio", { name: "Injury" }));
    const area = dialog().getByLabelText("Body area");
    expect(area).toHaveValue("");
    expect(
      within(area)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Choose a body area",
      "Head",
      "Face",
      "Neck",
      "Chest",
      "Back",
      "Abdomen",
      "Left arm",
      "Right arm",
      "Left hand",
      "Right hand",
      "Left leg",
      "Right leg",
      "Left foot",
      "Right foot",
    ]);

    await user.click(box.querySelector('[data-area="right_hand"]'));
    expect(area).toHaveValue("right_hand");
    const chosen = () =>
      [...box.querySelectorAll(".body-area-selected")].map((shape) => shape.dataset.area);
    // The hand is chosen in both views, front and back.
    expect(chosen()).toEqual(["right_hand", "right_hand"]);

    await user.selectOptions(area, "Back");
    expect(chosen()).toEqual(["back"]);
    await user.click(box.querySelector('[data-area="face"]'));
    expect(area).toHaveValue("face");
    await expectNoSeriousA11yViolations();
  });

  test("an illness is sent without a body area, whatever was tapped before", async () => {
    const posts = network();
    const user = renderPage();

    await writeInjury(user);
    await user.click(dialog().getByRole("radio", { name: "Illness" }));
    await user.click(dialog().getByRole("checkbox", { name: "Sam Reyes" }));
    await user.click(dialog().getByRole("button", { name: "Save report" }));

    await waitFor(() => expect(posts.incidents).toHaveLength(1));
    expect(posts.incidents[0]).toMatchObject({
      kind: "illness",
      bodyArea: "",
      participantIds: [7, 12],
    });
  });

  test("a report is checked as the server checks it before it is kept", async () => {
    const posts = network();
    const user = renderPage();

    await shown();
    await user.click(meeting().getByRole("button", { name: "Report an incident" }));
    const form = dialog();
    // When: now, to the minute (the minute may have turned since the form opened).
    const opened = form.getByLabelText("When").value;
    expect([inputValueOf(Date.now() - MINUTE), inputValueOf(Date.now())]).toContain(opened);
    await user.click(form.getByRole("button", { name: "Save report" }));

    const summary = await form.findByRole("alert");
    expect(
      within(summary)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Children: Choose at least one child.",
      "Kind of incident: Choose what kind of incident it was.",
      "What happened: Say what happened.",
    ]);
    expect(form.getByRole("group", { name: "Children involved" })).toHaveTextContent(
      "Choose at least one child.",
    );
    expect(form.getByLabelText("What happened")).toHaveAccessibleDescription("Say what happened.");

    await user.click(form.getByRole("checkbox", { name: "Sam Reyes" }));
    await user.click(form.getByRole("radio", { name: "Injury" }));
    await user.type(form.getByLabelText("What happened"), "   ");
    fireEvent.change(form.getByLabelText("When"), {
      target: { value: inputValueOf(Date.now() + 60 * MINUTE) },
    });
    await user.click(form.getByRole("button", { name: "Save report" }));

    await waitFor(() =>
      expect(
        within(form.getByRole("alert"))
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual([
        "When: This time is still to come.",
        "Body area: Choose where on the body the injury is.",
        "What happened: Say what happened.",
      ]),
    );
    expect(await openQueue("camp-incidents").all()).toEqual([]);
    expect(posts.incidents).toEqual([]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  test("a report the server refuses shows why, leaves the queue, and can be put right", async () => {
    const sentence = "Sam Reyes is not on this class's roster.";
    let answer = () =>
      respond(400, {
        message: "Please check these fields: participantIds.",
        errors: { participantIds: [sentence] },
      });
    const posts = network({ incident: (body) => answer(body) });
    const user = renderPage();

    await writeInjury(user);
    await user.click(dialog().getByRole("checkbox", { name: "Sam Reyes" }));
    await user.click(dialog().getByRole("button", { name: "Save report" }));

    expect(await meeting().findByRole("alert")).toHaveTextContent(`Report not sent: ${sentence}`);
    // Refused is final: it no longer waits, on the screen or on the device.
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(await openQueue("camp-incidents").all()).toEqual([]);
    expect(posts.incidents).toHaveLength(1);

    // Written again from what was refused, without Sam, it goes as a new report.
    answer = (body) => reported(body);
    await user.click(meeting().getByRole("button", { name: "Edit report" }));
    expect(dialog().getByLabelText("What happened")).toHaveValue(
      "Fell from the bench and grazed her arm.",
    );
    expect(dialog().getByLabelText("Body area")).toHaveValue("left_arm");
    await user.click(dialog().getByRole("checkbox", { name: "Sam Reyes" }));
    await user.click(dialog().getByRole("button", { name: "Save report" }));

    await waitFor(() => expect(posts.incidents).toHaveLength(2));
    expect(posts.incidents[1]).toMatchObject({ participantIds: [7], bodyArea: "left_arm" });
    expect(posts.incidents[1].clientId).not.toBe(posts.incidents[0].clientId);
    await waitFor(() => expect(meeting().queryByRole("alert")).not.toBeInTheDocument());
    expect(await meeting().findByText(/Sent: the families are e-mailed/)).toBeInTheDocument();
  });

  test("a refused report may be discarded", async () => {
    network({
      incident: () =>
        respond(400, {
          message: "Please check these fields: at.",
          errors: { at: ["It must be on the day of this class."] },
        }),
    });
    const user = renderPage();

    await writeInjury(user);
    await user.click(dialog().getByRole("button", { name: "Save report" }));
    await user.click(await meeting().findByRole("button", { name: "Discard report" }));

    expect(meeting().queryByRole("list", { name: /^Incident reports/ })).not.toBeInTheDocument();
  });
});

describe("Medication due", () => {
  test("the doses due are listed with their time, dose and instructions; Given is recorded", async () => {
    const posts = network();
    const user = renderPage();
    const before = Date.now();

    await shown();
    const due = within(meeting().getByRole("region", { name: "Medication due" }));
    const dose = (name) => within(due.getByRole("listitem", { name }));
    await due.findByRole("listitem", { name: "Mia Lopez: Ventolin" });
    expect(due.getAllByRole("heading", { level: 4 }).map((heading) => heading.textContent)).toEqual(
      ["Mia Lopez: Ventolin", "Sam Reyes: Insulin"],
    );
    expect(dose("Mia Lopez: Ventolin").getByText("12:00 PM")).toBeInTheDocument();
    expect(dose("Mia Lopez: Ventolin").getByText("Instructions: 12:00 with lunch")).toBeVisible();
    expect(dose("Mia Lopez: Ventolin").getByText(/· 2 puffs/)).toBeVisible();
    expect(dose("Mia Lopez: Ventolin").getByText("Due")).toBeVisible();
    expect(dose("Sam Reyes: Insulin").getByText("No set time")).toBeVisible();
    expect(
      dose("Sam Reyes: Insulin").getByText("Instructions: If his reading is over 250"),
    ).toBeVisible();
    await expectNoSeriousA11yViolations();

    await user.click(
      dose("Mia Lopez: Ventolin").getByRole("button", { name: "Given Ventolin for Mia Lopez" }),
    );

    await waitFor(() => expect(posts.doses).toHaveLength(1));
    expect(posts.doses[0]).toEqual({
      clientId: expect.stringMatching(UUID),
      participantId: 7,
      meetingId: 31,
      medication: "Ventolin",
      outcome: "given",
      at: expect.any(String),
      note: "",
      corrects: null,
    });
    expect(Date.parse(posts.doses[0].at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await dose("Mia Lopez: Ventolin").findByText("Given")).toBeVisible();
    await waitFor(() =>
      expect(dose("Mia Lopez: Ventolin").queryByText("Waiting to send")).not.toBeInTheDocument(),
    );
    expect(
      dose("Mia Lopez: Ventolin").getByText(
        `Given at ${formatLocalTime(posts.doses[0].at)} by Maya Lindqvist`,
      ),
    ).toBeVisible();
    expect(
      dose("Mia Lopez: Ventolin").queryByRole("button", { name: /^Given/ }),
    ).not.toBeInTheDocument();
    expect(
      dose("Sam Reyes: Insulin").getByRole("button", { name: "Missed Insulin for Sam Reyes" }),
    ).toBeVisible();
  });

  test("a dose recorded offline waits on the device and is sent when back online", async () => {
    let answer = offline;
    const posts = network({ dose: (body) => answer(body) });
    const user = renderPage();

    await user.click(await screen.findByRole("button", { name: "Missed Insulin for Sam Reyes" }));

    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("1 medication entry waiting to send"),
    );
    const insulinLine = within(screen.getByRole("listitem", { name: "Sam Reyes: Insulin" }));
    expect(insulinLine.getByText("Missed")).toBeVisible();
    expect(insulinLine.getByText("Waiting to send")).toBeVisible();
    const [kept] = await openQueue("camp-medications").all();
    expect(kept).toMatchObject({ participantId: 12, medication: "Insulin", outcome: "missed" });

    await stalled();
    answer = (body) => recordedDose(body);
    backOnline();

    await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
    expect(posts.doses.map((body) => body.clientId)).toEqual([kept.clientId, kept.clientId]);
    expect(await openQueue("camp-medications").all()).toEqual([]);
  });

  test("a dose the server refuses shows why beside it, and it is due again", async () => {
    const sentence = "Ventolin is not on Mia Lopez's record as given at camp.";
    network({
      dose: () =>
        respond(400, {
          message: "Please check these fields: medication.",
          errors: { medication: [sentence] },
        }),
    });
    const user = renderPage();

    await user.click(await screen.findByRole("button", { name: "Refused Ventolin for Mia Lopez" }));

    const ventolinLine = within(screen.getByRole("listitem", { name: "Mia Lopez: Ventolin" }));
    expect(await ventolinLine.findByRole("alert")).toHaveTextContent(`Not recorded: ${sentence}`);
    expect(ventolinLine.getByText("Due")).toBeVisible();
    expect(
      ventolinLine.getByRole("button", { name: "Given Ventolin for Mia Lopez" }),
    ).toBeVisible();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  test("an entry is corrected by a new one naming it, with a note", async () => {
    const givenAt = inMinutes(-20);
    const given = {
      id: 801,
      outcome: "given",
      at: givenAt,
      note: "",
      by: "Jo Park",
      corrects: null,
      correctedBy: null,
    };
    const posts = network(
      {},
      { doses: [{ ...ventolin, status: "given", entries: [given] }, insulin] },
    );
    const user = renderPage();

    const said = `Given at ${formatLocalTime(givenAt)} by Jo Park`;
    await user.click(
      await screen.findByRole("button", { name: `Correct ${said}, Ventolin for Mia Lopez` }),
    );
    const form = within(screen.getByRole("dialog", { name: "Correct Ventolin for Mia Lopez" }));
    expect(form.getByLabelText("When")).toHaveValue(inputValueOf(givenAt));
    await user.click(form.getByRole("button", { name: "Save correction" }));
    expect(await form.findByText("Choose what really happened.")).toBeVisible();
    expect(form.getByText("Say what the entry got wrong.")).toBeVisible();
    expect(posts.doses).toEqual([]);

    await user.click(form.getByRole("radio", { name: "Refused" }));
    await write(
      user,
      form.getByLabelText("Note"),
      "She would not take it; Jo tapped the wrong one.",
    );
    await user.click(form.getByRole("button", { name: "Save correction" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(posts.doses).toHaveLength(1));
    expect(posts.doses[0]).toEqual({
      clientId: expect.stringMatching(UUID),
      participantId: 7,
      meetingId: 31,
      medication: "Ventolin",
      outcome: "refused",
      at: new Date(Date.parse(inputValueOf(givenAt))).toISOString(),
      note: "She would not take it; Jo tapped the wrong one.",
      corrects: 801,
    });
    const ventolinLine = within(screen.getByRole("listitem", { name: "Mia Lopez: Ventolin" }));
    expect(await ventolinLine.findByText("(corrected)")).toBeVisible();
    expect(ventolinLine.getByText("Refused")).toBeVisible();
    expect(
      ventolinLine.queryByRole("button", { name: new RegExp(`^Correct ${said}`) }),
    ).not.toBeInTheDocument();
  });

  test("a correction waiting on the device marks its entry, which is not offered again", async () => {
    const given = {
      id: 801,
      outcome: "given",
      at: inMinutes(-20),
      note: "",
      by: "Jo Park",
      corrects: null,
      correctedBy: null,
    };
    network({ dose: offline }, { doses: [{ ...ventolin, status: "given", entries: [given] }] });
    const user = renderPage();

    await user.click(await screen.findByRole("button", { name: /^Correct Given at / }));
    const form = within(screen.getByRole("dialog", { name: "Correct Ventolin for Mia Lopez" }));
    await user.click(form.getByRole("radio", { name: "Missed" }));
    await write(user, form.getByLabelText("Note"), "Not given after all.");
    await user.click(form.getByRole("button", { name: "Save correction" }));

    const ventolinLine = within(screen.getByRole("listitem", { name: "Mia Lopez: Ventolin" }));
    expect(await ventolinLine.findByText("(correction waiting to send)")).toBeVisible();
    expect(ventolinLine.getByText("Missed")).toBeVisible();
    expect(ventolinLine.queryByRole("button", { name: /^Correct/ })).not.toBeInTheDocument();
  });

  test("a meeting without medication at camp asks for none", async () => {
    const plain = (child) => ({ ...child, flags: makeCareFlags() });
    network({}, { attendance: [plain(mia), plain(sam)] });
    renderPage();

    await screen.findByRole("listitem", { name: "Mia Lopez" });
    expect(screen.queryByRole("region", { name: "Medication due" })).not.toBeInTheDocument();
    expect(global.fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/attendance/today",
      "/api/classes/3/artworks",
    ]);
  });
});

describe("Action plan on file", () => {
  const clicked = watchDownloads({ objectUrl: "blob:camp/plan", token: "api-token" });
  const plan = (overrides) => ({
    id: 90,
    kind: "action_plan",
    fileName: "mia-action-plan.pdf",
    contentType: "application/pdf",
    size: 48213,
    expiresOn: null,
    expired: false,
    uploadedAt: inMinutes(-60 * 24 * 30),
    uploadedBy: "Ana Lopez",
    ...overrides,
  });
  const pdf = () =>
    new Response("%PDF-1.7 plan", {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="mia-action-plan.pdf"',
      },
    });

  test("a child's line says so, and the plan in force opens with the session's token", async () => {
    const documents = [
      plan({ id: 88, expired: true, uploadedAt: inMinutes(-60 * 24 * 400) }),
      plan(),
    ];
    network({ other: async () => pdf() }, { documents });
    const user = renderPage();

    const child = within(await screen.findByRole("listitem", { name: "Mia Lopez" }));
    expect(child.getByText("Action plan on file")).toBeVisible();
    expect(
      within(screen.getByRole("listitem", { name: "Sam Reyes" })).queryByText(
        "Action plan on file",
      ),
    ).not.toBeInTheDocument();
    await user.click(child.getByRole("button", { name: "Open action plan for Mia Lopez" }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = global.fetch.mock.calls.find(([called]) => called.includes("/documents/"));
    const asked = global.fetch.mock.calls.filter(([called]) => called.includes("documents"));
    expect(asked.map(([called]) => called)).toEqual([
      "/api/participants/7/documents",
      "/api/documents/90",
    ]);
    expect(url).toBe("/api/documents/90");
    expect(init.headers).toMatchObject({ Authorization: "Bearer api-token" });
    expect(clicked[0]).toEqual({ href: "blob:camp/plan", download: "mia-action-plan.pdf" });
  });

  test("a plan that cannot be opened says why beside the child", async () => {
    network({}, { documents: [] });
    const user = renderPage();

    const child = within(await screen.findByRole("listitem", { name: "Mia Lopez" }));
    await user.click(child.getByRole("button", { name: "Open action plan for Mia Lopez" }));

    expect(await child.findByRole("alert")).toHaveTextContent(
      "No action plan is on file for this child.",
    );
    expect(clicked).toEqual([]);
  });
});
