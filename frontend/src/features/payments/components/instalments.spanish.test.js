import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// The labels are said as the module loads: it loads after the switch to Spanish.
speakSpanish();
const { instalmentStatus } = require("./instalments");

afterAll(speakEnglish);

test("a part owed's state agrees with it in Spanish (a cuota is feminine), not with a class's", () => {
  expect(instalmentStatus({ status: "failed" })).toBe("Fallida");
  expect(instalmentStatus({ status: "cancelled" })).toBe("Cancelada");
  expect(instalmentStatus({ status: "due" })).toBe("Pendiente");
});
