import { render, screen } from "@testing-library/react";

import { makeCheckoutLine } from "../../../testing/fixtures";
import { CheckoutLines, CheckoutTotal } from "./CheckoutLines";

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

function checkoutOf(lines, { total, credit = 0, later = 0 }) {
  return { lines, total, credit, later };
}

test("the total is a polite live region, read whole, that changes only when the sums do", () => {
  const lines = [makeCheckoutLine({ id: 1 }), makeCheckoutLine({ id: 2 })];
  const { rerender } = render(
    <CheckoutTotal checkout={checkoutOf(lines, { total: 91 })} paid={false} />,
  );

  const region = screen.getByRole("status", { name: "Total" });
  expect(region).toHaveAttribute("aria-live", "polite");
  expect(region).toHaveAttribute("aria-atomic", "true");
  expect(region).toHaveTextContent("Total due$91.00");
  const observer = new MutationObserver(() => {});
  observer.observe(region, { childList: true, characterData: true, subtree: true });

  // The same checkout answered again (a revalidation): not a word changes, nothing is said.
  rerender(<CheckoutTotal checkout={checkoutOf([...lines], { total: 91 })} paid={false} />);
  expect(observer.takeRecords()).toHaveLength(0);

  // A line removed: the new total is said, with its label.
  rerender(
    <CheckoutTotal checkout={checkoutOf(lines.slice(0, 1), { total: 45.5 })} paid={false} />,
  );
  expect(screen.getByRole("status", { name: "Total" })).toBe(region);
  expect(region).toHaveTextContent("Total due$45.50");
  expect(observer.takeRecords().length).toBeGreaterThan(0);
  observer.disconnect();
});
