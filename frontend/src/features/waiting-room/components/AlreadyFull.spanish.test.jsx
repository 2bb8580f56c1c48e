import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { makeChild, makeLineStanding, makeWaitlistEntry, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";
import { classWatched } from "../../../lib/watchedClasses";

speakSpanish();
const { WaitingRoomPage } = require("../routes/WaitingRoomPage");

afterAll(speakEnglish);

const mia = makeChild({ lastName: "Lopez" });
const pottery = { id: 3, name: "Wheel-Thrown Pottery", unitLabel: "", waitlistOpen: true };
const secondWeek = { id: 9, name: "Art Explorers", unitLabel: "Week 2", waitlistOpen: false };

function openLine(stubs, auth) {
  stubApi({ "POST /waitingRoom": makeLineStanding({ pollSeconds: 30 }), ...stubs });
  renderWithProviders(<WaitingRoomPage />, { route: "/waiting-room", path: "/waiting-room", auth });
  return userEvent.setup();
}

beforeEach(() => {
  window.localStorage.clear();
});

test("a family in line reads its full classes in Spanish, and joins a waitlist for a child", async () => {
  const user = openLine(
    {
      "/waitingRoom/fullClasses": [secondWeek, pottery],
      "/participants": [myself, mia],
      "POST /waitlist": respond(201, makeWaitlistEntry({ participantId: mia._id, position: 2 })),
    },
    signedIn("student"),
  );

  const list = within(await screen.findByRole("region", { name: "Ya sin lugares" }));
  expect(list.getByText(/ya no tienen lugares\. Puede unirse a una lista de espera/)).toBeVisible();
  const [week, wheel] = list.getAllByRole("listitem");
  expect(within(week).getByText("Su lista de espera abre con las inscripciones.")).toBeVisible();
  const forWhom = await within(wheel).findByLabelText(
    "¿Quién se une a la lista de espera de Wheel-Thrown Pottery?",
  );
  expect(
    within(forWhom)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["Yo", "Mia Lopez"]);

  await user.selectOptions(forWhom, "Mia Lopez");
  await user.click(within(wheel).getByRole("button", { name: "Unirse a la lista de espera" }));

  // Jest's ttag takes a sentence with the same placeholders in the same places for this one
  // (testing/spanish.js): "con el número" in the build may read "en el número" here.
  expect(await within(wheel).findByRole("status")).toHaveTextContent(
    /^Mia está en la lista de espera, (con|en) el número 2$/,
  );
  expect(screen.queryByText(/waitlist|Already full|Myself/)).toBeNull();
});

test("a visitor is asked in Spanish to sign in to join", async () => {
  classWatched(3);
  openLine({ "/waitingRoom/fullClasses?watching=3": [pottery] });

  const item = within(await screen.findByRole("region", { name: "Ya sin lugares" })).getByRole(
    "listitem",
  );

  expect(item).toHaveTextContent("Iniciar sesión para unirse a la lista de espera.");
  expect(within(item).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
});
