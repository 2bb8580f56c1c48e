import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { freshIndexedDb } from "../../../testing/indexedDb";
import { config } from "../../../config/config";
import { openQueue } from "../../../lib/offlineQueue";
import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCareFlags } from "../../../testing/careFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { TodayPage } from "./TodayPage";

beforeEach(freshIndexedDb);

const MINUTE = 60 * 1000;
const inMinutes = (minutes) => new Date(Date.now() + minutes * MINUTE).toISOString();
const post = "/meetings/31/attendance";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const line = (overrides) => ({
  status: "expected",
  checkedInAt: null,
  checkedOutAt: null,
  late: false,
  early: false,
  collectedBy: null,
  collectors: [],
  mayLeaveAlone: false,
  lastActionId: null,
  lastActionBy: null,
  extendedCare: [],
  classesToday: [],
  ...overrides,
});

const ana = { kind: "guardian", id: "41", name: "Ana Lopez", relationship: "Parent", phone: "" };
const rosa = {
  kind: "pickup",
  id: "a1b2c3d4e5f6",
  name: "Rosa Lopez",
  relationship: "Aunt",
  phone: "+14155550134",
};
const mia = line({
  participantId: 7,
  name: "Mia Lopez",
  flags: makeCareFlags({
    allergy: "anaphylactic",
    allergies: ["Peanuts"],
    medicationAtCamp: true,
    photoConsent: false,
    pickups: ["Rosa Lopez"],
  }),
  collectors: [ana, rosa],
});
const sam = line({
  participantId: 12,
  name: "Sam Reyes",
  flags: makeCareFlags({ allergy: "mild", allergies: ["Pollen"], mayLeaveAlone: true }),
  collectors: [{ ...ana, id: "52", name: "Lee Reyes" }],
  mayLeaveAlone: true,
});

function today(attendance = [mia, sam], more = {}) {
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
      ...more,
    },
  ];
}

// The server's answer to a recorded action: the child's line as it now stands.
function recorded(body, status = 201) {
  const after = { check_in: "present", absent: "absent", check_out: "left" };
  const child = body.participantId === mia.participantId ? mia : sam;
  return respond(status, {
    clientId: body.clientId,
    action: body.action,
    at: body.at,
    recordedAt: new Date().toISOString(),
    by: "Maya Lindqvist",
    line: {
      ...child,
      status: after[body.action] ?? "expected",
      checkedInAt: body.action === "check_in" ? body.at : null,
      lastActionId: 345,
      lastActionBy: "Maya Lindqvist",
    },
  });
}

/*
 * The network for these tests: today's meetings, and each POST of an action answered by
 * `answerPost(body)`, a stubbed answer, or thrown (no network). A recorded action's line is in
 * today's meetings from then on, as on the server. Every answer is checked against the server's
 * schema.
 */
function network(answerPost, attendance = [mia, sam]) {
  const posts = [];
  let lines = attendance;
  global.fetch = jest.fn(async (url, init = {}) => {
    const path = String(url).slice(config.apiBase.length);
    if ((init.method ?? "GET") === "GET" && path === "/attendance/today") {
      return answerFor(url, init, 200, today(lines));
    }
    if ((init.method ?? "GET") === "GET" && path === "/classes/3/artworks") {
      return answerFor(url, init, 200, []);
    }
    if (init.method === "POST" && path === post) {
      const body = JSON.parse(init.body);
      posts.push(body);
      const answer = await answerPost(body);
      if (answer.__status < 300) {
        const { line: now } = answer.body;
        lines = lines.map((item) => (item.participantId === now.participantId ? now : item));
      }
      return answerFor(url, init, answer.__status, answer.body, answer.headers);
    }
    throw new Error(`Nothing answers ${init.method ?? "GET"} ${path} here.`);
  });
  return posts;
}

const offline = async () => {
  throw new TypeError("Failed to fetch");
};

