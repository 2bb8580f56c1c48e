import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeChance,
  makeChild,
  makeClass,
  makeWaitlistEntry,
  myself,
} from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";

// Every seat is taken or held while someone pays: `seats` left, but none free.
const full = makeClass({ nameClass: "Watercolor Basics", seats: 2, seatsFree: 0, ageMin: 8 });
const open = makeClass({ nameClass: "Pottery Wheel", seats: 5, seatsFree: 3 });
const eligibilityPath = `/eligibility?classIds=${full._id},${open._id}`;

const mia = makeChild({ dateOfBirth: "2018-03-02" });
const leo = { ...mia, _id: 3, firstName: "Leo" };
const noSeats = { kind: "full", reason: "This class has no seats left." };
const forChildren = { kind: "age", reason: "Ages 8–12: this class is for children." };

// Only a free seat is missing: the server says so, and that they may wait for one.
function waitsFor(participant) {
  return makeChance(participant, noSeats);
}

function entry(overrides) {
  return makeWaitlistEntry({
    _id: 51,
    classId: full._id,
    className: full.nameClass,
    image: full.image,
    position: 3,
    createdAt: "2027-06-01T10:00:00Z",
    ...overrides,
  });
}

function renderAs(auth, answers) {
  const fetch = stubApi({
    [firstPage]: [full, open],
    "/waitlist": respond(201, entry()),
    ...answers,
  });
  const rendered = renderWithProviders(<ClassesPage />, { route: "/all-classes", auth });
  return { ...rendered, fetch, user: userEvent.setup() };
}

