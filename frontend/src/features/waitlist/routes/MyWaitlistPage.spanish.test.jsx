import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { makeWaitlistEntry } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakSpanish } from "../../../testing/spanish";

// The status labels are said as the module loads: it is loaded once the page speaks Spanish.
speakSpanish();
const { MyWaitlistPage } = require("./MyWaitlistPage");

const NOW = new Date("2027-06-01T10:00:00Z");
const OFFER_ENDS = new Date(NOW.getTime() + 2 * 60 * 60 * 1000).toISOString();

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});

afterEach(() => {
  jest.useRealTimers();
});

test("a family reads its waitlist in Spanish: the heading, each place and what it can do", async () => {
  stubApi({
    "GET /waitlist": [
      makeWaitlistEntry({
        _id: 31,
        participantId: 2,
        participantName: "Mia Lopez",
        status: "offered",
        position: null,
        offerExpiresAt: OFFER_ENDS,
      }),
      makeWaitlistEntry({
        _id: 32,
        classId: 4,
        className: "Pottery Wheel",
        participantId: 3,
        participantName: "Leo Lopez",
        position: 2,
      }),
    ],
  });
  renderRoutes([{ path: "/dashboard/waitlist", element: <MyWaitlistPage /> }], {
    route: "/dashboard/waitlist",
    auth: signedIn("student"),
  });

  expect(await screen.findByRole("heading", { name: "Mi lista de espera" })).toBeInTheDocument();
  const waiting = within(
    await screen.findByRole("article", { name: "Pottery Wheel para Leo Lopez" }),
  );
  expect(waiting.getByText("En espera")).toBeInTheDocument();
  expect(waiting.getByText("Número 2 en la lista")).toBeInTheDocument();
  expect(waiting.getByRole("button", { name: "Salir de la lista de espera" })).toBeInTheDocument();
  const offered = within(screen.getAllByRole("article")[0]);
  expect(offered.getByText("Lugar ofrecido")).toBeInTheDocument();
  expect(offered.getByText(/Se reserva un lugar hasta el/)).toBeInTheDocument();
  expect(offered.getByRole("timer")).toHaveTextContent(/^\(quedan 2:00:00\)$/);
  expect(offered.getByRole("button", { name: "Aceptar" })).toBeInTheDocument();
  expect(offered.getByRole("button", { name: "Rechazar" })).toBeInTheDocument();
  expect(screen.queryByText(/waitlist|Waiting|Seat offered|Accept|left\)/)).toBeNull();
});

test("an empty waitlist says so in Spanish, with the way to the classes", async () => {
  stubApi({ "GET /waitlist": [] });
  renderRoutes([{ path: "/dashboard/waitlist", element: <MyWaitlistPage /> }], {
    route: "/dashboard/waitlist",
    auth: signedIn("student"),
  });

  expect(await screen.findByText(/No está en ninguna lista de espera\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Ver todas las clases" })).toBeInTheDocument();
  expect(screen.queryByText(/You are not on any waitlist/)).toBeNull();
});
