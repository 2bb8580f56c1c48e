import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";

import { api } from "../lib/api";
import { triedSending } from "../lib/offlineQueue";

/*
 * GET /attendance/today and POST /meetings/:id/attendance: an instructor's (or an admin's) day
 * of camp. Today is [{meetingId, classId, className, unitLabel (a week's or day's, else ""),
 * extendedCare ({kind, label, ledBy} on a day of before- or after-care, else null), location,
 * start, end, opensAt, attendance: [line]}], by start time; a line is one child on the
 * meeting's roster: {participantId, name, status ("expected", "present", "absent" or "left"),
 * checkedInAt, checkedOutAt, late, early, collectedBy ({kind, id, name} or null), flags (the
 * roster's careFlags), collectors ([{kind: "guardian" | "pickup", id, name, relationship,
 * phone}]), mayLeaveAlone, lastActionId, lastActionBy, extendedCare ([{meetingId, classId, kind,
 * label, start, end, ledBy}]: the child's care that day), classesToday ([{meetingId, classId,
 * className, unitLabel, start, end}]: their other classes that day)}, in name order.
 */

export const todayAttendanceKey = "/attendance/today";

export function meetingAttendanceKey(meetingId) {
  return `/meetings/${encodeURIComponent(meetingId)}/attendance`;
}

export function useTodayAttendance() {
  return useSWR(todayAttendanceKey, {
    shouldRetryOnError: (failure) => failure?.status !== 403 && failure?.status !== 404,
  });
}

// Who collected the child, as the server reads it: a listed collector by id, with the name it
// gives in a refusal (the list may have changed since the page read it); someone else by name.
function collectorForServer({ kind, id, name }) {
  if (kind === "guardian" || kind === "pickup") return { kind, id, name };
  if (kind === "other") return { kind, name };
  return { kind };
}

// The server's sentence for a refusal: the field's own message (who may collect the child, when
// the action was taken) before the general one.
function refusalReason(error) {
  const fields = error.fieldErrors;
  const first = fields.collectedBy?.[0] ?? Object.values(fields).flat()[0];
  return first || error.message;
}

/*
 * Sends one action kept on the device: {clientId, meetingId, participantId, action, at,
 * collectedBy, overrideReason}; a hand-over ("hand_over") names the meeting the child goes to,
 * toMeetingId. The same clientId sent twice is the same action to the server.
 * Resolves to {outcome: "sent", answer}, {outcome: "refused", reason} or {outcome: "failed"}
 * (to be sent again later); it never rejects.
 */
export async function sendAttendanceAction(entry) {
  const body = { clientId: entry.clientId, participantId: entry.participantId, at: entry.at };
  if (entry.action === "hand_over") {
    return sendHandOver(entry, { ...body, toMeetingId: entry.toMeetingId });
  }
  body.action = entry.action;
  if (entry.collectedBy) body.collectedBy = collectorForServer(entry.collectedBy);
  if (entry.overrideReason) body.overrideReason = entry.overrideReason;
  return triedSending(() => api.post(meetingAttendanceKey(entry.meetingId), body), refusalReason);
}

/*
 * POST /meetings/:id/handOver: a child handed from before-care to their class, or from their class
 * to after-care ({checkedOut, checkedIn}, each as an action's answer). Answers as an action does,
 * with the check-out as its answer and the check-in's line beside it (`alsoLine`).
 */
async function sendHandOver(entry, body) {
  const path = `/meetings/${encodeURIComponent(entry.meetingId)}/handOver`;
  const result = await triedSending(() => api.post(path, body), refusalReason);
  if (result.outcome !== "sent") return result;
  const { checkedOut, checkedIn } = result.answer;
  return {
    outcome: "sent",
    answer: checkedOut,
    alsoLine: { meetingId: entry.toMeetingId, line: checkedIn.line },
  };
}

// Today's meetings with one child's line replaced by the one the server answered with.
function withLine(today, meetingId, line) {
  if (!Array.isArray(today) || !line) return today;
  return today.map((meeting) =>
    meeting.meetingId !== meetingId
      ? meeting
      : {
          ...meeting,
          attendance: meeting.attendance.map((item) =>
            item.participantId === line.participantId ? line : item,
          ),
        },
  );
}

/*
 * Sends as sendAttendanceAction does; a recorded action's line (its answer) goes into today's
 * list at once, so the child's status does not step back while today is read again.
 */
export function useSendAttendanceAction() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (entry) => {
      const result = await sendAttendanceAction(entry);
      if (result.outcome === "sent") {
        const { alsoLine } = result;
        mutate(todayAttendanceKey, (today) => {
          const now = withLine(today, entry.meetingId, result.answer.line);
          return alsoLine ? withLine(now, alsoLine.meetingId, alsoLine.line) : now;
        });
      }
      return result;
    },
    [mutate],
  );
}