function renderPage(role = "instructor") {
  renderRoutes([{ path: "/dashboard/today", element: <TodayPage /> }], {
    route: "/dashboard/today",
    auth: signedIn(role, { user: { displayName: "Maya Lindqvist", email: "maya@camp.test" } }),
  });
  return userEvent.setup();
}

const child = (name) => within(screen.getByRole("listitem", { name }));

test("each meeting today lists its children in name order, with their care flags", async () => {
  stubApi({ "/attendance/today": today() });
  renderPage();

  const meeting = await screen.findByRole("region", { name: "Watercolour for Kids" });
  expect(document.title).toBe("Today | Camp");
  expect(within(meeting).getByText(/Studio 2, 1250 Maple Avenue/)).toBeInTheDocument();
  const roster = within(meeting).getByRole("list", { name: "Watercolour for Kids" });
  expect(
    within(roster)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent),
  ).toEqual(["Mia Lopez", "Sam Reyes"]);
  const flagsOf = (name) =>
    child(name)
      .getAllByRole("listitem")
      .map((flag) => flag.textContent);
  expect(flagsOf("Mia Lopez")).toEqual([
    "EpiPen: Peanuts (anaphylactic)",
    "Medication at camp",
    "No photos",
  ]);
  expect(flagsOf("Sam Reyes")).toEqual(["Allergy: Pollen (mild)"]);
  expect(child("Mia Lopez").getByText("Expected")).toBeInTheDocument();
  expect(child("Mia Lopez").getByRole("button", { name: "Check in Mia Lopez" })).toBeVisible();
  expect(child("Mia Lopez").getByRole("button", { name: "Absent Mia Lopez" })).toBeVisible();
  expect(child("Mia Lopez").queryByRole("button", { name: /Check out/ })).not.toBeInTheDocument();
  expect(child("Mia Lopez").queryByRole("button", { name: /Undo/ })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a child already here shows when they came, and can be checked out", async () => {
  const arrived = inMinutes(-20);
  stubApi({
    "/attendance/today": today([
      { ...mia, status: "present", checkedInAt: arrived, late: true },
      {
        ...sam,
        status: "left",
        checkedInAt: arrived,
        checkedOutAt: inMinutes(-5),
        early: true,
        collectedBy: { kind: "alone", id: null, name: "Sam Reyes" },
      },
    ]),
  });
  renderPage();

  await screen.findByRole("listitem", { name: "Mia Lopez" });
  expect(child("Mia Lopez").getByText("Here")).toBeInTheDocument();
  expect(child("Mia Lopez").getByText(/^Arrived .* \(late\)$/)).toBeInTheDocument();
  expect(child("Mia Lopez").getByRole("button", { name: "Check out Mia Lopez" })).toBeVisible();
  expect(child("Sam Reyes").getByText("Gone home")).toBeInTheDocument();
  expect(child("Sam Reyes").getByText(/Left .* \(early\) · Left alone$/)).toBeInTheDocument();
  expect(child("Sam Reyes").queryAllByRole("button")).toEqual([]);
});

test("Check in sends the action with a new client id and the time it was taken", async () => {
  const posts = network((body) => recorded(body));
  const user = renderPage();
  const before = Date.now();

  await user.click(await screen.findByRole("button", { name: "Check in Mia Lopez" }));

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    clientId: expect.stringMatching(UUID),
    participantId: 7,
    action: "check_in",
    at: expect.any(String),
  });
  expect(Date.parse(posts[0].at)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(posts[0].at)).toBeLessThanOrEqual(Date.now());
  expect(await child("Mia Lopez").findByText("Here")).toBeInTheDocument();
  await waitFor(() =>
    expect(child("Mia Lopez").queryByText("Waiting to send")).not.toBeInTheDocument(),
  );
  // Recorded by this person a moment ago: it may be undone.
  expect(child("Mia Lopez").getByRole("button", { name: "Undo Mia Lopez" })).toBeVisible();
});

