import { daysInWords } from "./daysInWords";

test.each([
  [0, "today"],
  [1, "tomorrow"],
  [6, "in 6 days"],
])("a class %i days away meets %s", (days, words) => {
  expect(daysInWords(days)).toBe(words);
});
