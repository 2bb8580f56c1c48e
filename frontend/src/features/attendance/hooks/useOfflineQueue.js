import { useCallback, useEffect, useReducer, useRef } from "react";

import { initialQueueState, nextQueueState, openQueue } from "../../../lib/offlineQueue";

// How often actions kept through a failed try are tried again, besides the `online` event.
export const RETRY_EVERY_MS = 15_000;

/*
 * Work done on this device and kept in the IndexedDB database `database`: each entry is written
 * there first, then sent with `send(entry)` (resolving to what lib/offlineQueue's triedSending
 * answers), the oldest first and one at a time. A recorded or refused entry leaves the queue;
 * one that met no network or a failing server stays, and the queue waits for the browser to come
 * back online or for the retry timer (a busy server's Retry-After, when it gives one).
 * `onSent(answer, entry)` hears each recorded entry's answer. Answers the queue's state
 * (nextQueueState), `take(entry)`, which keeps an entry (with a new clientId unless it has one),
 * and `dismiss(clientId)`, which forgets a refusal.
 */
export function useOfflineQueue(database, send, onSent) {
  const [state, dispatch] = useReducer(nextQueueState, initialQueueState);
  const queueRef = useRef(null);
  // The latest listener, without sending again when it changes.
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  });

  useEffect(() => {
    const queue = openQueue(database);
    queueRef.current = queue;
    queue.all().then(
      (entries) => dispatch({ type: "loaded", entries }),
      // No IndexedDB here (a private window in an older browser): actions live in memory only.
      () => dispatch({ type: "loaded", entries: [] }),
    );
    return () => queue.close();
  }, [database]);

  // A server busy for a moment (503) says when to ask again: then, not at the next retry.
  const askAgainRef = useRef(null);
  useEffect(() => {
    const retry = () => dispatch({ type: "retry" });
    window.addEventListener("online", retry);
    const timer = setInterval(retry, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
      clearTimeout(askAgainRef.current);
    };
  }, []);

  useEffect(() => {
    if (state.status === "ready") dispatch({ type: "send" });
  }, [state.status]);
  const inFlight = state.status === "sending" ? state.entries[0] : null;
  const inFlightRef = useRef(null);
  useEffect(() => {
    if (!inFlight || inFlightRef.current === inFlight.clientId) return;
    inFlightRef.current = inFlight.clientId;
    const entry = inFlight;
    send(entry).then(async (result) => {
      inFlightRef.current = null;
      if (result.outcome === "failed") {
        dispatch({ type: "failed" });
        const seconds = result.error?.retryAfterSeconds;
        if (seconds != null) {
          clearTimeout(askAgainRef.current);
          askAgainRef.current = setTimeout(() => dispatch({ type: "retry" }), seconds * 1000);
        }
        return;
      }
      // Gone from the device before the screen moves on; if the page closes in between, the
      // same clientId is sent again and the server answers as it did the first time.
      if (entry.seq !== undefined) await queueRef.current.remove(entry.seq).catch(() => {});
      if (result.outcome === "sent") {
        onSentRef.current?.(result.answer, entry);
        dispatch({ type: "sent", clientId: entry.clientId });
      } else {
        dispatch({ type: "refused", clientId: entry.clientId, reason: result.reason });
      }
    });
  }, [inFlight, send]);

  const take = useCallback(async (action) => {
    const entry = { clientId: crypto.randomUUID(), ...action };
    let kept = entry;
    try {
      kept = await queueRef.current.add(entry);
    } catch {
      // Not written (no IndexedDB, or it is full): it is still sent while the page stays open.
    }
    dispatch({ type: "queued", entry: kept });
  }, []);

  const dismiss = useCallback((clientId) => dispatch({ type: "dismissed", clientId }), []);
  return { ...state, take, dismiss };
}
