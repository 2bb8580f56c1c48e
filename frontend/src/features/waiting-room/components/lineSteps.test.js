import {
  ADMITTED,
  JOINING,
  OPEN,
  RETRY_SECONDS,
  WAITING,
  asksServer,
  lineStart,
  lineStep,
} from "./lineSteps";
import { makeLineStanding } from "../../../testing/fixtures";

// The opening, a minute ago: the steps read nothing of it, but the answer always has one.
const OPENED = new Date(Date.now() - 60_000).toISOString();

function answer(fields = {}) {
  return makeLineStanding({
    season: { id: 1, name: "Summer" },
    opensAt: OPENED,
    estimatedWaitSeconds: 120,
    ...fields,
  });
}

function run(events, from = lineStart) {
  return events.reduce(lineStep, from);
}

test("a place given is waiting, asked after at the server's pace", () => {
  const state = run([{ type: "answered", answer: answer() }]);

  expect(state).toEqual({
    step: WAITING,
    answer: answer(),
    trouble: null,
    round: 1,
    nextInSeconds: 4,
  });
  expect(asksServer(state.step)).toBe(true);
});

test("an admission given ends the wait, and nothing moves it back", () => {
  const admitted = answer({ admitted: true, admission: "adm-1", position: null });
  const state = run([
    { type: "answered", answer: answer() },
    { type: "answered", answer: admitted },
    { type: "answered", answer: answer({ position: 9 }) },
    { type: "failed", message: "Busy" },
  ]);

  expect(state.step).toBe(ADMITTED);
  expect(state.answer).toEqual(admitted);
  expect(asksServer(state.step)).toBe(false);
});

test("a room that is off lets the family go on at once", () => {
  const off = answer({ active: false, admitted: true, line: null, position: null });

  const state = run([{ type: "answered", answer: off }]);

  expect(state.step).toBe(OPEN);
  expect(asksServer(state.step)).toBe(false);
});

test("a place the server no longer knows is asked for again", () => {
  const state = run([
    { type: "answered", answer: answer() },
    { type: "answered", answer: answer({ line: null, position: null }) },
  ]);

  expect(state.step).toBe(JOINING);
  expect(asksServer(state.step)).toBe(true);
});

test("an admitted answer without an admission keeps the family waiting", () => {
  const state = run([{ type: "answered", answer: answer({ admitted: true, admission: null }) }]);

  expect(state.step).toBe(WAITING);
});

test("a failure keeps the step, says it, and tries again at the pace or the Retry-After", () => {
  const first = run([{ type: "failed", message: "Offline", retryAfterSeconds: null }]);
  expect(first).toEqual({
    ...lineStart,
    trouble: "Offline",
    round: 1,
    nextInSeconds: RETRY_SECONDS,
  });

  const waiting = run([
    { type: "answered", answer: answer() },
    { type: "failed", message: "Busy", retryAfterSeconds: null },
  ]);
  expect(waiting).toMatchObject({ step: WAITING, trouble: "Busy", round: 2, nextInSeconds: 4 });

  const told = run([{ type: "failed", message: "Busy", retryAfterSeconds: 11 }], waiting);
  expect(told).toMatchObject({ step: WAITING, round: 3, nextInSeconds: 11 });

  const again = run([{ type: "answered", answer: answer({ position: 2 }) }], told);
  expect(again).toMatchObject({ step: WAITING, trouble: null, round: 4 });
});

test("an admission another tab was given admits this tab too", () => {
  expect(run([{ type: "admittedElsewhere" }]).step).toBe(ADMITTED);
  expect(run([{ type: "answered", answer: answer() }, { type: "admittedElsewhere" }]).step).toBe(
    ADMITTED,
  );
});

test("an event the line does not know is a mistake in the page", () => {
  expect(() => lineStep(lineStart, { type: "jumped" })).toThrow("jumped");
});

test("a token the server refuses is joining again at once, with nothing said", () => {
  const state = run([{ type: "answered", answer: answer() }, { type: "placeUnknown" }]);

  expect(state).toMatchObject({ step: JOINING, trouble: null, round: 2, nextInSeconds: 0 });
});
