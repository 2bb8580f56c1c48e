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
  makeWishes,
  myself,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { WishesPage } from "./WishesPage";

const DAY = 24 * 60 * 60 * 1000;
const SEED_HASH = "9b74c9897bac770ffc029102a200c5de6b3f2e1b6dd0a2f8c1e9c1f0b2a0d7e4";

const mia = makeChild({ _id: 2, firstName: "Mia" });
const leo = makeChild({ _id: 3, firstName: "Leo" });
const pottery = makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 });
const painting = makeClass({ _id: 22, nameClass: "Plein Air Painting", seasonId: 3 });
const weaving = makeClass({ _id: 23, nameClass: "Loom Weaving", seasonId: 3 });

function renderPage({ season = makeLotterySeason(), wishes = makeWishes(), answers = {} } = {}) {
  const fetch = stubApi({
    "/seasons": [season],
    "/participants": [myself, mia, leo],
    [seasonClassesKey(3)]: listPage([pottery, painting, weaving], 3),
    "/seasons/3/draw": { seedHash: SEED_HASH },
    "GET /seasons/3/wishes": wishes,
    ...answers,
  });
  const auth = signedIn("student");
  const rendered = renderRoutes(
    [
      { path: "/dashboard/seasons/:seasonId/wishes", element: <WishesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/seasons/3/wishes", auth },
  );
  return { ...rendered, fetch, auth, season };
}

function puts(fetch) {
  return fetch.mock.calls
    .filter(([, init]) => init?.method === "PUT")
    .map(([url, init]) => [url, JSON.parse(init.body)]);
}

async function wishesOf(name) {
  return within(await screen.findByRole("group", { name: `Wishes for ${name}` }));
}

async function addWish(user, name, className) {
  const group = await wishesOf(name);
  await user.selectOptions(
    group.getByRole("combobox", { name: `Add a class to ${name}'s wishes` }),
    group.getByRole("option", { name: new RegExp(`^${className}`) }),
  );
  await user.click(group.getByRole("button", { name: "Add" }));
}

function wishNames(group) {
  return group
    .queryAllByRole("listitem")
    .map((item) => item.querySelector(".fw-semibold").textContent);
}

test("the page says the window, the school's commitment and the family's code", async () => {
  const { season } = renderPage();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Your wishes for Lottery Summer" }),
  ).toBeInTheDocument();
  expect(document.title).toBe("Your wishes for Lottery Summer | Camp");
  const closes = formatDateTime(season.wishesCloseAt);
  expect(await screen.findByText(`Wishes close on ${closes}.`)).toBeInTheDocument();
  expect(screen.getByText("The school committed to its seed:")).toBeInTheDocument();
  expect(screen.getByText(SEED_HASH)).toBeInTheDocument();
  expect(screen.getByText("Your family's code on the draw page:")).toHaveTextContent(
    "Your family's code on the draw page: 7F3A9C21",
  );
  expect(screen.getByRole("link", { name: "See the draw page" })).toHaveAttribute(
    "href",
    "/seasons/3/draw",
  );
  // Everyone of the family, the account holder too, has a list; two or more may go together.
  expect(await wishesOf("Ana Lopez")).toBeTruthy();
  expect(await wishesOf("Mia Lopez")).toBeTruthy();
  expect(await wishesOf("Leo Lopez")).toBeTruthy();
  const together = within(screen.getByRole("group", { name: "Place together" }));
  expect(together.getAllByRole("checkbox")).toHaveLength(3);
});

test("a family ranks classes for each child, places two together and saves them all", async () => {
  const held = makeWishes({ children: [{ participantId: 2, choices: [21] }] });
  const saved = makeWishes({
    children: [
      { participantId: 2, choices: [22, 21] },
      { participantId: 3, choices: [21] },
    ],
    together: [[2, 3]],
  });
  const { fetch, auth } = renderPage({
    wishes: held,
    answers: { "PUT /seasons/3/wishes": saved },
  });
  const user = userEvent.setup();

  const miaWishes = await wishesOf("Mia Lopez");
  expect(wishNames(miaWishes)).toEqual(["Pottery Wheel"]);
  await addWish(user, "Mia Lopez", "Plein Air Painting");
  expect(wishNames(miaWishes)).toEqual(["Pottery Wheel", "Plein Air Painting"]);
  // Add is off until another class is chosen: the focus goes back to the choice.
  expect(miaWishes.getByRole("combobox")).toHaveFocus();
  // A class already wished for is not offered again to the same child.
  expect(miaWishes.queryByRole("option", { name: /^Pottery Wheel/ })).not.toBeInTheDocument();

  await user.click(miaWishes.getByRole("button", { name: "Move up Plein Air Painting" }));
  expect(wishNames(miaWishes)).toEqual(["Plein Air Painting", "Pottery Wheel"]);
  // The focus follows the wish; at the top its Move up is off, so Move down has it.
  expect(miaWishes.getByRole("button", { name: "Move up Plein Air Painting" })).toBeDisabled();
  expect(miaWishes.getByRole("button", { name: "Move down Plein Air Painting" })).toHaveFocus();

  await addWish(user, "Leo Lopez", "Pottery Wheel");
  await addWish(user, "Leo Lopez", "Loom Weaving");
  const leoWishes = await wishesOf("Leo Lopez");
  await user.click(leoWishes.getByRole("button", { name: "Remove Loom Weaving" }));
  expect(wishNames(leoWishes)).toEqual(["Pottery Wheel"]);

  const together = within(screen.getByRole("group", { name: "Place together" }));
  await user.click(together.getByRole("checkbox", { name: "Leo Lopez" }));
  await user.click(together.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(screen.getByRole("button", { name: "Save your wishes" }));

  await waitFor(() => expect(auth.notify).toHaveBeenCalledWith("Your wishes are saved."));
  // Only the children with wishes are sent, the group in the family's order.
  expect(puts(fetch)).toEqual([
    [
      "/api/seasons/3/wishes",
      {
        children: [
          { participantId: 2, choices: [22, 21] },
          { participantId: 3, choices: [21] },
        ],
        together: [[2, 3]],
      },
    ],
  ]);
});

test("one child ticked alone is no group", async () => {
  const { fetch } = renderPage({
    wishes: makeWishes({ children: [{ participantId: 2, choices: [21] }] }),
    answers: { "PUT /seasons/3/wishes": makeWishes() },
  });
  const user = userEvent.setup();
  const together = within(await screen.findByRole("group", { name: "Place together" }));

  await user.click(together.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(screen.getByRole("button", { name: "Save your wishes" }));

  await waitFor(() => expect(puts(fetch)).toHaveLength(1));
  expect(puts(fetch)[0][1].together).toEqual([]);
});

test("a child placed together without a wish is refused before anything is sent", async () => {
  const { fetch } = renderPage({
    wishes: makeWishes({ children: [{ participantId: 2, choices: [21] }] }),
  });
  const user = userEvent.setup();
  const together = within(await screen.findByRole("group", { name: "Place together" }));

  await user.click(together.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(together.getByRole("checkbox", { name: "Leo Lopez" }));
  await user.click(screen.getByRole("button", { name: "Save your wishes" }));

  const summary = await screen.findByRole("alert");
  expect(summary).toHaveTextContent(
    "Place together: Each child placed together needs at least one wish.",
  );
  expect(together.getByText("Each child placed together needs at least one wish.")).toBeVisible();
  expect(puts(fetch)).toEqual([]);
});

test("the server's refusals show under the child and the wish they name", async () => {
  const { auth } = renderPage({
    wishes: makeWishes({
      children: [
        { participantId: 2, choices: [21, 22] },
        { participantId: 3, choices: [23] },
      ],
    }),
    answers: {
      // Ana has no wish and is not sent: the server's first child is Mia.
      "PUT /seasons/3/wishes": respond(400, {
        message: "Please check these fields: children, together.",
        errors: {
          children: [
            "Item 1: choices: Item 2: Ages 13–17: Mia is 9.",
            "Item 2: choices: Only Lottery Summer's classes may be wished for.",
          ],
          together: ["Each group is of two or more children with wishes, each child in one group."],
        },
      }),
    },
  });
  const user = userEvent.setup();
  await wishesOf("Mia Lopez");

  await user.click(screen.getByRole("button", { name: "Save your wishes" }));

  const miaWishes = await wishesOf("Mia Lopez");
  const [first, second] = miaWishes.getAllByRole("listitem");
  expect(await within(second).findByText("Ages 13–17: Mia is 9.")).toBeVisible();
  expect(second).toHaveAccessibleDescription("Ages 13–17: Mia is 9.");
  expect(within(first).queryByText(/Ages/)).not.toBeInTheDocument();
  const leoWishes = await wishesOf("Leo Lopez");
  expect(leoWishes.getByText("Only Lottery Summer's classes may be wished for.")).toBeVisible();
  const together = within(screen.getByRole("group", { name: "Place together" }));
  expect(
    together.getByText(
      "Each group is of two or more children with wishes, each child in one group.",
    ),
  ).toBeVisible();

  const summary = within(screen.getByRole("alert"));
  expect(
    summary.getByRole("link", {
      name: "Mia Lopez's wish 2, Plein Air Painting: Ages 13–17: Mia is 9.",
    }),
  ).toBeInTheDocument();
  expect(
    summary.getByRole("link", {
      name: "Wishes for Leo Lopez: Only Lottery Summer's classes may be wished for.",
    }),
  ).toBeInTheDocument();
  await user.click(summary.getByRole("link", { name: /^Mia Lopez's wish 2/ }));
  expect(second).toHaveFocus();
  expect(auth.notify).not.toHaveBeenCalled();
});

test("wishes sent after the window closed are refused with the server's sentence", async () => {
  renderPage({
    wishes: makeWishes({ children: [{ participantId: 2, choices: [21] }] }),
    answers: {
      "PUT /seasons/3/wishes": respond(409, {
        message: "Wishes for Lottery Summer closed on Monday, June 7, 2027.",
        code: "wishes_closed",
      }),
    },
  });
  const user = userEvent.setup();
  await wishesOf("Mia Lopez");

  await user.click(screen.getByRole("button", { name: "Save your wishes" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Wishes for Lottery Summer closed on Monday, June 7, 2027.",
  );
});

test("before the window opens the page says when, and nothing can be changed", async () => {
  const season = makeLotterySeason({ wishesOpenedAgo: -2 * DAY });
  renderPage({ season, wishes: makeWishes({ code: null }) });

  const opens = formatDateTime(season.wishesOpenAt);
  const closes = formatDateTime(season.wishesCloseAt);
  expect(
    await screen.findByText(`Wishes open on ${opens} and close on ${closes}.`),
  ).toBeInTheDocument();
  expect(screen.queryByRole("form")).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Save your wishes" })).not.toBeInTheDocument();
});

test("once the window closed the wishes are shown to read, with the day of the draw", async () => {
  const season = makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -DAY });
  renderPage({
    season,
    wishes: makeWishes({
      children: [
        { participantId: 2, choices: [22, 21] },
        { participantId: 3, choices: [21] },
      ],
      together: [[2, 3]],
    }),
  });

  const closes = formatDateTime(season.wishesCloseAt);
  expect(await screen.findByText(`Wishes closed on ${closes}.`)).toBeInTheDocument();
  const drawAt = formatDateTime(season.drawAt);
  expect(screen.getByText(`The draw is on ${drawAt}.`)).toBeInTheDocument();
  const mias = within(screen.getByRole("list", { name: "Wishes for Mia Lopez" }));
  expect(mias.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "Plein Air Painting",
    "Pottery Wheel",
  ]);
  expect(screen.getByText("Placed together: Mia Lopez and Leo Lopez.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Save your wishes" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /Move up/ })).not.toBeInTheDocument();
});

test("the page passes an accessibility check", async () => {
  renderPage({ wishes: makeWishes({ children: [{ participantId: 2, choices: [21, 22] }] }) });
  await wishesOf("Mia Lopez");
  await expectNoSeriousA11yViolations();
});

test("wishes that cannot be loaded say so", async () => {
  renderPage({
    answers: { "GET /seasons/3/wishes": respond(404, { message: "No such season with a draw." }) },
  });

  expect(await screen.findByRole("alert")).toHaveTextContent("Your wishes could not be loaded.");
  expect(screen.getByRole("alert")).toHaveTextContent("No such season with a draw.");
});
