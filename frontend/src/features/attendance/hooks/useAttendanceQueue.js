import { useCallback, useState } from "react";

import { useSendAttendanceAction } from "../../../api/attendance";
import { useOfflineQueue } from "./useOfflineQueue";

export const ATTENDANCE_DATABASE = "camp-attendance";

/*
 * Attendance taken on this device, kept and sent as useOfflineQueue does. Answers the queue's
 * state, `take(action)` and what the server's answers said: who the signed-in person is to it
 * (`me`) and when each recorded action was taken (`recordedAt`, by action id), for Undo.
 */
export function useAttendanceQueue() {
  const [answers, setAnswers] = useState({ me: null, recordedAt: {} });
  const send = useSendAttendanceAction();
  const heard = useCallback((answer) => {
    setAnswers((known) => ({
      me: answer.by,
      recordedAt: answer.line?.lastActionId
        ? { ...known.recordedAt, [answer.line.lastActionId]: answer.at }
        : known.recordedAt,
    }));
  }, []);
  const queue = useOfflineQueue(ATTENDANCE_DATABASE, send, heard);
  const { take: keep } = queue;

  // One action on one child: {meetingId, participantId, name, action, collectedBy?,
  // overrideReason?}, taken now.
  const take = useCallback(
    (action) =>
      keep({ at: new Date().toISOString(), collectedBy: null, overrideReason: "", ...action }),
    [keep],
  );

  return { ...queue, ...answers, take };
}
