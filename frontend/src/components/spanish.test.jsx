import { makeClass } from "../testing/fixtures";
import { speakEnglish, speakSpanish } from "../testing/spanish";

// The clock stands before the meetings and the opening below, whatever day the tests run on.
beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2027-05-01T12:00:00Z"), advanceTimers: true });
});

afterEach(() => {
  jest.useRealTimers();
  speakEnglish();
});

/*
 * The shared parts, loaded afresh after the switch to Spanish: their lists of labels are said as
 * their modules load. Testing Library and React come from the same fresh load, so the parts' hooks
 * find their React; the page is cleaned up by hand (its automatic cleanup belongs to the
 * outer load).
 */
function loadInSpanish() {
  process.env.RTL_SKIP_AUTO_CLEANUP = "true";
  let loaded;
  // The Spanish build's language (webpack's DefinePlugin), for the order of a date's parts.
  process.env.CAMP_LANGUAGE = "es";
  jest.isolateModules(() => {
    // The fresh load has its own ttag, switched here.
    require("../testing/spanish").speakSpanish();
    loaded = {
      ...require("@testing-library/react"),
      React: require("react"),
      MemoryRouter: require("react-router-dom").MemoryRouter,
      ...require("./cards/ClassFacts"),
      ...require("./cards/RegistrationCountdown"),
      ...require("./care/CareFlags"),
      ...require("./ui/ConfirmRemoveDialog"),
    };
  });
  delete process.env.CAMP_LANGUAGE;
  return loaded;
}

test("a class's facts, its schedule and its countdown read in Spanish", () => {
  const spanish = loadInSpanish();
  const { render, screen, cleanup, React, MemoryRouter, ClassFacts, CLASS_FACTS } = spanish;
  const classItem = makeClass({
    ageMin: 6,
    ageMax: 9,
    level: "beginner",
    location: "Studio 2",
    meetings: [
      { start: "2027-06-14T09:00:00-07:00", end: "2027-06-14T12:00:00-07:00" },
      { start: "2027-06-16T09:00:00-07:00", end: "2027-06-16T12:00:00-07:00" },
    ],
    meetingDays: ["mon", "wed"],
    startTime: "09:00",
    endTime: "12:00",
    totalHours: 6,
  });
  render(
    React.createElement(
      MemoryRouter,
      null,
      React.createElement(ClassFacts, { classItem, facts: CLASS_FACTS.catalog, sayMissing: true }),
      React.createElement(spanish.RegistrationCountdown, {
        opens: { at: "2027-06-01T09:00:00-07:00", left: 2 * 86400000 + 3 * 3600000 },
      }),
    ),
  );
  expect(screen.getByText("Edades")).toBeInTheDocument();
  expect(screen.getByText("Edades 6–9")).toBeInTheDocument();
  expect(screen.getByText("Principiante")).toBeInTheDocument();
  expect(screen.getByText("Categoría")).toBeInTheDocument();
  expect(screen.getByText("No indicado")).toBeInTheDocument();
  expect(screen.getByText("14 jun – 16 jun · Lun, Mié · 9:00 a.m.–12:00 p.m.")).toBeInTheDocument();
  expect(screen.getByText("6 horas")).toBeInTheDocument();
  expect(screen.getByText("Las inscripciones abren en 2 días 3 horas")).toBeInTheDocument();
  expect(screen.queryByText("Ages")).toBeNull();
  expect(screen.queryByText("Not given")).toBeNull();
  expect(screen.queryByText(/Registration opens/)).toBeNull();
  cleanup();
});

test("a child's care flags and a dialog's buttons read in Spanish", () => {
  const spanish = loadInSpanish();
  const { render, screen, cleanup, React, CareFlags, ConfirmRemoveDialog } = spanish;
  const flags = {
    allergy: "anaphylactic",
    allergies: ["Peanuts", "Pollen"],
    medicationAtCamp: true,
    photoConsent: false,
    pickups: ["Ana Lopez"],
    mayLeaveAlone: false,
    complete: false,
  };
  render(
    React.createElement(
      "div",
      null,
      React.createElement(CareFlags, { flags }),
      React.createElement(ConfirmRemoveDialog, {
        title: "Clay Animals",
        busy: false,
        onConfirm: () => {},
        onClose: () => {},
      }),
    ),
  );
  const list = screen.getByRole("list", { name: "Alertas de cuidado" });
  expect(list).toHaveTextContent("EpiPen: Peanuts, Pollen (en el peor caso anafiláctica)");
  expect(list).toHaveTextContent("Medicamento en el campamento");
  expect(list).toHaveTextContent("Sin fotos");
  expect(list).toHaveTextContent("Lo recogen: Ana Lopez");
  expect(list).toHaveTextContent("Ficha de cuidado incompleta");
  expect(list).not.toHaveTextContent("No photos");
  expect(screen.getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Quitar" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Cerrar" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  cleanup();
});

test("the countdown's words agree with their number in Spanish", () => {
  speakSpanish();
  const { opensInWords } = require("./cards/opensIn");
  expect(opensInWords(60 * 1000)).toBe("1 minuto");
  expect(opensInWords(86400000 + 3600000)).toBe("1 día 1 hora");
  expect(opensInWords(42 * 1000)).toBe("42 segundos");
  speakEnglish();
  expect(opensInWords(42 * 1000)).toBe("42 seconds");
});
