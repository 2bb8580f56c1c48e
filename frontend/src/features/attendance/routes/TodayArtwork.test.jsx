import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { freshIndexedDb } from "../../../testing/indexedDb";
import { config } from "../../../config/config";
import { openQueue } from "../../../lib/offlineQueue";
import { answerFor, respond } from "../../../testing/api";
import { makeArtwork } from "../../../testing/artworkFixtures";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeCareFlags } from "../../../testing/careFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { CLIENT_ID as UUID, inMinutes, makeRosterLine } from "../../../testing/todayFixtures";
import { ARTWORK_DATABASE } from "../hooks/useArtworkQueue";
import { TodayPage } from "./TodayPage";

// Today's artwork: pieces photographed, kept on the phone, sent once, and tagged afterwards.
beforeEach(freshIndexedDb);
jest.setTimeout(20_000);

const line = (participantId, name) =>
  makeRosterLine({ participantId, name, flags: makeCareFlags() });

function today(more = {}) {
  return [
    {
      meetingId: 31,
      classId: 3,
      className: "Watercolour for Kids",
      unitLabel: "",
      extendedCare: null,
      location: "Studio 2",
      start: inMinutes(-30),
      end: inMinutes(150),
      opensAt: inMinutes(-90),
      attendance: [line(7, "Mia Lopez"), line(12, "Sam Reyes")],
      ...more,
    },
  ];
}

// What a multipart POST carried, field by field.
function formOf(body) {
  return {
    clientId: body.get("clientId"),
    title: body.get("title"),
    stage: body.get("stage"),
    participantIds: body.getAll("participantIds"),
    file: body.get("file"),
  };
}

const NAMES = { 7: "Mia", 12: "Sam" };
const tagged = (ids) => ids.map((id) => ({ id: Number(id), firstName: NAMES[id] }));

/*
 * The network: today's meeting, the class's pieces as the server holds them (`pieces`, kept
 * up to date by what is posted and patched), each POST answered by `answers.post(form)` and
 * each PATCH by `answers.patch(id, body)` (a stubbed answer, or thrown: no network). Answers
 * what was posted and patched.
 */
function network(answers = {}, { pieces = [], meetings = today() } = {}) {
  const sent = { posts: [], patches: [] };
  let held = pieces;
  let nextId = 60;
  global.fetch = jest.fn(async (url, init = {}) => {
    const path = String(url).slice(config.apiBase.length);
    const method = init.method ?? "GET";
    if (method === "GET" && path === "/attendance/today")
      return answerFor(url, init, 200, meetings);
    if (method === "GET" && path === "/classes/3/artworks") return answerFor(url, init, 200, held);
    if (method === "POST" && path === "/classes/3/artworks") {
      const form = formOf(init.body);
      sent.posts.push(form);
      const answer = answers.post
        ? await answers.post(form)
        : respond(
            201,
            makeArtwork({
              id: (nextId += 1),
              title: form.title,
              stage: form.stage,
              participants: tagged(form.participantIds),
            }),
          );
      if (answer.__status < 300) held = [answer.body, ...held];
      return answerFor(url, init, answer.__status, answer.body);
    }
    const patched = /^\/artworks\/(\d+)$/.exec(path);
    if (method === "PATCH" && patched) {
      const id = Number(patched[1]);
      const body = JSON.parse(init.body);
      sent.patches.push({ id, body });
      const piece = held.find((item) => item.id === id);
      const answer = answers.patch
        ? await answers.patch(id, body)
        : respond(200, {
            ...piece,
            title: body.title,
            stage: body.stage,
            readyAt: body.stage === "ready" ? new Date().toISOString() : null,
            participants: tagged(body.participantIds),
          });
      if (answer.__status < 300) held = held.map((item) => (item.id === id ? answer.body : item));
      return answerFor(url, init, answer.__status, answer.body);
    }
    throw new Error(`Nothing answers ${method} ${path} here.`);
  });
  return sent;
}

const offline = async () => {
  throw new TypeError("Failed to fetch");
};
const backOnline = () => act(() => window.dispatchEvent(new Event("online")));

function renderPage() {
  renderRoutes([{ path: "/dashboard/today", element: <TodayPage /> }], {
    route: "/dashboard/today",
    auth: signedIn("instructor", { user: { displayName: "Maya Lindqvist" } }),
  });
  return userEvent.setup();
}

const meeting = () => within(screen.getByRole("region", { name: "Watercolour for Kids" }));
const shown = async () =>
  within(await screen.findByRole("region", { name: "Watercolour for Kids" }));
const dialog = (name) => within(screen.getByRole("dialog", { name }));
const photo = (name = "bowl.jpg") => new File(["jpeg bytes"], name, { type: "image/jpeg" });