test("Check out asks who collected the child from the care record's list, and sends it", async () => {
  const posts = network((body) => recorded(body), [{ ...mia, status: "present" }, sam]);
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check out Mia Lopez" }));
  const dialog = within(screen.getByRole("dialog", { name: "Check out Mia Lopez" }));
  const choices = dialog.getByRole("group", { name: "Who collected them?" });
  expect(
    within(choices)
      .getAllByRole("radio")
      .map((radio) => radio.labels[0].textContent),
  ).toEqual(["Ana Lopez (Parent)", "Rosa Lopez (Aunt)", "Someone else"]);

  // Nobody chosen: nothing is sent.
  await user.click(dialog.getByRole("button", { name: "Check out" }));
  expect(await dialog.findByText("Choose who collected the child.")).toBeInTheDocument();
  expect(posts).toEqual([]);

  await user.click(dialog.getByRole("radio", { name: "Rosa Lopez (Aunt)" }));
  await user.click(dialog.getByRole("button", { name: "Check out" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    clientId: expect.stringMatching(UUID),
    participantId: 7,
    action: "check_out",
    at: expect.any(String),
    collectedBy: { kind: "pickup", id: "a1b2c3d4e5f6", name: "Rosa Lopez" },
  });
});

test("a child the record lets leave alone may be checked out as left alone", async () => {
  const posts = network((body) => recorded(body), [mia, { ...sam, status: "present" }]);
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check out Sam Reyes" }));
  const dialog = within(screen.getByRole("dialog", { name: "Check out Sam Reyes" }));
  expect(dialog.getAllByRole("radio").map((radio) => radio.labels[0].textContent)).toEqual([
    "Lee Reyes (Parent)",
    "Left alone",
    "Someone else",
  ]);
  await user.click(dialog.getByRole("radio", { name: "Left alone" }));
  await user.click(dialog.getByRole("button", { name: "Check out" }));

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0].collectedBy).toEqual({ kind: "alone" });
});

test("a collector the server refuses is shown beside the child with its sentence", async () => {
  const sentence =
    "Jo Smith is not on Mia Lopez's list of people who may collect her: Ana Lopez, Rosa Lopez.";
  const posts = network(
    () =>
      respond(400, {
        message: "Please check these fields: collectedBy.",
        errors: { collectedBy: [sentence] },
      }),
    [{ ...mia, status: "present" }, sam],
  );
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check out Mia Lopez" }));
  const dialog = within(screen.getByRole("dialog", { name: "Check out Mia Lopez" }));
  await user.click(dialog.getByRole("radio", { name: "Someone else" }));
  // An instructor gives a name only; a reason is the admins' to give.
  expect(dialog.queryByLabelText("Reason")).not.toBeInTheDocument();
  await user.click(dialog.getByRole("button", { name: "Check out" }));
  expect(
    await dialog.findByText("Enter the name of the person who collected the child."),
  ).toBeInTheDocument();
  await user.type(dialog.getByLabelText("Their name"), "Jo Smith");
  await user.click(dialog.getByRole("button", { name: "Check out" }));

  expect(await child("Mia Lopez").findByRole("alert")).toHaveTextContent(
    `Not recorded: ${sentence}`,
  );
  expect(posts).toEqual([
    expect.objectContaining({ collectedBy: { kind: "other", name: "Jo Smith" } }),
  ]);
  // Refused is final: it is no longer waiting, and the child is here as before.
  expect(child("Mia Lopez").queryByText("Waiting to send")).not.toBeInTheDocument();
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
  expect(child("Mia Lopez").getByText("Here")).toBeInTheDocument();
});

