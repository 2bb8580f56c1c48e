import { meetingsOverlap } from "../../../components/ui/schedule";

// Admins and instructors teach or run classes; they cannot select them (spec).
const CANNOT_SELECT = ["admin", "instructor"];

/*
 * The classes a student holds, selected or enrolled, as {id, name, meetings}: what a new Select
 * must not clash with. A selection without its class's meetings borrows them from a loaded copy
 * of the class (`knownClasses`).
 */
export function heldClasses({ selections, enrolled, justSelected, knownClasses }) {
  const known = new Map((knownClasses ?? []).map((classItem) => [classItem._id, classItem]));
  const held = new Map();
  function hold(id, name, meetings) {
    held.set(id, { id, name, meetings: meetings ?? [] });
  }
  for (const classItem of justSelected ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings);
  }
  for (const selection of selections ?? []) {
    const meetings = selection.meetings ?? known.get(selection.classId)?.meetings;
    hold(selection.classId, selection.nameClass, meetings);
  }
  for (const classItem of enrolled ?? []) {
    hold(classItem._id, classItem.nameClass, classItem.meetings);
  }
  return [...held.values()];
}

// The name of a held class whose meetings overlap this class's, or null.
export function conflictingClassName(classItem, held) {
  if (!classItem.meetings?.length) return null;
  const other = held.find(
    (entry) => entry.id !== classItem._id && meetingsOverlap(classItem.meetings, entry.meetings),
  );
  return other ? other.name : null;
}

/*
 * Whether Select is off for this class and, when it is the only thing in the way, which held
 * class it clashes with. Off while the session or the student's own lists are loading (nobody
 * can tell yet), for admins and instructors, for a class already held, once registration has
 * closed, with no seats left, and for a clash.
 */
export function selectAvailability(classItem, { sessionLoading, waiting, role, held }) {
  const taken = held.some((entry) => entry.id === classItem._id);
  const closed = classItem.registrationOpen === false;
  const soldOut = classItem.seats === 0;
  const conflict = taken || closed || soldOut ? null : conflictingClassName(classItem, held);
  return {
    taken,
    closed,
    soldOut,
    conflict,
    disabled:
      sessionLoading ||
      waiting ||
      CANNOT_SELECT.includes(role) ||
      taken ||
      closed ||
      soldOut ||
      conflict !== null,
  };
}