async function cardLoaded(name) {
  return within(await screen.findByRole("article", { name }));
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

function postsTo(fetch, path) {
  return fetch.mock.calls
    .filter(([url, init]) => init.method === "POST" && url === `/api${path}`)
    .map(([, init]) => JSON.parse(init.body));
}

test("a full class offers a student alone Join the waitlist instead of Select", async () => {
  const auth = signedIn("student");
  const { fetch, user } = renderAs(auth, {
    "/participants": [myself],
    [eligibilityPath]: {
      classes: { [full._id]: [waitsFor(myself)], [open._id]: [makeChance(myself)] },
    },
  });
  const join = await (
    await cardLoaded("Watercolor Basics")
  ).findByRole("button", { name: "Join the waitlist" });
  await waitFor(() => expect(join).not.toHaveAttribute("aria-disabled"));
  // The seats shown are the free ones, not the seats not yet paid for.
  expect(
    card("Watercolor Basics").getByText("Available seats").nextElementSibling,
  ).toHaveTextContent("0");
  expect(card("Watercolor Basics").getByText("No seats left")).toBeInTheDocument();
  expect(card("Pottery Wheel").getByRole("button", { name: "Select" })).not.toHaveAttribute(
    "aria-disabled",
  );
  await expectNoSeriousA11yViolations();

  await user.click(join);

  await waitFor(() =>
    expect(auth.notify).toHaveBeenCalledWith("You are on the waitlist, number 3"),
  );
  expect(postsTo(fetch, "/waitlist")).toEqual([{ classId: full._id, participantId: myself._id }]);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  // The server is asked again who can take which class.
  const calls = fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  expect(calls.lastIndexOf(`GET /api${eligibilityPath}`)).toBeGreaterThan(
    calls.indexOf("POST /api/waitlist"),
  );
  // Once on the list, the card says so and does not offer it again.
  expect(card("Watercolor Basics").getByText("You are on the waitlist.")).toBeInTheDocument();
  expect(
    card("Watercolor Basics").queryByRole("button", { name: "Join the waitlist" }),
  ).not.toBeInTheDocument();
  const waiting = card("Watercolor Basics").getByRole("button", { name: "On the waitlist" });
  expect(waiting).toHaveAttribute("aria-disabled", "true");
  expect(waiting).toHaveAccessibleDescription("Watercolor Basics You are on the waitlist.");
});

test("a family of several is asked who joins, among those who may", async () => {
  const auth = signedIn("student");
  const { fetch, user } = renderAs(auth, {
    "/participants": [myself, mia, leo],
    [eligibilityPath]: {
      classes: {
        [full._id]: [makeChance(myself, forChildren), waitsFor(mia), waitsFor(leo)],
        [open._id]: [makeChance(myself), makeChance(mia), makeChance(leo)],
      },
    },
    "/waitlist": respond(
      201,
      entry({ participantId: mia._id, participantName: "Mia Lopez", position: 1 }),
    ),
  });
  await waitFor(() =>
    expect(
      card("Watercolor Basics").getByRole("button", { name: "Join the waitlist" }),
    ).not.toHaveAttribute("aria-disabled"),
  );
  const who = await card("Watercolor Basics").findByRole("list", {
    name: "Who can take this class",
  });
  expect(
    within(who)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([
    `Myself: ${forChildren.reason}`,
    "Mia Lopez: Can join the waitlist",
    "Leo Lopez: Can join the waitlist",
  ]);

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Join the waitlist" }));

  const dialog = within(
    await screen.findByRole("dialog", {
      name: "Who is joining the waitlist for Watercolor Basics?",
    }),
  );
  expect(dialog.getByRole("button", { name: "Myself" })).toHaveAttribute("aria-disabled", "true");
  expect(dialog.getByText(forChildren.reason)).toBeInTheDocument();
  expect(dialog.getByRole("button", { name: "Mia Lopez" })).toHaveFocus();
  await user.click(dialog.getByRole("button", { name: "Mia Lopez" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Mia is on the waitlist, number 1"));
  expect(postsTo(fetch, "/waitlist")).toEqual([{ classId: full._id, participantId: mia._id }]);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  // Leo may still join; Mia is on the list.
  expect(
    within(who)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([
    `Myself: ${forChildren.reason}`,
    "Mia Lopez: Mia is on the waitlist.",
    "Leo Lopez: Can join the waitlist",
  ]);
  await user.click(card("Watercolor Basics").getByRole("button", { name: "Join the waitlist" }));
  expect(
    within(await screen.findByRole("dialog")).getByRole("button", { name: "Mia Lopez" }),
  ).toHaveAttribute("aria-disabled", "true");
});

test("a family where only one can take the open seats still picks Select for them", async () => {
  renderAs(signedIn("student"), {
    "/participants": [myself, mia],
    [eligibilityPath]: {
      classes: {
        [full._id]: [waitsFor(myself), waitsFor(mia)],
        [open._id]: [makeChance(myself, forChildren), makeChance(mia)],
      },
    },
  });

  await waitFor(() =>
    expect(card("Pottery Wheel").getByRole("button", { name: "Select" })).not.toHaveAttribute(
      "aria-disabled",
    ),
  );
  expect(
    card("Watercolor Basics").getByRole("button", { name: "Join the waitlist" }),
  ).not.toHaveAttribute("aria-disabled");
});

test("the server's refusal to add someone to the waitlist is shown", async () => {
  const auth = signedIn("student");
  renderAs(auth, {
    "/participants": [myself],
    [eligibilityPath]: {
      classes: { [full._id]: [waitsFor(myself)], [open._id]: [makeChance(myself)] },
    },
    "/waitlist": respond(409, { message: "Seats are free: select the class instead." }),
  });
  const join = await (
    await cardLoaded("Watercolor Basics")
  ).findByRole("button", { name: "Join the waitlist" });
  await waitFor(() => expect(join).not.toHaveAttribute("aria-disabled"));

  await userEvent.setup().click(join);

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Seats are free: select the class instead.",
  );
  expect(auth.notify).not.toHaveBeenCalled();
});

test("someone a full class is not open to gets no waitlist, only the server's reason", async () => {
  renderAs(signedIn("student"), {
    "/participants": [myself],
    [eligibilityPath]: {
      classes: {
        [full._id]: [makeChance(myself, forChildren)],
        [open._id]: [makeChance(myself)],
      },
    },
  });

  await waitFor(() =>
    expect(card("Pottery Wheel").getByRole("button", { name: "Select" })).not.toHaveAttribute(
      "aria-disabled",
    ),
  );
  const tooOld = card("Watercolor Basics").getByRole("button", { name: "Outside the age range" });
  expect(tooOld).toHaveAttribute("aria-disabled", "true");
  expect(tooOld).toHaveAccessibleDescription(`Watercolor Basics ${forChildren.reason}`);
  // Still shaded as full: its seats are the class's own, shown to everyone.
  expect(screen.getByRole("article", { name: "Watercolor Basics" })).toHaveClass(
    "bg-danger-subtle",
  );
  expect(
    card("Watercolor Basics").queryByRole("button", { name: "Join the waitlist" }),
  ).not.toBeInTheDocument();
});

test("visitors see a full class as full, with no waitlist", async () => {
  renderAs(visitor, {});

  const full = await (
    await cardLoaded("Watercolor Basics")
  ).findByRole("button", { name: "No seats left" });
  expect(full).toHaveAttribute("aria-disabled", "true");
  // Signed in, they could join its waitlist.
  expect(full).toHaveAccessibleDescription("Watercolor Basics Sign in to join the waitlist.");
  expect(screen.queryByRole("button", { name: "Join the waitlist" })).not.toBeInTheDocument();
});
