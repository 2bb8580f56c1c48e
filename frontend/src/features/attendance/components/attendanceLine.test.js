import { actionsFor, handOverTo, lineWithQueued, mayUndo } from "./attendanceLine";

const MINUTE = 60 * 1000;
const now = Date.now();
const ago = (minutes) => new Date(now - minutes * MINUTE).toISOString();

const line = {
  participantId: 7,
  name: "Mia Lopez",
  status: "expected",
  checkedInAt: null,
  checkedOutAt: null,
  collectedBy: null,
  lastActionId: null,
  lastActionBy: null,
};
const queued = (action, minutesAgo, extra = {}) => ({
  clientId: `${action}-${minutesAgo}`,
  action,
  at: ago(minutesAgo),
  ...extra,
});

test("waiting actions are taken on top of the server's line, in order", () => {
  const rosa = { kind: "pickup", id: "a1b2c3d4e5f6", name: "Rosa Lopez" };
  const shown = lineWithQueued(line, [
    queued("check_in", 5),
    queued("check_out", 1, { collectedBy: rosa }),
  ]);
  expect(shown).toMatchObject({
    status: "left",
    checkedInAt: ago(5),
    checkedOutAt: ago(1),
    collectedBy: rosa,
    waiting: true,
  });
  expect(lineWithQueued(line, []).waiting).toBe(false);
});

test("an undo takes back the waiting action before it, or the server's last one", () => {
  expect(lineWithQueued(line, [queued("absent", 3), queued("undo", 2)]).status).toBe("expected");
  const present = { ...line, status: "present", checkedInAt: ago(30) };
  expect(lineWithQueued(present, [queued("check_out", 3), queued("undo", 2)])).toMatchObject({
    status: "present",
    checkedInAt: ago(30),
  });
  const left = { ...present, status: "left", checkedOutAt: ago(4), collectedBy: { name: "Ana" } };
  expect(lineWithQueued(left, [queued("undo", 1)])).toMatchObject({
    status: "present",
    checkedOutAt: null,
    collectedBy: null,
  });
});

test("Undo is offered for one's own last action under ten minutes old", () => {
  expect(mayUndo({ line, queued: [queued("check_in", 9)], me: null, now })).toBe(true);
  expect(mayUndo({ line, queued: [queued("check_in", 11)], me: null, now })).toBe(false);
  expect(mayUndo({ line, queued: [queued("absent", 1), queued("undo", 0)], now })).toBe(false);

  const mine = { ...line, status: "present", checkedInAt: ago(4), lastActionId: 3 };
  const by = (lastActionBy) => ({ ...mine, lastActionBy });
  expect(mayUndo({ line: by("Maya Lindqvist"), queued: [], me: "Maya Lindqvist", now })).toBe(true);
  expect(mayUndo({ line: by("Ada Brush"), queued: [], me: "Maya Lindqvist", now })).toBe(false);
  // The time the server answered with wins over the line's.
  expect(
    mayUndo({
      line: by("Maya Lindqvist"),
      queued: [],
      me: "Maya Lindqvist",
      recordedAt: { 3: ago(12) },
      now,
    }),
  ).toBe(false);
  expect(mayUndo({ line, queued: [], me: "Maya Lindqvist", now })).toBe(false);
});

test("the buttons fit the child's status", () => {
  expect(actionsFor("expected")).toEqual({ checkIn: true, absent: true, checkOut: false });
  expect(actionsFor("absent")).toEqual({ checkIn: true, absent: false, checkOut: false });
  expect(actionsFor("present")).toEqual({ checkIn: false, absent: false, checkOut: true });
  expect(actionsFor("left")).toEqual({ checkIn: false, absent: false, checkOut: false });
});

test("a child is handed from before-care to their first class, and from a class to after-care", () => {
  const classToday = { meetingId: 31, className: "Art Adventures" };
  const after = { meetingId: 52, kind: "after", label: "After-care" };
  const before = { meetingId: 51, kind: "before", label: "Before-care" };
  const day = { ...line, classesToday: [classToday], extendedCare: [before, after] };

  expect(handOverTo(day, "before")).toEqual({ meetingId: 31, name: "Art Adventures" });
  expect(handOverTo(day, null)).toEqual({ meetingId: 52, name: "After-care" });
  expect(handOverTo(day, "after")).toBeNull();
  expect(handOverTo({ ...day, extendedCare: [before] }, null)).toBeNull();
  expect(handOverTo({ ...line, classesToday: [], extendedCare: [] }, "before")).toBeNull();
});

test("a waiting hand-over shows the child gone to the other meeting, and is not undone here", () => {
  const present = { ...line, status: "present", checkedInAt: ago(30) };
  const shown = lineWithQueued(present, [
    queued("hand_over", 1, { toMeetingId: 52, toName: "After-care" }),
  ]);

  expect(shown).toMatchObject({
    status: "left",
    checkedOutAt: ago(1),
    collectedBy: { kind: "handover", id: "52", name: "After-care" },
  });
  expect(mayUndo({ line: shown, queued: [queued("hand_over", 1)], me: "Maya", now })).toBe(false);
});
