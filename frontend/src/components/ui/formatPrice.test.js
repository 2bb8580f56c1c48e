import { formatPriceChange } from "./formatPrice";

test("a change to a price is always signed, a discount with a minus sign", () => {
  expect(formatPriceChange(-12)).toBe("−$12.00");
  expect(formatPriceChange(-10.8)).toBe("−$10.80");
  expect(formatPriceChange(54)).toBe("+$54.00");
  expect(formatPriceChange(1250.5)).toBe("+$1,250.50");
  expect(formatPriceChange(0)).toBe("$0.00");
  // Less than a cent either way is no change.
  expect(formatPriceChange(-0.001)).toBe("$0.00");
});
