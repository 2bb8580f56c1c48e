/*
 * The class pages this browser opened, the latest first: the opening morning's line tells the
 * family which of them are full (api/wantedClassesFull.js). Only ids, the last WATCHED_MOST, kept
 * in localStorage so another tab or a later visit has them; a browser that refuses storage keeps
 * none, and the line then names only the family's selections.
 */
export const WATCHED_CLASSES_KEY = "watched-classes";
// As many as the server takes in one question.
export const WATCHED_MOST = 10;

function isClassId(id) {
  return Number.isSafeInteger(id) && id > 0;
}

export function watchedClasses() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(WATCHED_CLASSES_KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter(isClassId).slice(0, WATCHED_MOST) : [];
  } catch {
    return [];
  }
}

export function classWatched(id) {
  const classId = Number(id);
  if (!isClassId(classId)) return;
  const kept = [classId, ...watchedClasses().filter((known) => known !== classId)];
  try {
    window.localStorage.setItem(WATCHED_CLASSES_KEY, JSON.stringify(kept.slice(0, WATCHED_MOST)));
  } catch {
    // Private browsing with storage off: nothing is kept.
  }
}
