import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { seasonClassesKey } from "../../../api/classes";
import { formatDateTime } from "../../../components/ui/schedule";
import { listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeChild,
  makeClass,
  makeLotterySeason,
  makeWaitlistEntry,
  makeWishes,
  myself,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { WishesPage } from "./WishesPage";

const DAY = 24 * 60 * 60 * 1000;
const PAY_BY = new Date(Date.now() + 2 * DAY).toISOString();

const mia = makeChild({ _id: 2, firstName: "Mia" });
const leo = makeChild({ _id: 3, firstName: "Leo" });
const noa = makeChild({ _id: 4, firstName: "Noa" });
const pottery = makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 });
const painting = makeClass({ _id: 22, nameClass: "Plein Air Painting", seasonId: 3 });
const weaving = makeClass({ _id: 23, nameClass: "Loom Weaving", seasonId: 3 });

// The draw was made yesterday: Mia got her second wish (held), Leo his first (accepted
// already), Noa nothing; Ana made no wish.
function childResult(overrides) {
  return {
    classId: null,
    rank: null,
    whyNotFirst: "",
    offerId: null,
    seat: null,
    waitlisted: [],
    ...overrides,
  };
}

const drawn = makeWishes({
  children: [
    { participantId: 2, choices: [21, 22] },
    { participantId: 3, choices: [23] },
    { participantId: 4, choices: [21] },
  ],
  result: {
    place: 12,
    families: 240,
    payBy: PAY_BY,
    children: [
      childResult({
        participantId: 2,
        classId: 22,
        rank: 2,
        whyNotFirst: "full",
        offerId: 51,
        seat: "held",
        waitlisted: [{ classId: 21, rank: 1, position: 5 }],
      }),
      childResult({ participantId: 3, classId: 23, rank: 1, offerId: 52, seat: "accepted" }),
      childResult({
        participantId: 4,
        whyNotFirst: "together",
        waitlisted: [{ classId: 21, rank: 1, position: 22 }],
      }),
    ],
  },
});

// The same draw, with some children's seats changed ({participantId: fields}).
function drawnWith(changes) {
  return {
    ...drawn,
    result: {
      ...drawn.result,
      children: drawn.result.children.map((child) => ({
        ...child,
        ...changes[child.participantId],
      })),
    },
  };
}

function renderPage({ wishes = drawn, answers = {} } = {}) {
  const fetch = stubApi({
    "/seasons": [makeLotterySeason({ wishesOpenedAgo: 10 * DAY, wishesCloseIn: -2 * DAY })],
    "/participants": [myself, mia, leo, noa],
    [seasonClassesKey(3)]: listPage([pottery, painting, weaving], 3),
    "/seasons/3/draw": respond(200, { seedHash: "ab".repeat(32) }),
    "GET /seasons/3/wishes": wishes,
    ...answers,
  });
  const rendered = renderRoutes(
    [
      { path: "/dashboard/seasons/:seasonId/wishes", element: <WishesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/seasons/3/wishes", auth: signedIn("student") },
  );
  return { ...rendered, fetch };
}

function posts(fetch) {
  return fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url]) => url);
}

function accepted(id) {
  return { entry: makeWaitlistEntry({ _id: id, status: "accepted" }), selectionId: id + 100 };
}

