import { formatCount, formatHour, formatRate, formatValue, shortName } from "./figures";

test("counts read with thousands marked", () => {
  expect(formatCount(0)).toBe("0");
  expect(formatCount(1234567)).toBe("1,234,567");
});

test("a rate reads as a percentage to a tenth, and no rate says there is no record", () => {
  expect(formatRate(0.9286)).toBe("92.9%");
  expect(formatRate(1)).toBe("100%");
  expect(formatRate(0)).toBe("0%");
  expect(formatRate(null)).toBe("No record");
});

test("an hour of the day reads on the school's clock", () => {
  expect(formatHour(0)).toBe("12:00 AM");
  expect(formatHour(9)).toBe("9:00 AM");
  expect(formatHour(12)).toBe("12:00 PM");
  expect(formatHour(23)).toBe("11:00 PM");
});

test("a chart's value reads as its table's does", () => {
  expect(formatValue("money", -45.5)).toBe("-$45.50");
  expect(formatValue("rate", 0.5)).toBe("50%");
  expect(formatValue("count", 1200)).toBe("1,200");
});

test("a long name is cut short on a chart, a short one kept whole", () => {
  expect(shortName("Wheel Throwing")).toBe("Wheel Throwing");
  expect(shortName("Advanced Wheel Throwing and Glazing for Teens")).toBe(
    "Advanced Wheel Throwing…",
  );
  expect(shortName("Advanced Wheel Throwing and Glazing for Teens")).toHaveLength(24);
});
