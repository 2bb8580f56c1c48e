import { render, screen } from "@testing-library/react";

import { speakEnglish, speakSpanish } from "../../../testing/spanish";

// The labels are said as the modules load: they load after the switch to Spanish.
speakSpanish();
const { ClassStatusBadge } = require("../../../components/cards/ClassStatusBadge");
const { STATUS_LABELS } = require("./classStatuses");

afterAll(speakEnglish);

test("one English word said of one class and of the classes shown agrees with each in Spanish", () => {
  render(<ClassStatusBadge status="Approved" />);

  expect(screen.getByText("Aprobada")).toBeInTheDocument();
  expect(STATUS_LABELS.Approved).toBe("Aprobadas");
  expect(STATUS_LABELS.Cancelled).toBe("Canceladas");
});
