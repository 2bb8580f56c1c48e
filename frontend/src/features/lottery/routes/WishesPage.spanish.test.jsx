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
const painting = makeClass({ _id: 22, nameClass: "Plein Air Painting", seasonId: 3 });

function renderPage(season, wishes, answers = {}) {
  stubApi({
    "/seasons": [season],
    "/participants": [myself, mia, leo],
    [seasonClassesKey(3)]: listPage([pottery, painting], 2),
    "/seasons/3/draw": { seedHash: "ab".repeat(32) },
    "GET /seasons/3/wishes": wishes,
    ...answers,
  });
  renderRoutes([{ path: "/dashboard/seasons/:seasonId/wishes", element: <WishesPage /> }], {
    route: "/dashboard/seasons/3/wishes",
    auth: signedIn("student"),
  });
}

test("a family makes its wishes in Spanish: the window, each child's list and the group", async () => {
  renderPage(
    makeLotterySeason(),
    makeWishes({ children: [{ participantId: 2, choices: [21, 22] }] }),
    {
      "PUT /seasons/3/wishes": respond(400, {
        message: "Por favor revise estos campos: children.",
        errors: { children: ["Artículo 1: choices: Artículo 2: Solo para edades de 13 a 17."] },
      }),
    },
  );
  const user = userEvent.setup();

  expect(
    await screen.findByRole("heading", { name: "Sus preferencias para Lottery Summer" }),
  ).toBeInTheDocument();
  expect(screen.getByText(/^Las preferencias se cierran el /)).toBeInTheDocument();
  expect(screen.getByText("La escuela se comprometió con su semilla:")).toBeInTheDocument();
  const miaWishes = within(await screen.findByRole("group", { name: "Preferencias de Mia Lopez" }));
  expect(miaWishes.getByRole("button", { name: "Subir Plein Air Painting" })).toBeEnabled();
  expect(miaWishes.getByRole("button", { name: "Bajar Pottery Wheel" })).toBeEnabled();
  expect(miaWishes.getByRole("button", { name: "Quitar Pottery Wheel" })).toBeEnabled();
  expect(
    miaWishes.getByRole("combobox", { name: "Agregar una clase a las preferencias de Mia Lopez" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Ubicar juntos" })).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Guardar sus preferencias" }));

  // The server's refusal, said in Spanish, goes beside Mia's second wish.
  const second = miaWishes.getAllByRole("listitem")[1];
  expect(await within(second).findByText("Solo para edades de 13 a 17.")).toBeVisible();
  expect(
    within(screen.getByRole("alert")).getByRole("link", {
      name: "Preferencia 2 de Mia Lopez, Plein Air Painting: Solo para edades de 13 a 17.",
    }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/wish|Save|Move|together/)).toBeNull();
});

test("the draw's result reads in Spanish, with Accept and pay", async () => {
  renderPage(
    makeLotterySeason({ wishesOpenedAgo: 10 * DAY, wishesCloseIn: -2 * DAY }),
    makeWishes({
      children: [{ participantId: 2, choices: [21, 22] }],
      result: {
        place: 12,
        families: 240,
        payBy: new Date(Date.now() + 2 * DAY).toISOString(),
        children: [
          {
            participantId: 2,
            classId: 22,
            rank: 2,
            whyNotFirst: "full",
            offerId: 51,
            seat: "held",
            waitlisted: [{ classId: 21, rank: 1, position: 5 }],
          },
        ],
      },
    }),
  );

  expect(await screen.findByText("Su familia salió en el lugar 12 de 240.")).toBeInTheDocument();
  const miaResult = within(screen.getByRole("article", { name: "Mia Lopez" }));
  expect(miaResult.getByText(/Su segunda preferencia/)).toBeInTheDocument();
  expect(
    miaResult.getByText(
      "La primera preferencia ya no tenía lugar cuando llegó el turno de su familia en el sorteo.",
    ),
  ).toBeInTheDocument();
  expect(miaResult.getByText(/^El lugar está reservado para usted hasta el /)).toBeInTheDocument();
  expect(
    miaResult.getByText("Número 5 en la lista de espera de Pottery Wheel"),
  ).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Aceptar y pagar" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Sus preferencias" })).toBeInTheDocument();
  expect(screen.queryByText(/wish|waitlist|drawn|Accept/)).toBeNull();
});
