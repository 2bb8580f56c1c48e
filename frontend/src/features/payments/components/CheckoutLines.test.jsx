import { render, screen } from "@testing-library/react";

import { makeCheckoutLine } from "../../../testing/fixtures";
import { CheckoutLines } from "./CheckoutLines";

test("a week of a series and a day of extended care each say which", () => {
  const lines = [
    makeCheckoutLine({
      id: 1,
      className: "Art Explorers",
      unitOf: 7,
      unitLabel: "Week 2: Jun 21–25",
    }),
    makeCheckoutLine({
      id: 2,
      className: "After-care",
      extendedCareId: 9,
      unitLabel: "Tue Jun 22",
    }),
    makeCheckoutLine({ id: 3, className: "Watercolor Basics", unitOf: null, unitLabel: "" }),
  ];

  render(<CheckoutLines lines={lines} onRemove={() => {}} removing={null} />);

  expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
    "Art Explorers — Week 2: Jun 21–25",
    "After-care — Tue Jun 22",
    "Watercolor Basics",
  ]);
  expect(
    screen.getByRole("button", { name: "Remove After-care — Tue Jun 22 for Ana Lopez" }),
  ).toBeInTheDocument();
});
