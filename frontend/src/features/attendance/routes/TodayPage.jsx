import { useEffect, useState } from "react";

import { QueryResult } from "../../../components/ui/QueryResult";
import { formatTime, localParts } from "../../../components/ui/schedule";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useTodayAttendance } from "../../../api/attendance";
import { AttendanceRow } from "../components/AttendanceRow";
import { CheckOutDialog } from "../components/CheckOutDialog";
import { lineWithQueued, mayUndo } from "../components/attendanceLine";
import { useAttendanceQueue } from "../hooks/useAttendanceQueue";
import "../components/attendance.css";

// Undo comes and goes with the clock; to the half minute is near enough.
const CLOCK_STEP_MS = 30_000;

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function waitingWords(count) {
  return count === 1 ? "1 action waiting to send" : `${count} actions waiting to send`;
}

function WaitingBanner({ count, stalled }) {
  if (count === 0) return null;
  return (
    <div className="alert alert-warning attendance-waiting py-2" role="status">
      <strong>{waitingWords(count)}</strong>
      {stalled && (
        <span className="d-block small">
          Not sent yet: they are sent as soon as the connection is back.
        </span>
      )}
    </div>
  );
}

function Meeting({ meeting, queue, me, now, isAdmin, onCheckOut }) {
  const headingId = `meeting-${meeting.meetingId}`;
  const start = localParts(meeting.start).time;
  const end = localParts(meeting.end).time;
  // The server takes an instructor's attendance from opensAt; admins' at any time.
  const closed = !isAdmin && now < Date.parse(meeting.opensAt);
  const refusalOf = (line) =>
    queue.refusals.findLast(
      ({ entry }) =>
        entry.meetingId === meeting.meetingId && entry.participantId === line.participantId,
    )?.reason;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h4 mb-1">
        {meeting.className}
      </h2>
      <p className="text-body-secondary mb-2">
        {meeting.unitLabel && `${meeting.unitLabel} · `}
        {formatTime(start)}–{formatTime(end)}
        {meeting.location && ` · ${meeting.location}`}
      </p>
      {closed && (
        <p className="small mb-2">
          Attendance opens at {formatTime(localParts(meeting.opensAt).time)}.
        </p>
      )}
      {meeting.attendance.length === 0 ? (
        <p className="text-body-secondary">No one is enrolled in this class.</p>
      ) : (
        <ul className="list-unstyled attendance-roster mb-0" aria-labelledby={headingId}>
          {meeting.attendance.map((serverLine) => {
            const queued = queue.entries.filter(
              (entry) =>
                entry.meetingId === meeting.meetingId &&
                entry.participantId === serverLine.participantId,
            );
            const line = lineWithQueued(serverLine, queued);
            const take = (action, details = {}) =>
              queue.take({
                meetingId: meeting.meetingId,
                participantId: line.participantId,
                name: line.name,
                action,
                ...details,
              });
            return (
              <AttendanceRow
                key={line.participantId}
                line={line}
                careKind={meeting.extendedCare?.kind}
                refusal={refusalOf(line)}
                canUndo={mayUndo({ line, queued, me, recordedAt: queue.recordedAt, now })}
                closed={closed}
                onAction={take}
                onCheckOut={() => onCheckOut({ line, take })}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

/*
 * An instructor's day of camp on a phone (an admin's: every class meeting today): each meeting
 * with its roster, and Check in, Absent, Check out and Undo for each child. Actions are kept on
 * the device and sent in order (useAttendanceQueue), so a studio without signal loses nothing;
 * what waits is counted above and marked on the child.
 */
export function TodayPage() {
  useTitle("Today");
  const { role, user } = useAuth();
  const isAdmin = role === "admin";
  const { data, error } = useTodayAttendance();
  const queue = useAttendanceQueue();
  const now = useNow();
  const [checkingOut, setCheckingOut] = useState(null);
  const me = queue.me ?? user?.displayName ?? null;

  return (
    <section aria-labelledby="today-heading">
      <h1 id="today-heading" className="h2 mb-3">
        Today
      </h1>
      <WaitingBanner count={queue.entries.length} stalled={queue.status === "stalled"} />
      <QueryResult
        data={data}
        error={error}
        loadingLabel="Loading today's classes…"
        errorTitle="Today's classes could not be loaded."
        emptyMessage="No classes meet today."
      >
        {(meetings) =>
          meetings.map((meeting) => (
            <Meeting
              key={meeting.meetingId}
              meeting={meeting}
              queue={queue}
              me={me}
              now={now}
              isAdmin={isAdmin}
              onCheckOut={setCheckingOut}
            />
          ))
        }
      </QueryResult>
      {checkingOut && (
        <CheckOutDialog
          line={checkingOut.line}
          isAdmin={isAdmin}
          onClose={() => setCheckingOut(null)}
          onConfirm={(details) => {
            checkingOut.take("check_out", details);
            setCheckingOut(null);
          }}
        />
      )}
    </section>
  );
}
