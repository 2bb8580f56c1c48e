/*
 * A child's line as the instructor should see it: the server's line with the actions still
 * waiting on the device taken on top, in the order they were taken, as the server will take them.
 */

// The server accepts an undo this long after the action it undoes (ATTENDANCE_UNDO_MINUTES).
export const UNDO_MINUTES = 10;
const UNDO_MS = UNDO_MINUTES * 60 * 1000;

function applied(shown, entry) {
  if (entry.action === "check_in") {
    return { status: "present", checkedInAt: entry.at, checkedOutAt: null, collectedBy: null };
  }
  if (entry.action === "absent") {
    return { status: "absent", checkedInAt: null, checkedOutAt: null, collectedBy: null };
  }
  if (entry.action === "check_out") {
    return { ...shown, status: "left", checkedOutAt: entry.at, collectedBy: entry.collectedBy };
  }
  if (entry.action === "hand_over") {
    const collectedBy = { kind: "handover", id: String(entry.toMeetingId), name: entry.toName };
    return { ...shown, status: "left", checkedOutAt: entry.at, collectedBy };
  }
  return shown;
}

// An undo of an action the server already holds: the step before it, as near as the line tells.
function undoneOnServer(shown) {
  if (shown.status === "left") {
    return { ...shown, status: "present", checkedOutAt: null, collectedBy: null };
  }
  return { status: "expected", checkedInAt: null, checkedOutAt: null, collectedBy: null };
}

// `queued`: this child's waiting entries, oldest first.
export function lineWithQueued(line, queued) {
  let shown = {
    status: line.status,
    checkedInAt: line.checkedInAt,
    checkedOutAt: line.checkedOutAt,
    collectedBy: line.collectedBy,
  };
  const before = [];
  for (const entry of queued) {
    if (entry.action === "undo") {
      shown = before.pop() ?? undoneOnServer(shown);
    } else {
      before.push(shown);
      shown = applied(shown, entry);
    }
  }
  return { ...line, ...shown, waiting: queued.length > 0 };
}

/*
 * Whether Undo is offered: the last action is this person's and under UNDO_MINUTES old. A waiting
 * action was taken here; a recorded one is theirs when the server names them as its author, and
 * its time is the one the server answered with (`recordedAt`, by action id) or the line's own.
 * When no time is known (an absence recorded elsewhere) the server decides.
 */
export function mayUndo({ line, queued, me, recordedAt = {}, now }) {
  // A hand-over checked the child in elsewhere too: what is right is recorded there instead.
  if (line.collectedBy?.kind === "handover") return false;
  const last = queued.at(-1);
  if (last) return last.action !== "undo" && now - Date.parse(last.at) < UNDO_MS;
  if (!line.lastActionId || !me || line.lastActionBy !== me) return false;
  const times = { present: line.checkedInAt, left: line.checkedOutAt };
  const at = recordedAt[line.lastActionId] ?? times[line.status] ?? null;
  return at === null || now - Date.parse(at) < UNDO_MS;
}

/*
 * Where a child present here is handed over to, if anywhere ({meetingId, name}): from before-care
 * (`careKind` "before") to their first class of the day; from a class to their after-care.
 */
export function handOverTo(line, careKind) {
  if (careKind === "before") {
    const [next] = line.classesToday ?? [];
    return next ? { meetingId: next.meetingId, name: next.className } : null;
  }
  if (careKind) return null;
  const after = (line.extendedCare ?? []).find((care) => care.kind === "after");
  return after ? { meetingId: after.meetingId, name: after.label } : null;
}

// Which of Check in, Absent and Check out fit the child's status.
export function actionsFor(status) {
  return {
    checkIn: status === "expected" || status === "absent",
    absent: status === "expected",
    checkOut: status === "present",
  };
}
