import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../../../testing/spanish";
import { daysInWords } from "../components/daysInWords";

// The table's column names are said as its module loads: it loads after the switch to Spanish.
speakSpanish();
const { CareMissingPage } = require("./CareMissingPage");

afterAll(speakEnglish);

const mia = {
  classId: 3,
  className: "Watercolor Basics",
  firstMeetingAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
  daysToFirstMeeting: 3,
  participantId: 7,
  participantName: "Mia Lopez",
  accountId: 40,
  familyName: "Ana Lopez",
  familyEmail: "ana@family.test",
  missing: ["record"],
};

test("how soon a class meets, in Spanish and counted by its rules", () => {
  expect([0, 1, 2, 6].map(daysInWords)).toEqual(["hoy", "mañana", "en 2 días", "en 6 días"]);
});

test("the admins' table of missing care records speaks Spanish", async () => {
  stubApi({ "/care/missing": [mia], "POST /care/reminders": respond(202, { sent: true }) });
  renderRoutes([{ path: "/dashboard/care-missing", element: <CareMissingPage /> }], {
    route: "/dashboard/care-missing",
    auth: signedIn("admin"),
  });
  const user = userEvent.setup();

  expect(
    await screen.findByRole("heading", { level: 1, name: "Fichas de cuidado faltantes" }),
  ).toBeInTheDocument();
  const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
  expect(headers).toEqual(["Clase", "Primera sesión", "Niño", "Familia", "Falta", "Recordatorio"]);
  expect(screen.getByText("en 3 días")).toBeInTheDocument();
  expect(screen.queryByText("in 3 days")).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Recordar a la familia de Mia Lopez" }));
  await waitFor(() => expect(screen.getByText("Recordatorio enviado")).toBeInTheDocument());
});