// The phone's camera hands the page a photo, as choosing one in the file input does.
async function photograph(file = photo()) {
  const region = await screen.findByRole("region", { name: "Watercolour for Kids" });
  const camera = region.querySelector('input[type="file"]');
  expect(camera).toHaveAttribute("accept", "image/*");
  expect(camera).toHaveAttribute("capture", "environment");
  fireEvent.change(camera, { target: { files: [file] } });
  return screen.findByRole("dialog", { name: "Save artwork" });
}

async function savePiece(user, { title, stage, children = [] }) {
  await photograph();
  const form = dialog("Save artwork");
  if (title) await user.type(form.getByLabelText("Title"), title);
  if (stage) await user.click(form.getByRole("radio", { name: stage }));
  for (const name of children) await user.click(form.getByRole("checkbox", { name }));
  await user.click(form.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
}

test("pieces photographed without a signal wait on the phone and are sent once each", async () => {
  let connected = false;
  // What reached the school: only what was sent while the connection held.
  const recorded = [];
  network({
    post: (form) => {
      if (!connected) return offline();
      recorded.push(form);
      return respond(201, makeArtwork({ id: 60 + recorded.length, title: form.title }));
    },
  });
  const user = renderPage();

  await savePiece(user, { title: "Blue bowl", stage: "Drying", children: ["Mia Lopez"] });
  await savePiece(user, { title: "Clay owl" });

  expect(await screen.findByText("2 pieces of artwork waiting to send")).toBeVisible();
  expect(await screen.findByText(/^Not sent yet/)).toBeVisible();
  const waiting = meeting().getByRole("list", {
    name: "Artwork photographed here for Watercolour for Kids",
  });
  expect(within(waiting).getAllByText("Waiting to send")).toHaveLength(2);
  expect(within(waiting).getByText(/Blue bowl · Mia Lopez/)).toBeVisible();

  // Kept on the device with the photo, as they would survive the page closing.
  const kept = await openQueue(ARTWORK_DATABASE).all();
  expect(kept.map((entry) => entry.title)).toEqual(["Blue bowl", "Clay owl"]);
  expect(kept[0]).toMatchObject({
    clientId: expect.stringMatching(UUID),
    meetingId: 31,
    classId: 3,
    stage: "drying",
    participantIds: [7],
    fileName: "bowl.jpg",
  });

  connected = true;
  backOnline();
  await waitFor(() => expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument());
  expect(recorded).toEqual([
    {
      clientId: kept[0].clientId,
      title: "Blue bowl",
      stage: "drying",
      participantIds: ["7"],
      file: expect.any(File),
    },
    {
      clientId: kept[1].clientId,
      title: "Clay owl",
      stage: "in_progress",
      participantIds: [],
      file: expect.any(File),
    },
  ]);
  expect(recorded[0].file.name).toBe("bowl.jpg");
  expect(await openQueue(ARTWORK_DATABASE).all()).toEqual([]);

  // The class's pieces, read again from the school: the two just sent.
  const pieces = await meeting().findByRole("list", { name: "Artwork of Watercolour for Kids" });
  await waitFor(() => expect(within(pieces).getAllByRole("listitem")).toHaveLength(2));
  // The connection coming back again sends nothing more.
  backOnline();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(recorded).toHaveLength(2);
});

test("a piece sent untagged is tagged afterwards, with its stage changed", async () => {
  const sent = network({}, { pieces: [makeArtwork({ id: 61, title: "Blue bowl" })] });
  const user = renderPage();

  const piece = await (await shown()).findByRole("listitem", { name: "Blue bowl" });
  expect(within(piece).getByText("No child tagged yet")).toBeVisible();
  expect(within(piece).getByText("In progress")).toBeVisible();
  const image = within(piece).getByRole("presentation");
  expect(image).toHaveAttribute("loading", "lazy");
  expect(image).toHaveAttribute("width", "800");
  expect(image).toHaveAttribute("sizes", "4rem");
  await user.click(within(piece).getByRole("button", { name: "Tag children" }));

  const form = dialog("Edit artwork");
  expect(form.getByLabelText("Title")).toHaveValue("Blue bowl");
  expect(form.getByRole("radio", { name: "In progress" })).toBeChecked();
  // Each child by name beside their initials in a tinted circle, never a photo of them.
  const mia = form.getByRole("checkbox", { name: "Mia Lopez" });
  const label = screen.getByRole("dialog").querySelector(`label[for="${mia.id}"]`);
  expect(label.querySelector(".picture-initials")).toHaveTextContent("ML");
  expect(label.querySelector("img")).toBeNull();
  await expectNoSeriousA11yViolations();

  await user.click(mia);
  await user.click(form.getByRole("radio", { name: "Ready for pick-up" }));
  await user.click(form.getByRole("button", { name: "Save" }));

  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(sent.patches).toEqual([
    { id: 61, body: { title: "Blue bowl", stage: "ready", participantIds: [7] } },
  ]);
  const after = meeting().getByRole("listitem", { name: "Blue bowl" });
  expect(await within(after).findByText("Mia")).toBeVisible();
  expect(within(after).getByText("Ready for pick-up")).toBeVisible();
  expect(within(after).getByRole("button", { name: "Edit" })).toBeVisible();
});

test("a tag the server refuses is shown beside the children, and the dialog stays", async () => {
  network(
    {
      patch: () =>
        respond(400, {
          message: "Please check these fields: participantIds.",
          errors: { participantIds: ["Sam Reyes has no seat in this class."] },
        }),
    },
    { pieces: [makeArtwork({ id: 61 })] },
  );
  const user = renderPage();

  const piece = await (await shown()).findByRole("listitem", { name: "Blue bowl" });
  await user.click(within(piece).getByRole("button", { name: "Tag children" }));
  const form = dialog("Edit artwork");
  await user.click(form.getByRole("checkbox", { name: "Sam Reyes" }));
  await user.click(form.getByRole("button", { name: "Save" }));

  expect(
    await form.findByText("Sam Reyes has no seat in this class.", {
      selector: ".invalid-feedback",
    }),
  ).toBeVisible();
  expect(screen.getByRole("dialog", { name: "Edit artwork" })).toBeInTheDocument();
});

test("a photo the server refuses says why, and can be discarded", async () => {
  const sent = network({
    post: () =>
      respond(400, {
        message: "Please check these fields: file.",
        errors: { file: ["This file is not a picture: take the photo again."] },
      }),
  });
  const user = renderPage();

  await savePiece(user, { title: "Blue bowl" });
  expect(await meeting().findByRole("alert")).toHaveTextContent(
    "Photo not sent: This file is not a picture: take the photo again.",
  );
  expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument();
  expect(sent.posts).toHaveLength(1);

  await user.click(meeting().getByRole("button", { name: "Discard photo" }));
  expect(meeting().queryByRole("alert")).not.toBeInTheDocument();
});

test("a refused piece put right is sent again as the same piece", async () => {
  let refuse = true;
  const sent = network({
    post: (form) =>
      refuse
        ? respond(400, {
            message: "Please check these fields: participantIds.",
            errors: { participantIds: ["Sam Reyes has no seat in this class."] },
          })
        : respond(201, makeArtwork({ id: 61, title: form.title })),
  });
  const user = renderPage();

  await savePiece(user, { title: "Blue bowl", children: ["Sam Reyes"] });
  await meeting().findByRole("alert");
  refuse = false;
  await user.click(meeting().getByRole("button", { name: "Edit and send again" }));
  const form = dialog("Save artwork");
  expect(form.getByLabelText("Title")).toHaveValue("Blue bowl");
  expect(form.getByRole("checkbox", { name: "Sam Reyes" })).toBeChecked();
  await user.click(form.getByRole("checkbox", { name: "Sam Reyes" }));
  await user.click(form.getByRole("button", { name: "Save" }));

  await waitFor(() => expect(sent.posts).toHaveLength(2));
  expect(sent.posts[1]).toMatchObject({ title: "Blue bowl", participantIds: [] });
  expect(sent.posts[1].clientId).not.toBe(sent.posts[0].clientId);
  expect(sent.posts[1].file.name).toBe("bowl.jpg");
  await waitFor(() => expect(meeting().queryByRole("alert")).not.toBeInTheDocument());
});

test("a day of after-care photographs nothing: its pieces belong to the classes", async () => {
  const care = { kind: "after", label: "After-care", ledBy: "Maya Lindqvist" };
  network({}, { meetings: today({ extendedCare: care }) });
  renderPage();

  await screen.findByRole("region", { name: "Watercolour for Kids" });
  expect(meeting().queryByRole("button", { name: "Photograph artwork" })).not.toBeInTheDocument();
  expect(global.fetch.mock.calls.map(([url]) => url)).not.toContain("/api/classes/3/artworks");
});

test("a class's day's limit reached is a refusal: the photo is not sent again and again", async () => {
  const said =
    "Watercolour for Kids has photographed 60 pieces today, the most a class may in a day. " +
    "You can photograph more from midnight (school time), Tuesday, July 7.";
  const sent = network({
    post: () =>
      respond(
        429,
        {
          message: said,
          code: "artwork_daily_count",
          limit: 60,
          resetsAt: inMinutes(600),
        },
        { "Retry-After": "36000" },
      ),
  });
  const user = renderPage();

  await savePiece(user, { title: "Blue bowl" });
  expect(await meeting().findByRole("alert")).toHaveTextContent(`Photo not sent: ${said}`);
  expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument();
  backOnline();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent.posts).toHaveLength(1);
  expect(await openQueue(ARTWORK_DATABASE).all()).toEqual([]);
});
