import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { seasonClassesKey } from "../../../api/classes";
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

const mia = makeChild({ _id: 2, firstName: "Mia" });
const leo = makeChild({ _id: 3, firstName: "Leo" });
const pottery = makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 });
const painting = makeClass({ _id: 22, nameClass: "Plein Air Painting", seasonId: 3 });

// Mia and Leo have wishes; Ana, the account holder, has none and may not be named.
const wished = [
  { participantId: 2, choices: [21, 22] },
  { participantId: 3, choices: [22] },
];

function withFriends(friends, overrides = {}) {
  return makeWishes({ children: wished, friends, ...overrides });
}

function pair(status, childIds = [2, 3]) {
  return { id: 8, status, familyName: "Rosa Diaz", theirChildren: ["Noa", "Sam"], childIds };
}

function renderPage({ season = makeLotterySeason(), wishes = withFriends(null), answers = {} }) {
  const fetch = stubApi({
    "/seasons": [season],
    "/participants": [myself, mia, leo],
    [seasonClassesKey(3)]: listPage([pottery, painting], 2),
    "/seasons/3/draw": { seedHash: null },
    "GET /seasons/3/wishes": wishes,
    ...answers,
  });
  const auth = signedIn("student");
  renderRoutes([{ path: "/dashboard/seasons/:seasonId/wishes", element: <WishesPage /> }], {
    route: "/dashboard/seasons/3/wishes",
    auth,
  });
  return { fetch, auth };
}

// The requests sent with `method`, each as [path, body].
function sent(fetch, method) {
  return fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [url, init.body === undefined ? undefined : JSON.parse(init.body)]);
}

async function friendsSection() {
  return within(await screen.findByRole("region", { name: "Placed with friends" }));
}

