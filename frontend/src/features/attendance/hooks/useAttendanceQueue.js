import { useCallback, useEffect, useReducer, useRef, useState } from "react";

import { useSendAttendanceAction } from "../../../api/attendance";
import { initialQueueState, nextQueueState, openQueue } from "../../../lib/offlineQueue";

export const ATTENDANCE_DATABASE = "camp-attendance";
// How often actions kept through a failed try are tried again, besides the `online` event.
export const RETRY_EVERY_MS = 15_000;

/*
 * Attendance taken on this device: each action is written to IndexedDB first, then sent, the
 * oldest first and one at a time. A recorded or refused action leaves the queue; one that met no
 * network or a failing server stays, and the queue waits for the browser to come back online or
 * for the retry timer (a busy server's Retry-After, when it gives one). Answers: the queue's state (nextQueueState), `take(action)` and what the
 * server's answers said: who the signed-in person is to it (`me`) and when each recorded action
 * was taken (`recordedAt`, by action id), for Undo.
 */
export function useAttendanceQueue() {
  const [state, dispatch] = useReducer(nextQueueState, initialQueueState);
  const [answers, setAnswers] = useState({ me: null, recordedAt: {} });
  const queueRef = useRef(null);
  const send = useSendAttendanceAction();

  useEffect(() => {
    const queue = openQueue(ATTENDANCE_DATABASE);
    queueRef.current = queue;
    queue.all().then(
      (entries) => dispatch({ type: "loaded", entries }),
      // No IndexedDB here (a private window in an older browser): actions live in memory only.
      () => dispatch({ type: "loaded", entries: [] }),
    );
    return () => {
      queue.close();
    };
  }, []);

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
        const { answer } = result;
        setAnswers((known) => ({
          me: answer.by,
          recordedAt: answer.line?.lastActionId
            ? { ...known.recordedAt, [answer.line.lastActionId]: answer.at }
            : known.recordedAt,
        }));
        dispatch({ type: "sent", clientId: entry.clientId });
      } else {
        dispatch({ type: "refused", clientId: entry.clientId, reason: result.reason });
      }
    });
  }, [inFlight, send]);

  // One action on one child: {meetingId, participantId, name, action, collectedBy?,
  // overrideReason?}, taken now.
  const take = useCallback(async (action) => {
    const entry = {
      clientId: crypto.randomUUID(),
      at: new Date().toISOString(),
      collectedBy: null,
      overrideReason: "",
      ...action,
    };
    let kept = entry;
    try {
      kept = await queueRef.current.add(entry);
    } catch {
      // Not written (no IndexedDB, or it is full): it is still sent while the page stays open.
    }
    dispatch({ type: "queued", entry: kept });
  }, []);

  return { ...state, ...answers, take };
}