test("an admin lets someone else collect the child with a reason, which is sent", async () => {
  const posts = network((body) => recorded(body), [{ ...mia, status: "present" }, sam]);
  const user = renderPage("admin");

  await user.click(await screen.findByRole("button", { name: "Check out Mia Lopez" }));
  const dialog = within(screen.getByRole("dialog", { name: "Check out Mia Lopez" }));
  await user.click(dialog.getByRole("radio", { name: "Someone else" }));
  await user.type(dialog.getByLabelText("Their name"), "Jo Smith");
  await user.click(dialog.getByRole("button", { name: "Check out" }));
  expect(
    await dialog.findByText("Say why someone not on the list may collect the child."),
  ).toBeInTheDocument();
  await user.type(dialog.getByLabelText("Reason"), "Ana called the office to say so.");
  await user.click(dialog.getByRole("button", { name: "Check out" }));

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toMatchObject({
    collectedBy: { kind: "other", name: "Jo Smith" },
    overrideReason: "Ana called the office to say so.",
  });
});

test("offline, actions wait on the device in order and go in that order when back online", async () => {
  let answer = offline;
  const posts = network((body) => answer(body));
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check in Mia Lopez" }));
  await user.click(screen.getByRole("button", { name: "Check in Sam Reyes" }));

  // The banner counts each action once it is stored on the device, one after the other.
  await waitFor(() =>
    expect(screen.getByRole("status")).toHaveTextContent("2 actions waiting to send"),
  );
  for (const name of ["Mia Lopez", "Sam Reyes"]) {
    expect(child(name).getByText("Waiting to send")).toBeInTheDocument();
    expect(child(name).getByText("Here")).toBeInTheDocument();
  }
  // One try found no network; the second action waits behind the first, unsent.
  expect(posts.map((body) => body.participantId)).toEqual([7]);
  // Both are kept in IndexedDB, oldest first, as taken.
  const kept = await openQueue("camp-attendance").all();
  expect(kept).toEqual([
    expect.objectContaining({
      meetingId: 31,
      participantId: 7,
      action: "check_in",
      name: "Mia Lopez",
    }),
    expect.objectContaining({
      meetingId: 31,
      participantId: 12,
      action: "check_in",
      name: "Sam Reyes",
    }),
  ]);
  expect(kept[0].clientId).toBe(posts[0].clientId);

  answer = (body) => recorded(body);
  act(() => window.dispatchEvent(new Event("online")));

  await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
  expect(posts.map((body) => [body.participantId, body.clientId])).toEqual([
    [7, kept[0].clientId],
    [7, kept[0].clientId],
    [12, kept[1].clientId],
  ]);
  expect(screen.queryByText("Waiting to send")).not.toBeInTheDocument();
  expect(await openQueue("camp-attendance").all()).toEqual([]);
});

test("an action whose answer was lost is sent again with the same client id", async () => {
  // The server recorded the first try, but its answer never reached the phone.
  let answer = offline;
  const posts = network((body) => answer(body));
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Absent Sam Reyes" }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(await child("Sam Reyes").findByText("Waiting to send")).toBeInTheDocument();
  expect(child("Sam Reyes").getByText("Absent")).toBeInTheDocument();

  // The same clientId again: the server answers as it did the first time (200, not 201).
  answer = (body) => recorded(body, 200);
  act(() => window.dispatchEvent(new Event("online")));

  await waitFor(() =>
    expect(child("Sam Reyes").queryByText("Waiting to send")).not.toBeInTheDocument(),
  );
  expect(posts).toHaveLength(2);
  expect(posts[1]).toEqual(posts[0]);
  expect(posts[1].action).toBe("absent");
});

test("an action a busy server turned away is sent again when it says, not at the next retry", async () => {
  let answer = () =>
    respond(503, { message: "The site is busy right now." }, { "Retry-After": "1" });
  const posts = network((body) => answer(body));
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check in Mia Lopez" }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(await child("Mia Lopez").findByText("Waiting to send")).toBeInTheDocument();

  answer = (body) => recorded(body);
  // A second, well before the queue's own retry (RETRY_EVERY_MS), and no `online` event.
  await waitFor(
    () => expect(child("Mia Lopez").queryByText("Waiting to send")).not.toBeInTheDocument(),
    { timeout: 3000 },
  );
  expect(posts).toHaveLength(2);
  expect(posts[1]).toEqual(posts[0]);
});

