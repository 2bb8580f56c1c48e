import { closerName, countedDifference, localToday } from "./dayFigures";

test("the difference is what was counted less the cash and cheques recorded, to the cent", () => {
  const takings = { card: 100, cash: 80.1, cheque: 45.2, total: 225.3 };
  expect(countedDifference(takings, "80.10", "45.20")).toBe(0);
  expect(countedDifference(takings, "75", "45.2")).toBe(-5.1);
  expect(countedDifference(takings, "", "")).toBe(-125.3);
});

test("who closed the day reads as a name, whether the server sends one or a person", () => {
  expect(closerName("Sam Office")).toBe("Sam Office");
  expect(closerName({ name: "Sam Office", role: "office" })).toBe("Sam Office");
  expect(closerName(null)).toBe("");
});

test("today is the visitor's calendar date", () => {
  const now = new Date();
  expect(localToday(now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new Date(`${localToday(now)}T12:00:00`).getDate()).toBe(now.getDate());
});
