import { ApiError } from "./api";

/*
 * Actions taken where the signal may fail (attendance in a basement studio, an incident report,
 * a dose given) are kept on the device first, in IndexedDB, and sent later in the order they
 * were taken. This module is the store (one database, one object store whose auto-incremented
 * key keeps that order), the small state machine of sending them (what the page shows and when
 * it may send next) and what a try at sending one came to.
 */

const STORE = "actions";

function settle(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/*
 * The queue kept in the database `name`. Entries are plain objects; each gets `seq`, its place
 * in the line. `add` resolves once the entry is written: an action is never shown as taken
 * before it would survive a reload.
 */
export function openQueue(name) {
  let opening = null;
  function database() {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opening;
  }
  async function withStore(mode, operation) {
    const transaction = (await database()).transaction(STORE, mode);
    const done = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await settle(operation(transaction.objectStore(STORE)));
    await done;
    return result;
  }
  return {
    async add(entry) {
      const seq = await withStore("readwrite", (store) => store.add(entry));
      return { ...entry, seq };
    },
    // Oldest first.
    all: () => withStore("readonly", (store) => store.getAll()),
    remove: (seq) => withStore("readwrite", (store) => store.delete(seq)),
    async close() {
      if (opening) (await opening).close();
      opening = null;
    },
  };
}

/*
 * The sending, as a state machine. `status`:
 * - "loading": the stored entries are being read;
 * - "idle": nothing waits;
 * - "ready": entries wait and the oldest may be sent now;
 * - "sending": the oldest is on its way (`inFlight`, its clientId), one at a time;
 * - "stalled": the last try found no network or a failing server; the entries wait for the next
 *   try (the browser coming back online, or the retry timer).
 * `entries` are what waits, oldest first; `refusals` the actions the server refused, each
 * {entry, reason}, until another action about the same thing is taken or it is dismissed.
 */
export const initialQueueState = { status: "loading", entries: [], inFlight: null, refusals: [] };

// What an entry is about, for its refusal: its own `about` (a report, one medication of a
// child), else the child at the meeting (an attendance action).
const aboutOf = (entry) => entry.about ?? `${entry.meetingId}:${entry.participantId}`;

function afterSettling(state, clientId) {
  const entries = state.entries.filter((entry) => entry.clientId !== clientId);
  return { ...state, entries, inFlight: null, status: entries.length ? "ready" : "idle" };
}

export function nextQueueState(state, event) {
  switch (event.type) {
    case "loaded": {
      if (state.status !== "loading") return state;
      // Anything queued while the store was being read is in it too; keep the store's order.
      const stored = event.entries;
      const extra = state.entries.filter(
        (entry) => !stored.some((kept) => kept.clientId === entry.clientId),
      );
      const entries = [...stored, ...extra];
      return { ...state, entries, status: entries.length ? "ready" : "idle" };
    }
    case "queued": {
      const about = aboutOf(event.entry);
      const refusals = state.refusals.filter((refusal) => aboutOf(refusal.entry) !== about);
      const entries = [...state.entries, event.entry];
      const status = state.status === "idle" ? "ready" : state.status;
      return { ...state, entries, refusals, status };
    }
    case "send":
      if (state.status !== "ready") return state;
      return { ...state, status: "sending", inFlight: state.entries[0].clientId };
    case "sent":
      if (state.status !== "sending" || state.inFlight !== event.clientId) return state;
      return afterSettling(state, event.clientId);
    case "refused": {
      if (state.status !== "sending" || state.inFlight !== event.clientId) return state;
      const entry = state.entries.find((item) => item.clientId === event.clientId);
      const refusals = [...state.refusals, { entry, reason: event.reason }];
      return { ...afterSettling(state, event.clientId), refusals };
    }
    case "dismissed": {
      const refusals = state.refusals.filter(({ entry }) => entry.clientId !== event.clientId);
      return refusals.length === state.refusals.length ? state : { ...state, refusals };
    }
    case "failed":
      if (state.status !== "sending") return state;
      return { ...state, status: "stalled", inFlight: null };
    case "retry":
      if (state.status !== "stalled") return state;
      return { ...state, status: state.entries.length ? "ready" : "idle" };
    default:
      return state;
  }
}

/*
 * A 4xx in our server's own shape is its answer to this action, final: sending it again would be
 * refused again. A 401 says the session ran out, a 408 or 429 to ask later: the action still
 * stands. Anything else (no network, a 5xx, a captive portal's page) is not an answer at all.
 */
export function isRefusal(error) {
  if (!(error instanceof ApiError) || !error.fromOurServer) return false;
  if ([401, 408, 429].includes(error.status)) return false;
  return error.status >= 400 && error.status < 500;
}

// The server's sentence for a refusal: the first field's own message, else the general one.
function firstReason(error) {
  return Object.values(error.fieldErrors).flat()[0] || error.message;
}

/*
 * What one try at sending a kept action came to: {outcome: "sent", answer}, {outcome:
 * "refused", reason} (`reasonOf(error)` the sentence to show) or {outcome: "failed", error}, to
 * be sent again later. `request()` sends it and resolves to the server's answer; this never
 * rejects.
 */
export async function triedSending(request, reasonOf = firstReason) {
  try {
    return { outcome: "sent", answer: await request() };
  } catch (error) {
    if (isRefusal(error)) return { outcome: "refused", reason: reasonOf(error) };
    return { outcome: "failed", error };
  }
}