test("the result says the family's place, and each child's class, wish, seat and waitlists", async () => {
  renderPage();

  expect(await screen.findByText("Your family was drawn 12th of 240.")).toBeInTheDocument();
  const until = formatDateTime(PAY_BY);

  const miaResult = within(screen.getByRole("article", { name: "Mia Lopez" }));
  expect(miaResult.getByText("Plein Air Painting")).toBeInTheDocument();
  expect(miaResult.getByText(/Your 2nd wish/)).toBeInTheDocument();
  expect(
    miaResult.getByText("The first wish had no seat left by your family's turn in the draw."),
  ).toBeInTheDocument();
  expect(
    miaResult.getByText(
      `The seat is held for you until ${until}. Accept and pay by then to keep it.`,
    ),
  ).toBeInTheDocument();
  expect(
    within(miaResult.getByRole("list", { name: "Waitlists for Mia Lopez" })).getByRole("listitem"),
  ).toHaveTextContent("5th on the waitlist for Pottery Wheel");

  const leoResult = within(screen.getByRole("article", { name: "Leo Lopez" }));
  expect(leoResult.getByText(/Your first wish/)).toBeInTheDocument();
  expect(
    leoResult.getByText(`Accepted: pay for it on My Selected Classes by ${until}.`),
  ).toBeInTheDocument();
  expect(leoResult.queryByRole("list")).not.toBeInTheDocument();

  const noaResult = within(screen.getByRole("article", { name: "Noa Lopez" }));
  expect(noaResult.getByText("No place this time.")).toBeInTheDocument();
  expect(
    noaResult.getByText(
      "The first wish had a seat left, but not for every child placed together, so the draw went on to their next wishes.",
    ),
  ).toBeInTheDocument();
  expect(noaResult.getByText("22nd on the waitlist for Pottery Wheel")).toBeInTheDocument();

  // The wishes themselves, below, to read.
  expect(screen.getByRole("list", { name: "Wishes for Mia Lopez" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Save your wishes" })).not.toBeInTheDocument();
});

test("Accept and pay accepts each held seat, then goes to My Selected Classes", async () => {
  const { fetch, router } = renderPage({
    answers: { "POST /waitlist/51/accept": accepted(51) },
  });
  const user = userEvent.setup();

  await user.click(await screen.findByRole("button", { name: "Accept and pay" }));

  await waitFor(() =>
    expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes"),
  );
  // Leo's seat was accepted before: it is a selection already.
  expect(posts(fetch)).toEqual(["/api/waitlist/51/accept"]);
});

test("every held seat is accepted, one after the other", async () => {
  const twoHeld = drawnWith({ 3: { seat: "held" } });
  const { fetch, router } = renderPage({
    wishes: twoHeld,
    answers: {
      "POST /waitlist/51/accept": accepted(51),
      "POST /waitlist/52/accept": accepted(52),
    },
  });
  const user = userEvent.setup();

  await user.click(await screen.findByRole("button", { name: "Accept and pay" }));

  await waitFor(() =>
    expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes"),
  );
  expect(posts(fetch)).toEqual(["/api/waitlist/51/accept", "/api/waitlist/52/accept"]);
});

test("a seat that lapsed meanwhile is said, and the page stays", async () => {
  const { router, fetch } = renderPage({
    answers: {
      "POST /waitlist/51/accept": respond(409, { message: "This offer has expired." }),
    },
  });
  const user = userEvent.setup();

  await user.click(await screen.findByRole("button", { name: "Accept and pay" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("This offer has expired.");
  expect(router.state.location.pathname).toBe("/dashboard/seasons/3/wishes");
  // The wishes are asked again, to show the seat as it now stands.
  await waitFor(() =>
    expect(fetch.mock.calls.filter(([url]) => url === "/api/seasons/3/wishes")).toHaveLength(2),
  );
});

test("with every seat paid or lapsed there is nothing to accept", async () => {
  const settled = drawnWith({
    2: { seat: "lapsed", offerId: null },
    3: { seat: "paid", offerId: null },
  });
  renderPage({ wishes: settled });

  const miaResult = within(await screen.findByRole("article", { name: "Mia Lopez" }));
  expect(
    miaResult.getByText("Not paid in time: the seat went to the next on the waitlist."),
  ).toBeInTheDocument();
  const leoResult = within(screen.getByRole("article", { name: "Leo Lopez" }));
  expect(leoResult.getByText("Paid: the seat is yours.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Accept and pay" })).not.toBeInTheDocument();
});

test("the result passes an accessibility check", async () => {
  renderPage();
  await screen.findByRole("article", { name: "Mia Lopez" });
  await expectNoSeriousA11yViolations();
});
