import { createHash, webcrypto } from "node:crypto";

import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { seasonClassesKey } from "../../../api/classes";
import { formatDateTime } from "../../../components/ui/schedule";
import { listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass, makeLotterySeason, makeWishes } from "../../../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../../../testing/renderWithProviders";
import { DrawPage } from "./DrawPage";

const DAY = 24 * 60 * 60 * 1000;
const SEED = "4f1c2e9a7b3d5e6f";
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const SEED_HASH = sha256(SEED);
const CHECKED = "Your browser checked it: the seed's SHA-256 is the commitment.";

const pottery = makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 });
const painting = makeClass({ _id: 22, nameClass: "Plein Air Painting", seasonId: 3 });

const drawnAt = new Date(Date.now() - DAY).toISOString();
const made = {
  seedHash: SEED_HASH,
  seed: SEED,
  drawnAt,
  order: ["B2C3D4E5", "7F3A9C21", "0A1B2C3D"],
  seats: [
    { classId: 21, seats: 1 },
    { classId: 22, seats: 12 },
  ],
  allocations: [
    { code: "B2C3D4E5", child: 1, classId: 21, rank: 1, outcome: "placed", position: null },
    { code: "7F3A9C21", child: 1, classId: 21, rank: 1, outcome: "waitlisted", position: 1 },
    { code: "7F3A9C21", child: 1, classId: 22, rank: 2, outcome: "placed", position: null },
    { code: "0A1B2C3D", child: 2, classId: 22, rank: 1, outcome: "placed", position: null },
  ],
};

// jsdom has no Web Crypto of its own: Node's, as a browser served over HTTPS has it.
let ownCrypto;
beforeAll(() => {
  ownCrypto = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });
});
afterAll(() => {
  if (ownCrypto) Object.defineProperty(globalThis, "crypto", ownCrypto);
});

function renderPage({ draw = made, auth = visitor, season = makeLotterySeason(), answers } = {}) {
  const fetch = stubApi({
    "/seasons": [season],
    "/seasons/3/draw": draw,
    [seasonClassesKey(3)]: listPage([pottery, painting], 2),
    ...answers,
  });
  renderRoutes([{ path: "/seasons/:seasonId/draw", element: <DrawPage /> }], {
    route: "/seasons/3/draw",
    auth,
  });
  return { fetch, season };
}

test("before the draw: when it is, and the school's commitment to its seed", async () => {
  const { season } = renderPage({ draw: { seedHash: SEED_HASH } });

  expect(
    await screen.findByRole("heading", { level: 1, name: "The draw for Lottery Summer" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("The draw for Lottery Summer | Camp");
  const drawAt = formatDateTime(season.drawAt);
  expect(await screen.findByText(`The draw is on ${drawAt}.`)).toBeInTheDocument();
  const closes = formatDateTime(season.wishesCloseAt);
  expect(screen.getByText(`Wishes close on ${closes}.`)).toBeInTheDocument();
  expect(screen.getByText(SEED_HASH)).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Check it yourself" })).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "The order" })).not.toBeInTheDocument();
});

test("before the school commits, the page says the commitment is to come", async () => {
  renderPage({ draw: { seedHash: null } });

  expect(
    await screen.findByText(
      "The school has not published its commitment to the draw's seed yet. It does so before the wishes close.",
    ),
  ).toBeInTheDocument();
});

test("after the draw: the seed, checked by the browser, the order, the seats and every outcome", async () => {
  renderPage();

  const when = formatDateTime(drawnAt);
  expect(await screen.findByText(`Drawn on ${when}.`)).toBeInTheDocument();
  expect(screen.getByText(SEED)).toBeInTheDocument();
  expect(screen.getByText(SEED_HASH)).toBeInTheDocument();
  expect(await screen.findByText(CHECKED)).toHaveAttribute("role", "status");

  const order = within(
    screen.getByRole("region", { name: "The families' codes, in the draw's order" }),
  );
  expect(order.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "B2C3D4E5",
    "7F3A9C21",
    "0A1B2C3D",
  ]);
  // A visitor has no family to mark.
  expect(order.queryByText("Your family")).not.toBeInTheDocument();

  const seats = within(screen.getByRole("table", { name: "Seats shared in each class" }));
  expect(await seats.findByRole("rowheader", { name: "Pottery Wheel" })).toBeInTheDocument();
  expect(
    seats.getAllByRole("row").map((row) => within(row).queryAllByRole("cell")[0]?.textContent),
  ).toEqual([undefined, "1", "12"]);

  const outcomes = within(screen.getByRole("table", { name: "Every wish's outcome" }));
  const rows = outcomes.getAllByRole("row").slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    "B2C3D4E51Pottery Wheel1Placed",
    "7F3A9C211Pottery Wheel1On the waitlist, number 1",
    "7F3A9C211Plein Air Painting2Placed",
    "0A1B2C3D2Plein Air Painting1Placed",
  ]);
  expect(screen.getByText("manage.py draw_verify")).toBeInTheDocument();
  expect(screen.getByText("docs/lottery.md")).toBeInTheDocument();
});