test("actions kept on the device are sent when the page opens again", async () => {
  const queue = openQueue("camp-attendance");
  const taken = {
    clientId: "2f1c3b0e-1d2c-4e5f-8a9b-0c1d2e3f4a5b",
    meetingId: 31,
    participantId: 7,
    action: "check_in",
    at: inMinutes(-3),
    collectedBy: null,
    overrideReason: "",
    name: "Mia Lopez",
  };
  await queue.add(taken);
  await queue.close();
  const posts = network((body) => recorded(body));
  renderPage();

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    clientId: taken.clientId,
    participantId: 7,
    action: "check_in",
    at: taken.at,
  });
});

test("Undo of an action still waiting is queued after it, and the child is expected again", async () => {
  const posts = network(offline);
  const user = renderPage();

  await user.click(await screen.findByRole("button", { name: "Check in Mia Lopez" }));
  await user.click(await screen.findByRole("button", { name: "Undo Mia Lopez" }));

  // The status already says one action waits; the undo joins it once the device has kept it.
  await waitFor(() =>
    expect(screen.getByRole("status")).toHaveTextContent("2 actions waiting to send"),
  );
  expect(child("Mia Lopez").getByText("Expected")).toBeInTheDocument();
  expect(
    child("Mia Lopez").queryByRole("button", { name: "Undo Mia Lopez" }),
  ).not.toBeInTheDocument();
  const kept = await openQueue("camp-attendance").all();
  expect(kept.map((entry) => entry.action)).toEqual(["check_in", "undo"]);
  expect(posts.map((body) => body.action)).toEqual(["check_in"]);
});

test("before attendance opens, an instructor sees when it does and no buttons", async () => {
  const [meeting] = today();
  stubApi({
    "/attendance/today": [
      { ...meeting, start: inMinutes(120), end: inMinutes(240), opensAt: inMinutes(60) },
    ],
  });
  renderPage();

  expect(await screen.findByText(/^Attendance opens at /)).toBeInTheDocument();
  expect(child("Mia Lopez").queryAllByRole("button")).toEqual([]);
});

test("a day without classes says so", async () => {
  stubApi({ "/attendance/today": [] });
  renderPage();

  expect(await screen.findByText("No classes meet today.")).toBeInTheDocument();
});

// Times at the school, as the server writes them: "2027-06-14T15:00:00-07:00".
const at = (hhmm) => `2027-06-14T${hhmm}:00-07:00`;
const afterCare = {
  meetingId: 52,
  classId: 40,
  kind: "after",
  label: "After-care",
  start: at("15:00"),
  end: at("18:00"),
  ledBy: "Sam Okafor",
};
const beforeCare = {
  ...afterCare,
  meetingId: 51,
  classId: 41,
  kind: "before",
  label: "Before-care",
  start: at("07:30"),
  end: at("09:00"),
  ledBy: "Jo Park",
};

