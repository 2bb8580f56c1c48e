import { waitInWords } from "./waitInWords";

test.each([
  [null, null],
  [0, "less than a minute"],
  [29, "less than a minute"],
  [30, "about 1 minute"],
  [89, "about 1 minute"],
  [240, "about 4 minutes"],
  [3540, "about 59 minutes"],
  [3600, "about 1 hour"],
  [4800, "about 1 hour 20 minutes"],
  [7260, "about 2 hours 1 minute"],
])("a wait of %p seconds reads %p", (seconds, words) => {
  expect(waitInWords(seconds)).toBe(words);
});
