import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { seasonClassesKey } from "../../../api/classes";
import { listPage, respond, stubApi } from "../../../testing/api";
import {
  makeChild,
  makeClass,
  makeLotterySeason,
  makeWishes,
  myself,
} from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakSpanish } from "../../../testing/spanish";

// The page's words are said as its modules load: they are loaded once the page speaks Spanish.
speakSpanish();
const { WishesPage } = require("./WishesPage");

const DAY = 24 * 60 * 60 * 1000;
const mia = makeChild({ _id: 2, firstName: "Mia" });
const leo = makeChild({ _id: 3, firstName: "Leo" });
const pottery = makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 });

// One child named on each side: jest lists names by English rules, the Spanish build by its own.
function wishes(friends) {
  return makeWishes({
    children: [
      { participantId: 2, choices: [21] },
      { participantId: 3, choices: [21] },
    ],
    friends,
  });
}

function pair(status, childIds) {
  return { id: 8, status, familyName: "Rosa Diaz", theirChildren: ["Noa"], childIds };
}

function renderPage(season, answer, answers = {}) {
  stubApi({
    "/seasons": [season],
    "/participants": [myself, mia, leo],
    [seasonClassesKey(3)]: listPage([pottery], 1),
    "/seasons/3/draw": { seedHash: null },
    "GET /seasons/3/wishes": answer,
    ...answers,
  });
  renderRoutes([{ path: "/dashboard/seasons/:seasonId/wishes", element: <WishesPage /> }], {
    route: "/dashboard/seasons/3/wishes",
    auth: signedIn("student"),
  });
}

async function friendsSection() {
  return within(await screen.findByRole("region", { name: "Ubicados con amigos" }));
}

test("a family asks another in Spanish, and reads the server's refusal under the code", async () => {
  renderPage(makeLotterySeason(), wishes(null), {
    "POST /seasons/3/friends": respond(400, {
      message: "Por favor revise estos campos: code.",
      errors: { code: ["Ninguna familia del sorteo de esta temporada tiene ese código."] },
    }),
  });
  const user = userEvent.setup();
  const friends = await friendsSection();

  expect(
    friends.getByText(/^Su familia y otra del sorteo pueden pedir .* Deles su código \(7F3A9C21\)/),
  ).toBeInTheDocument();
  expect(friends.getByText(/ubicarse con amigos nunca adelanta a nadie\.$/)).toBeInTheDocument();
  await user.click(friends.getByRole("button", { name: "Enviar la solicitud" }));
  expect(await friends.findByText("Escriba el código de la otra familia.")).toBeVisible();
  expect(
    friends.getByText("Indique uno o más de sus niños con preferencias para esta temporada."),
  ).toBeVisible();

  await user.type(friends.getByRole("textbox", { name: "Código de la otra familia" }), "NOPE0000");
  const children = within(
    friends.getByRole("group", { name: "Sus niños que se ubicarán con los de la otra familia" }),
  );
  await user.click(children.getByRole("checkbox", { name: "Mia Lopez" }));
  await user.click(friends.getByRole("button", { name: "Enviar la solicitud" }));

  const code = friends.getByRole("textbox", { name: "Código de la otra familia" });
  expect(
    await friends.findByText("Ninguna familia del sorteo de esta temporada tiene ese código."),
  ).toBeVisible();
  expect(code).toHaveAccessibleDescription(
    "Ninguna familia del sorteo de esta temporada tiene ese código.",
  );
  expect(screen.queryByText(/friends|Ask them|their family|code\b/i)).toBeNull();
});

test("an invitation reads in Spanish, with Say yes and Decline", async () => {
  renderPage(makeLotterySeason(), wishes(pair("invited", [])));
  const friends = await friendsSection();
  expect(
    friends.getByText("Rosa Diaz pide que se ubique a Noa con sus niños."),
  ).toBeInTheDocument();
  expect(friends.getByRole("form", { name: "Responder a Rosa Diaz" })).toBeInTheDocument();
  expect(friends.getByRole("button", { name: "Aceptar" })).toBeInTheDocument();
  expect(friends.getByRole("button", { name: "Rechazar" })).toBeInTheDocument();
});

test("a request waiting reads in Spanish, with Withdraw", async () => {
  renderPage(makeLotterySeason(), wishes(pair("asked", [3])));
  const friends = await friendsSection();
  expect(
    friends.getByText(
      "Usted le pidió a Rosa Diaz que se ubique a Leo junto con niños de esa familia. Falta que acepte.",
    ),
  ).toBeInTheDocument();
  expect(friends.getByRole("button", { name: "Retirar la solicitud" })).toBeInTheDocument();
});

test("a pair made reads in Spanish while the wishes are open", async () => {
  renderPage(makeLotterySeason(), wishes(pair("confirmed", [2])));
  const friends = await friendsSection();
  expect(
    friends.getByText(
      "Se ubicará a Mia con la familia de Rosa Diaz (Noa): todos juntos o ninguno.",
    ),
  ).toBeInTheDocument();
  expect(friends.getByRole("button", { name: "Retirarse" })).toBeInTheDocument();
});

test("a pair made reads in Spanish once the wishes closed", async () => {
  const closed = makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -DAY });
  renderPage(closed, wishes(pair("confirmed", [2])));
  expect(
    await screen.findByText(
      "Ubicados con amigos: Mia con la familia de Rosa Diaz (Noa), todos juntos o ninguno.",
    ),
  ).toBeInTheDocument();
});