test("on a week of camp each child shows the before- and after-care they go to, and with whom", async () => {
  stubApi({
    "/attendance/today": today([{ ...mia, extendedCare: [beforeCare, afterCare] }, sam], {
      className: "Art Adventures",
      unitLabel: "Week 1: Jun 14–Jun 18",
    }),
  });
  renderPage();

  const meeting = await screen.findByRole("region", { name: "Art Adventures" });
  expect(within(meeting).getByText(/^Week 1: Jun 14–Jun 18 · /)).toBeInTheDocument();
  const day = child("Mia Lopez").getByRole("list", { name: "Mia Lopez's day" });
  expect(
    within(day)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([
    "Before-care 7:30 AM–9:00 AM with Jo Park",
    "After-care 3:00 PM–6:00 PM with Sam Okafor",
  ]);
  expect(child("Sam Reyes").queryByRole("list", { name: /day/ })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("on a day of after-care each child shows the class they come from", async () => {
  const artAdventures = {
    meetingId: 31,
    classId: 3,
    className: "Art Adventures",
    unitLabel: "Week 1: Jun 14–Jun 18",
    start: at("09:00"),
    end: at("15:00"),
  };
  stubApi({
    "/attendance/today": today(
      [
        {
          ...mia,
          status: "present",
          checkedInAt: at("15:00"),
          classesToday: [artAdventures],
          extendedCare: [beforeCare],
        },
      ],
      {
        meetingId: 52,
        className: "After-care",
        unitLabel: "Mon Jun 14",
        extendedCare: { kind: "after", label: "After-care", ledBy: "Sam Okafor" },
      },
    ),
  });
  renderPage();

  await screen.findByRole("region", { name: "After-care" });
  const day = child("Mia Lopez").getByRole("list", { name: "Mia Lopez's day" });
  expect(within(day).getByRole("listitem")).toHaveTextContent(
    "From Art Adventures, Week 1: Jun 14–Jun 18 (9:00 AM–3:00 PM)",
  );
});

test("a child handed over to their class shows where they went", async () => {
  stubApi({
    "/attendance/today": today([
      {
        ...mia,
        status: "left",
        checkedInAt: inMinutes(-60),
        checkedOutAt: inMinutes(-5),
        collectedBy: { kind: "handover", id: "31", name: "Art Adventures" },
      },
    ]),
  });
  renderPage();

  await screen.findByRole("listitem", { name: "Mia Lopez" });
  expect(child("Mia Lopez").getByText(/· Handed over to Art Adventures$/)).toBeInTheDocument();
});

test("a child going to after-care is handed over in one step, and shows where they went", async () => {
  const posts = [];
  const here = {
    ...mia,
    status: "present",
    checkedInAt: inMinutes(-30),
    extendedCare: [afterCare],
  };
  let lines = [here, sam];
  global.fetch = jest.fn(async (url, init = {}) => {
    const path = String(url).slice(config.apiBase.length);
    if ((init.method ?? "GET") === "GET" && path === "/attendance/today") {
      return answerFor(url, init, 200, today(lines));
    }
    if ((init.method ?? "GET") === "GET" && path === "/classes/3/artworks") {
      return answerFor(url, init, 200, []);
    }
    if (init.method === "POST" && path === "/meetings/31/handOver") {
      const body = JSON.parse(init.body);
      posts.push(body);
      const action = (kind, line) => ({
        clientId: body.clientId,
        action: kind,
        at: body.at,
        recordedAt: new Date().toISOString(),
        by: "Maya Lindqvist",
        line,
      });
      const left = {
        ...here,
        status: "left",
        checkedOutAt: body.at,
        collectedBy: { kind: "handover", id: "52", name: "After-care" },
        lastActionId: 346,
        lastActionBy: "Maya Lindqvist",
      };
      lines = [left, sam];
      return answerFor(url, init, 201, {
        checkedOut: action("check_out", left),
        checkedIn: action("check_in", { ...left, status: "present", collectedBy: null }),
      });
    }
    throw new Error(`Nothing answers ${init.method ?? "GET"} ${path} here.`);
  });
  const user = renderPage();

  const handOver = await screen.findByRole("button", { name: "Hand over to After-care Mia Lopez" });
  expect(child("Sam Reyes").queryByRole("button", { name: /Hand over/ })).not.toBeInTheDocument();
  await user.click(handOver);

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    clientId: expect.stringMatching(UUID),
    participantId: 7,
    toMeetingId: 52,
    at: expect.any(String),
  });
  expect(await child("Mia Lopez").findByText(/Handed over to After-care$/)).toBeInTheDocument();
  expect(child("Mia Lopez").getByText("Gone home")).toBeInTheDocument();
  // It checked her in to after-care too: undoing half of it here would leave her in both.
  expect(child("Mia Lopez").queryByRole("button", { name: /Undo/ })).not.toBeInTheDocument();
});