test("a family finds its own rows by its code", async () => {
  renderPage();
  const user = userEvent.setup();

  await user.type(await screen.findByRole("searchbox", { name: "Find a family's code" }), "7f3a");

  const outcomes = within(screen.getByRole("table", { name: "Every wish's outcome" }));
  expect(outcomes.getAllByRole("row")).toHaveLength(3);
  expect(screen.getByText("2 wishes")).toBeInTheDocument();
  await user.clear(screen.getByRole("searchbox"));
  await user.type(screen.getByRole("searchbox"), "ZZZ");
  expect(screen.getByText("No wish matches this code.")).toBeInTheDocument();
  expect(screen.queryByRole("table", { name: "Every wish's outcome" })).not.toBeInTheDocument();
  await screen.findByText(CHECKED);
});

test("a long list of outcomes is drawn a hundred rows at a time", async () => {
  const many = Array.from({ length: 150 }, (_, index) => ({
    code: `F${String(index).padStart(7, "0")}`,
    child: 1,
    classId: 22,
    rank: 1,
    outcome: "placed",
    position: null,
  }));
  renderPage({ draw: { ...made, allocations: many } });
  const user = userEvent.setup();

  const outcomes = within(await screen.findByRole("table", { name: "Every wish's outcome" }));
  expect(outcomes.getAllByRole("row")).toHaveLength(101);
  await user.click(screen.getByRole("button", { name: "Show more" }));
  expect(outcomes.getAllByRole("row")).toHaveLength(151);
  expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  await screen.findByText(CHECKED);
});

test("a signed-in family's own code is marked in the order", async () => {
  renderPage({
    auth: signedIn("student"),
    answers: { "/seasons/3/wishes": makeWishes({ code: "7F3A9C21" }) },
  });

  const order = within(
    await screen.findByRole("region", { name: "The families' codes, in the draw's order" }),
  );
  const own = await order.findByText("Your family");
  expect(own.closest("li")).toHaveTextContent("7F3A9C21");
  expect(own.closest("li")).toHaveAttribute("aria-current", "true");
  expect(
    screen.getByText("Your family's code, 7F3A9C21, is number 2 in the order."),
  ).toBeInTheDocument();
  await screen.findByText(CHECKED);
});

test("a seed that does not match its commitment is said plainly", async () => {
  renderPage({ draw: { ...made, seed: "not-the-seed" } });

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Your browser checked it: the seed's SHA-256 is not the commitment.",
  );
});

test("a season without a draw says so", async () => {
  renderPage({ draw: respond(404, { message: "No such season with a draw." }) });

  expect(await screen.findByRole("alert")).toHaveTextContent("The draw could not be loaded.");
});

test("the page passes an accessibility check", async () => {
  renderPage();
  await screen.findByText(CHECKED);
  await expectNoSeriousA11yViolations();
});
