import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeChild, makeClass, makeWaitlistEntry, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";
const mySelections = "/selectClass?email=student%40camp.test";
const myEnrolments = "/enrolledStudent/student%40camp.test";

// Every seat is taken or held while someone pays: `seats` left, but none free.
const full = makeClass({ nameClass: "Watercolor Basics", seats: 2, seatsFree: 0, ageMin: 8 });
const open = makeClass({ nameClass: "Pottery Wheel", seats: 5, seatsFree: 3 });
const eligibilityPath = `/eligibility?classIds=${full._id},${open._id}`;

const mia = makeChild({ dateOfBirth: "2018-03-02" });
const leo = { ...mia, _id: 3, firstName: "Leo" };
const NO_SEATS = "This class has no seats left.";
const forChildren = "Ages 8–12: this class is for children.";

function answer(participant, eligible, reason = null, waitlist = false) {
  return {
    participantId: participant._id,
    participantName: `${participant.firstName} ${participant.lastName}`,
    isAccountHolder: participant.isAccountHolder,
    eligible,
    reason,
    waitlist,
  };
}

// Only a free seat is missing: the server says so, and that they may wait for one.
function waitsFor(participant) {
  return answer(participant, false, NO_SEATS, true);
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
    [mySelections]: [],
    [myEnrolments]: [],
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
      classes: { [full._id]: [waitsFor(myself)], [open._id]: [answer(myself, true)] },
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
        [full._id]: [answer(myself, false, forChildren), waitsFor(mia), waitsFor(leo)],
        [open._id]: [answer(myself, true), answer(mia, true), answer(leo, true)],
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
    `Myself: ${forChildren}`,
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
  expect(dialog.getByText(forChildren)).toBeInTheDocument();
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
    `Myself: ${forChildren}`,
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
        [open._id]: [answer(myself, false, forChildren), answer(mia, true)],
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
      classes: { [full._id]: [waitsFor(myself)], [open._id]: [answer(myself, true)] },
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

test("someone the class is not open to gets no waitlist, only the reason", async () => {
  renderAs(signedIn("student"), {
    "/participants": [myself],
    [eligibilityPath]: {
      classes: {
        [full._id]: [answer(myself, false, forChildren, false)],
        [open._id]: [answer(myself, true)],
      },
    },
  });

  await waitFor(() =>
    expect(card("Pottery Wheel").getByRole("button", { name: "Select" })).not.toHaveAttribute(
      "aria-disabled",
    ),
  );
  const noSeats = card("Watercolor Basics").getByRole("button", { name: "No seats left" });
  expect(noSeats).toHaveAttribute("aria-disabled", "true");
  expect(noSeats).toHaveAccessibleDescription(`Watercolor Basics ${forChildren}`);
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
