// How long the app's data cache keeps an answer before asking again (the spec's 5 minutes). A
// hook that polls sets its own, shorter one: SWR's polls are deduplicated within it.
export const APP_DEDUPING_INTERVAL_MS = 5 * 60 * 1000;
