import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { makeChild, makeLineStanding, makeWaitlistEntry, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { WATCHED_CLASSES_KEY, classWatched } from "../../../lib/watchedClasses";
import { WaitingRoomPage } from "../routes/WaitingRoomPage";

const mia = makeChild({ lastName: "Lopez" });
const pottery = { id: 3, name: "Wheel-Thrown Pottery", unitLabel: "", waitlistOpen: true };
const secondWeek = { id: 9, name: "Art Explorers", unitLabel: "Week 2", waitlistOpen: false };
// In line, asked after again only in half a minute: long past each test.
const inLine = makeLineStanding({ pollSeconds: 30 });

function openLine(stubs, auth) {
  const fetch = stubApi({ "POST /waitingRoom": inLine, ...stubs });
  renderWithProviders(<WaitingRoomPage />, { route: "/waiting-room", path: "/waiting-room", auth });
  return { fetch, user: userEvent.setup() };
}

function asked(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
}

function posted(fetch) {
  const [, init] = fetch.mock.calls.find(([url]) => url.endsWith("/waitlist"));
  return JSON.parse(init.body);
}

const fullList = () => screen.findByRole("region", { name: "Already full" });

beforeEach(() => {
  window.localStorage.clear();
});

test("a family in line reads which of its classes are full, and joins a waitlist for a child", async () => {
  classWatched(7);
  classWatched(3);
  const { fetch, user } = openLine(
    {
      "/waitingRoom/fullClasses?watching=3,7": [secondWeek, pottery],
      "/participants": [myself, mia],
      "POST /waitlist": respond(
        201,
        makeWaitlistEntry({ classId: 3, participantId: mia._id, position: 4 }),
      ),
    },
    signedIn("student"),
  );

  const list = within(await fullList());
  expect(
    list.getByText(/have no seats left\. You may join a waitlist while you wait/),
  ).toBeVisible();
  const [week, wheel] = list.getAllByRole("listitem");
  expect(week).toHaveTextContent("Art Explorers");
  expect(within(week).getByText("Week 2")).toBeVisible();
  expect(within(week).getByText("Its waitlist opens with registration.")).toBeVisible();
  expect(within(week).queryByRole("button")).not.toBeInTheDocument();
  const forWhom = await within(wheel).findByLabelText(
    "Who is joining the waitlist for Wheel-Thrown Pottery?",
  );
  expect(
    within(forWhom)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["Myself", "Mia Lopez"]);

  await user.selectOptions(forWhom, "Mia Lopez");
  await user.click(within(wheel).getByRole("button", { name: "Join the waitlist" }));

  expect(await within(wheel).findByRole("status")).toHaveTextContent(
    "Mia is on the waitlist, number 4",
  );
  expect(posted(fetch)).toEqual({ classId: 3, participantId: mia._id });
  // Another of the family may join too.
  expect(within(wheel).getByRole("button", { name: "Join the waitlist" })).toBeEnabled();
  expect(screen.getByText("You are number 3 in line")).toBeVisible();
});

test("the account holder alone joins at once, and a refusal is said beside the class", async () => {
  const { fetch, user } = openLine(
    {
      "/waitingRoom/fullClasses": [{ ...pottery, id: 4, name: "Batik" }, pottery],
      "/participants": [myself],
      "POST /waitlist": respond(201, makeWaitlistEntry({ classId: 3, position: 1 })),
    },
    signedIn("student"),
  );
  const [batik, wheel] = within(await fullList()).getAllByRole("listitem");
  expect(within(wheel).queryByRole("combobox")).not.toBeInTheDocument();

  await user.click(within(wheel).getByRole("button", { name: "Join the waitlist" }));

  expect(await within(wheel).findByRole("status")).toHaveTextContent(
    "You are on the waitlist, number 1",
  );
  expect(within(wheel).queryByRole("button")).not.toBeInTheDocument();
  expect(posted(fetch)).toEqual({ classId: 3 });

  fetch.mockImplementationOnce((url, init) =>
    answerFor(url, init, 409, { message: "Seats are free in this class: select it instead." }),
  );
  await user.click(within(batik).getByRole("button", { name: "Join the waitlist" }));

  expect(await within(batik).findByRole("alert")).toHaveTextContent(
    "Seats are free in this class: select it instead.",
  );
  expect(within(batik).getByRole("button", { name: "Join the waitlist" })).toBeEnabled();
});

test("a visitor is told of the classes it looked at, and asked to sign in to join", async () => {
  classWatched(3);
  const { fetch } = openLine({ "/waitingRoom/fullClasses?watching=3": [pottery] });

  const item = within(await fullList()).getByRole("listitem");

  expect(item).toHaveTextContent("Wheel-Thrown Pottery");
  expect(item).toHaveTextContent("Sign in to join the waitlist.");
  expect(within(item).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  expect(within(item).queryByRole("button")).not.toBeInTheDocument();
  expect(asked(fetch)).not.toContain("GET /api/participants");
});

test("a visitor who opened no class page is asked nothing, and a family with none full sees nothing", async () => {
  const { fetch } = openLine({});
  expect(await screen.findByText("You are number 3 in line")).toBeVisible();
  expect(asked(fetch)).toEqual(["POST /api/waitingRoom"]);

  window.localStorage.clear();
  const second = openLine({ "/waitingRoom/fullClasses": [] }, signedIn("student"));
  await waitFor(() => expect(asked(second.fetch)).toContain("GET /api/waitingRoom/fullClasses"));
  expect(screen.queryByRole("region", { name: "Already full" })).not.toBeInTheDocument();
});

test("a class page opened is kept for the line: the latest first, ten at most, ids only", () => {
  window.localStorage.setItem(WATCHED_CLASSES_KEY, JSON.stringify([5, "x", -2, 5.5]));
  for (let id = 1; id <= 12; id += 1) classWatched(id);
  classWatched(4);
  classWatched("not a class");

  expect(JSON.parse(window.localStorage.getItem(WATCHED_CLASSES_KEY))).toEqual([
    4, 12, 11, 10, 9, 8, 7, 6, 5, 3,
  ]);
});
