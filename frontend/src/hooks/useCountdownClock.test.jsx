import { act, render } from "@testing-library/react";

import { nextChangeIn, useCountdownClock } from "./useCountdownClock";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const NOW = Date.parse("2027-10-29T17:00:00Z");

// Draws the clock's time; `renders` counts how often it moved on.
function Clock({ moments, onReached, renders }) {
  const now = useCountdownClock(moments, onReached);
  renders.push(now);
  return <p>{now - NOW}</p>;
}

function iso(time) {
  return new Date(time).toISOString();
}

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

test.each([
  ["far away: on the next whole minute before the moment", 2 * HOUR + 30 * SECOND, 30 * SECOND],
  ["on a whole minute: a minute later", 5 * MINUTE, MINUTE],
  ["in the last minute: on the next whole second", 42 * SECOND + 250, 250],
  ["at one minute: a second later", MINUTE, SECOND],
  ["once the moment has come: never", 0, null],
])("the next step, %s", (_, left, wait) => {
  expect(nextChangeIn(left)).toBe(wait);
});

test("the clock steps once a minute while far, each second in the last minute, then stops", () => {
  const renders = [];
  const onReached = jest.fn();
  render(<Clock moments={[iso(NOW + 3 * MINUTE)]} onReached={onReached} renders={renders} />);
  renders.length = 0;

  act(() => jest.advanceTimersByTime(MINUTE - 1));
  expect(renders).toEqual([]);
  act(() => jest.advanceTimersByTime(1));
  act(() => jest.advanceTimersByTime(MINUTE));
  expect(renders.map((now) => now - NOW)).toEqual([MINUTE, 2 * MINUTE]);

  renders.length = 0;
  for (let second = 1; second <= 60; second += 1) {
    act(() => jest.advanceTimersByTime(SECOND));
  }
  expect(renders.map((now) => now - NOW - 2 * MINUTE)).toEqual(
    Array.from({ length: 60 }, (_, index) => (index + 1) * SECOND),
  );
  expect(onReached).toHaveBeenCalledTimes(1);

  renders.length = 0;
  act(() => jest.advanceTimersByTime(HOUR));
  expect(renders).toEqual([]);
  expect(jest.getTimerCount()).toBe(0);
});

test("one timer serves every moment, the nearest leading", () => {
  const renders = [];
  const onReached = jest.fn();
  render(
    <Clock
      moments={[iso(NOW + 2 * HOUR), iso(NOW + 30 * SECOND), iso(NOW + 2 * HOUR)]}
      onReached={onReached}
      renders={renders}
    />,
  );
  expect(jest.getTimerCount()).toBe(1);

  act(() => jest.advanceTimersByTime(30 * SECOND));
  expect(onReached).toHaveBeenCalledTimes(1);
  expect(jest.getTimerCount()).toBe(1);

  act(() => jest.advanceTimersByTime(2 * HOUR));
  expect(onReached).toHaveBeenCalledTimes(2);
});

test("a moment already past when given is reached at once, and only once", () => {
  const renders = [];
  const onReached = jest.fn();
  const past = [iso(NOW - SECOND)];
  const { rerender } = render(<Clock moments={past} onReached={onReached} renders={renders} />);
  expect(onReached).toHaveBeenCalledTimes(1);

  // The same moment in a new answer (the server still says it has not opened).
  rerender(<Clock moments={[...past]} onReached={onReached} renders={renders} />);
  rerender(<Clock moments={[...past, iso(NOW + HOUR)]} onReached={onReached} renders={renders} />);

  expect(onReached).toHaveBeenCalledTimes(1);
});

test("the timer goes with the page", () => {
  const { unmount } = render(
    <Clock moments={[iso(NOW + HOUR)]} onReached={() => {}} renders={[]} />,
  );
  unmount();
  expect(jest.getTimerCount()).toBe(0);
});
