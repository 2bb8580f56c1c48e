import { screen, within } from "@testing-library/react";

import { seasonClassesKey } from "../../../api/classes";
import { listPage, stubApi } from "../../../testing/api";
import { makeClass, makeLotterySeason } from "../../../testing/fixtures";
import { renderRoutes, visitor } from "../../../testing/renderWithProviders";
import { speakSpanish } from "../../../testing/spanish";

// The page's words are said as its modules load: they are loaded once the page speaks Spanish.
speakSpanish();
const { DrawPage } = require("./DrawPage");

const DAY = 24 * 60 * 60 * 1000;

function renderPage(draw) {
  stubApi({
    "/seasons": [makeLotterySeason()],
    "/seasons/3/draw": draw,
    [seasonClassesKey(3)]: listPage(
      [makeClass({ _id: 21, nameClass: "Pottery Wheel", seasonId: 3 })],
      1,
    ),
  });
  renderRoutes([{ path: "/seasons/:seasonId/draw", element: <DrawPage /> }], {
    route: "/seasons/3/draw",
    auth: visitor,
  });
}

test("before the draw the page reads in Spanish: when it is, and the commitment", async () => {
  renderPage({ seedHash: null });

  expect(
    await screen.findByRole("heading", { level: 1, name: "El sorteo de Lottery Summer" }),
  ).toBeInTheDocument();
  expect(screen.getByText(/^El sorteo es el /)).toBeInTheDocument();
  expect(
    screen.getByText(
      "La escuela todavía no ha publicado su compromiso con la semilla del sorteo. Lo hará antes de que se cierren las preferencias.",
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Compruébelo usted mismo" })).toBeInTheDocument();
  expect(screen.queryByText(/The draw|The seed|wishes|Check it/)).toBeNull();
});

test("after the draw the order, the seats and the outcomes read in Spanish", async () => {
  renderPage({
    seedHash: "ab".repeat(32),
    seed: "4f1c2e9a",
    drawnAt: new Date(Date.now() - DAY).toISOString(),
    order: ["7F3A9C21"],
    seats: [{ classId: 21, seats: 1 }],
    allocations: [
      { code: "7F3A9C21", child: 1, classId: 21, rank: 1, outcome: "waitlisted", position: 3 },
    ],
  });

  expect(await screen.findByText(/^Sorteo realizado el /)).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "La semilla y su compromiso" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "El orden" })).toBeInTheDocument();
  expect(
    screen.getByRole("table", { name: "Lugares repartidos en cada clase" }),
  ).toBeInTheDocument();
  const outcomes = within(screen.getByRole("table", { name: "El resultado de cada preferencia" }));
  expect(outcomes.getByRole("columnheader", { name: "Resultado" })).toBeInTheDocument();
  expect(outcomes.getByText("En lista de espera, número 3")).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Buscar el código de una familia" })).toBeVisible();
  expect(screen.queryByText(/Drawn|The seed|The order|wishes|Placed/)).toBeNull();
});
