/*
 * Actions taken where the signal may fail (attendance in a basement studio) are kept on the
 * device first, in IndexedDB, and sent later in the order they were taken. This module is the
 * store (one database, one object store whose auto-incremented key keeps that order) and the
 * small state machine of sending them: what the page shows and when it may send next.
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
 * {entry, reason}, until another action for the same child is taken.
 */
export const initialQueueState = { status: "loading", entries: [], inFlight: null, refusals: [] };

const sameChild = (a, b) => a.meetingId === b.meetingId && a.participantId === b.participantId;

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
      const refusals = state.refusals.filter((refusal) => !sameChild(refusal.entry, event.entry));
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
