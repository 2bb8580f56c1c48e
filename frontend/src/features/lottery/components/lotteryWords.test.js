import { familyPlaceWords, waitlistPlaceWords, wishWords, wishesWindow } from "./lotteryWords";

const HOUR = 60 * 60 * 1000;

test("places read as English ordinals", () => {
  expect(
    [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => waitlistPlaceWords(n, "Clay")),
  ).toEqual([
    "1st on the waitlist for Clay",
    "2nd on the waitlist for Clay",
    "3rd on the waitlist for Clay",
    "4th on the waitlist for Clay",
    "11th on the waitlist for Clay",
    "12th on the waitlist for Clay",
    "13th on the waitlist for Clay",
    "21st on the waitlist for Clay",
    "22nd on the waitlist for Clay",
    "23rd on the waitlist for Clay",
    "101st on the waitlist for Clay",
    "111th on the waitlist for Clay",
  ]);
  expect(familyPlaceWords(42, 240)).toBe("Your family was drawn 42nd of 240.");
});

test("a wish's rank reads in words, past the usual five as a number", () => {
  expect([1, 2, 3, 5, 7].map(wishWords)).toEqual([
    "Your first wish",
    "Your 2nd wish",
    "Your 3rd wish",
    "Your 5th wish",
    "Your wish number 7",
  ]);
});

test("the window stands before, open or closed by the clock", () => {
  const now = Date.now();
  const season = {
    wishesOpenAt: new Date(now - HOUR).toISOString(),
    wishesCloseAt: new Date(now + HOUR).toISOString(),
  };

  expect(wishesWindow(season, now - 2 * HOUR)).toBe("before");
  expect(wishesWindow(season, now)).toBe("open");
  expect(wishesWindow(season, now + HOUR)).toBe("closed");
  expect(wishesWindow({ wishesOpenAt: null, wishesCloseAt: null }, now)).toBe("unset");
});
