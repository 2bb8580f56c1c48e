import useSWR from "swr";

/*
 * GET /waitingRoom/fullClasses?watching=3,7: of the classes a family wants, those full now, as
 * [{id, name, unitLabel, waitlistOpen}] by name. What it wants: its selections, when signed in
 * (the server reads them), and the class pages this browser opened (`watching`, lib/
 * watchedClasses.js). Asked from the opening's line at a pace of its own, slower than the line's:
 * the server keeps each class's answer a few seconds for everyone.
 */

export const wantedClassesFullPath = "/waitingRoom/fullClasses";

/*
 * A class that fills is known within half a minute, and the crowd's asks stay few beside the
 * line's own (each of these reads the database, the line's do not): 5,000 families in line, their
 * pages in view, ask under 170 times a second. A page out of view asks nothing (SWR's default).
 */
export const WANTED_CLASSES_FULL_POLL_MS = 30_000;

// The same classes in any order make the same key.
export function wantedClassesFullKey(watching) {
  const ids = [...new Set(watching)].sort((a, b) => a - b);
  return ids.length ? `${wantedClassesFullPath}?watching=${ids.join(",")}` : wantedClassesFullPath;
}

// Nothing is asked unless `enabled`. A failure shows nothing and is asked again at the pace.
export function useWantedClassesFull(watching, { enabled }) {
  return useSWR(enabled ? wantedClassesFullKey(watching) : null, {
    refreshInterval: WANTED_CLASSES_FULL_POLL_MS,
  });
}