test("a family asks another by its code to have some of its children placed with theirs", async () => {
  const { fetch, auth } = renderPage({
    answers: { "POST /seasons/3/friends": withFriends(pair("asked", [3])) },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText(
      "Another family of the draw can have some of your children placed with some of theirs, together or not at all. Give them your code (7F3A9C21) and ask for theirs.",
    ),
  ).toBeInTheDocument();
  expect(friends.getByText(/never brings anyone earlier/)).toBeInTheDocument();
  const children = within(
    friends.getByRole("group", { name: "Your children to place with theirs" }),
  );
  // Only the children with wishes saved may be named.
  expect(children.getAllByRole("checkbox").map((box) => box.labels[0].textContent)).toEqual([
    "Mia Lopez",
    "Leo Lopez",
  ]);

  await user.type(friends.getByRole("textbox", { name: "Their family's code" }), " b41c0de9 ");
  await user.click(children.getByRole("checkbox", { name: "Leo Lopez" }));
  await user.click(friends.getByRole("button", { name: "Ask them" }));

  expect(
    await friends.findByText(
      "You asked Rosa Diaz to be placed together with Leo. Waiting for them to say yes.",
    ),
  ).toBeInTheDocument();
  expect(sent(fetch, "POST")).toEqual([
    ["/api/seasons/3/friends", { code: "b41c0de9", childIds: [3] }],
  ]);
  expect(auth.notify).toHaveBeenCalledWith("You asked Rosa Diaz to be placed with your family.");
  expect(friends.getByRole("heading", { name: "Placed with friends" })).toHaveFocus();
  expect(friends.queryByRole("textbox")).not.toBeInTheDocument();
});

test("a code and a child are asked for before anything is sent", async () => {
  const { fetch } = renderPage({});
  const user = userEvent.setup();
  const friends = await friendsSection();

  await user.click(friends.getByRole("button", { name: "Ask them" }));

  const code = friends.getByRole("textbox", { name: "Their family's code" });
  expect(await friends.findByText("Enter their family's code.")).toBeVisible();
  expect(code).toHaveAccessibleDescription("Enter their family's code.");
  const children = friends.getByRole("group", { name: "Your children to place with theirs" });
  expect(
    within(children).getByText("Name one or more of your children with wishes for this season."),
  ).toBeVisible();
  expect(sent(fetch, "POST")).toEqual([]);
});

test("the server's refusal of the code shows under the code", async () => {
  const { auth } = renderPage({
    answers: {
      "POST /seasons/3/friends": respond(400, {
        message: "Please check these fields: code.",
        errors: { code: ["No family in this season's draw has that code."] },
      }),
    },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  await user.type(friends.getByRole("textbox", { name: "Their family's code" }), "NOPE0000");
  await user.click(friends.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(friends.getByRole("button", { name: "Ask them" }));

  const code = friends.getByRole("textbox", { name: "Their family's code" });
  await waitFor(() =>
    expect(code).toHaveAccessibleDescription("No family in this season's draw has that code."),
  );
  expect(code).toBeInvalid();
  expect(
    within(friends.getByRole("alert")).getByRole("link", {
      name: "Their family's code: No family in this season's draw has that code.",
    }),
  ).toBeInTheDocument();
  expect(auth.notify).not.toHaveBeenCalled();
});

test("a refusal naming no field shows above, and the wishes are asked again", async () => {
  const { fetch } = renderPage({
    answers: {
      "POST /seasons/3/friends": respond(409, {
        message: "That family is placed with other friends already.",
      }),
    },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  await user.type(friends.getByRole("textbox", { name: "Their family's code" }), "B41C0DE9");
  await user.click(friends.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(friends.getByRole("button", { name: "Ask them" }));

  expect(await friends.findByRole("alert")).toHaveTextContent(
    "That family is placed with other friends already.",
  );
  await waitFor(() =>
    expect(fetch.mock.calls.filter(([url]) => url === "/api/seasons/3/wishes")).toHaveLength(2),
  );
});

test("a family that asked waits for the other, and may withdraw", async () => {
  const { fetch, auth } = renderPage({
    wishes: withFriends(pair("asked")),
    answers: { "DELETE /seasons/3/friends/8": withFriends(null) },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText(
      "You asked Rosa Diaz to be placed together with Mia and Leo. Waiting for them to say yes.",
    ),
  ).toBeInTheDocument();
  expect(friends.queryByRole("textbox")).not.toBeInTheDocument();

  await user.click(friends.getByRole("button", { name: "Withdraw" }));

  expect(await friends.findByRole("textbox", { name: "Their family's code" })).toBeInTheDocument();
  expect(sent(fetch, "DELETE")).toEqual([["/api/seasons/3/friends/8", undefined]]);
  expect(auth.notify).toHaveBeenCalledWith(
    "Withdrawn: your children are not placed with Rosa Diaz.",
  );
});

test("an invited family names its children and says yes", async () => {
  const { fetch, auth } = renderPage({
    wishes: withFriends(pair("invited", [])),
    answers: { "POST /seasons/3/friends/8/confirm": withFriends(pair("confirmed", [2])) },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText("Rosa Diaz asks to have Noa and Sam placed with your children."),
  ).toBeInTheDocument();
  const answer = within(friends.getByRole("form", { name: "Answer Rosa Diaz" }));
  await user.click(answer.getByRole("button", { name: "Say yes" }));
  expect(
    await answer.findByText("Name one or more of your children with wishes for this season."),
  ).toBeVisible();
  expect(sent(fetch, "POST")).toEqual([]);

  await user.click(answer.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(answer.getByRole("button", { name: "Say yes" }));

  expect(
    await friends.findByText(
      "Mia will be placed with Rosa Diaz's Noa and Sam, together or not at all.",
    ),
  ).toBeInTheDocument();
  expect(sent(fetch, "POST")).toEqual([["/api/seasons/3/friends/8/confirm", { childIds: [2] }]]);
  expect(auth.notify).toHaveBeenCalledWith("You said yes to Rosa Diaz.");
  expect(friends.getByRole("button", { name: "Withdraw" })).toBeInTheDocument();
});

test("an invited family with one child reads of that child, and may decline", async () => {
  const { fetch, auth } = renderPage({
    wishes: withFriends(pair("invited", []), { children: [wished[0]] }),
    answers: { "DELETE /seasons/3/friends/8": withFriends(null, { children: [wished[0]] }) },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText("Rosa Diaz asks to have Noa and Sam placed with your child."),
  ).toBeInTheDocument();
  await user.click(friends.getByRole("button", { name: "Decline" }));

  expect(await friends.findByRole("button", { name: "Ask them" })).toBeInTheDocument();
  expect(sent(fetch, "DELETE")).toEqual([["/api/seasons/3/friends/8", undefined]]);
  expect(auth.notify).toHaveBeenCalledWith("You declined Rosa Diaz's invitation.");
});

test("an invitation withdrawn meanwhile is said, and the wishes shown as they now are", async () => {
  const { fetch } = renderPage({
    wishes: withFriends(pair("invited", [])),
    answers: {
      "POST /seasons/3/friends/8/confirm": respond(404, {
        message: "No such invitation to your family.",
      }),
    },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  await user.click(friends.getByRole("checkbox", { name: "Leo Lopez" }));
  await user.click(friends.getByRole("button", { name: "Say yes" }));

  expect(await friends.findByRole("alert")).toHaveTextContent("No such invitation to your family.");
  await waitFor(() =>
    expect(fetch.mock.calls.filter(([url]) => url === "/api/seasons/3/wishes")).toHaveLength(2),
  );
});

test("a confirmed pair says who goes with whom, and either family may withdraw", async () => {
  const { fetch } = renderPage({
    wishes: withFriends(pair("confirmed")),
    answers: {
      "DELETE /seasons/3/friends/8": respond(409, {
        message: "Wishes for Lottery Summer closed on Monday, June 7, 2027.",
        code: "wishes_closed",
      }),
    },
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText(
      "Mia and Leo will be placed with Rosa Diaz's Noa and Sam, together or not at all.",
    ),
  ).toBeInTheDocument();
  await user.click(friends.getByRole("button", { name: "Withdraw" }));

  expect(await friends.findByRole("alert")).toHaveTextContent(
    "Wishes for Lottery Summer closed on Monday, June 7, 2027.",
  );
  expect(sent(fetch, "DELETE")).toHaveLength(1);
  expect(friends.getByRole("button", { name: "Withdraw" })).toBeEnabled();
});

test("a family without its code yet, or without a wish saved, cannot ask anyone", async () => {
  renderPage({ wishes: makeWishes({ code: null }) });
  expect(await screen.findByRole("button", { name: "Save your wishes" })).toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "Placed with friends" })).not.toBeInTheDocument();
});

test("a family whose wishes were all removed is told to save one first", async () => {
  renderPage({ wishes: makeWishes() });
  const friends = await friendsSection();
  expect(friends.getByText("Save a wish for one of your children first.")).toBeInTheDocument();
  expect(friends.queryByRole("button", { name: "Ask them" })).not.toBeInTheDocument();
});

test("once the wishes closed a confirmed pair is read, and nothing can be changed", async () => {
  const closed = makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -DAY });
  renderPage({ season: closed, wishes: withFriends(pair("confirmed")) });

  expect(
    await screen.findByText(
      "Placed with friends: Mia and Leo with Rosa Diaz's Noa and Sam, together or not at all.",
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "Placed with friends" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
});

test("once the wishes closed a request never answered is not shown", async () => {
  const closed = makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -DAY });
  renderPage({ season: closed, wishes: withFriends(pair("asked")) });

  expect(await screen.findByRole("list", { name: "Wishes for Mia Lopez" })).toBeInTheDocument();
  expect(screen.queryByText(/Rosa Diaz/)).not.toBeInTheDocument();
});

test("the section passes an accessibility check while asking", async () => {
  renderPage({});
  await friendsSection();
  await expectNoSeriousA11yViolations();
});

test("the invitation passes an accessibility check", async () => {
  renderPage({ wishes: withFriends(pair("invited", [])) });
  await screen.findByRole("form", { name: "Answer Rosa Diaz" });
  await expectNoSeriousA11yViolations();
});
