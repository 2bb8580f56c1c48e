import { useEffect, useState } from "react";
import { msgid, ngettext, t } from "ttag";

import { QueryResult } from "../../../components/ui/QueryResult";
import { formatTime, localParts } from "../../../components/ui/schedule";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useTodayAttendance } from "../../../api/attendance";
import { ArtworkDialog } from "../components/ArtworkDialog";
import { AttendanceRow } from "../components/AttendanceRow";
import { CheckOutDialog } from "../components/CheckOutDialog";
import { CorrectDoseDialog } from "../components/CorrectDoseDialog";
import { IncidentDialog } from "../components/IncidentDialog";
import { MeetingArtwork } from "../components/MeetingArtwork";
import { MeetingHealth } from "../components/MeetingHealth";
import { doseAbout } from "../components/MedicationDue";
import { lineWithQueued, mayUndo } from "../components/attendanceLine";
import { useUpdateArtwork } from "../../../api/artwork";
import { useArtworkQueue } from "../hooks/useArtworkQueue";
import { useAttendanceQueue } from "../hooks/useAttendanceQueue";
import { useDoseQueue, useIncidentQueue } from "../hooks/useHealthQueues";
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

// "2 actions waiting to send", "1 incident report waiting to send"...
function waitingWords(counts) {
  const { actions, reports, doses, artworks } = counts;
  return [
    actions > 0 &&
      ngettext(
        msgid`${actions} action waiting to send`,
        `${actions} actions waiting to send`,
        actions,
      ),
    reports > 0 &&
      ngettext(
        msgid`${reports} incident report waiting to send`,
        `${reports} incident reports waiting to send`,
        reports,
      ),
    doses > 0 &&
      ngettext(
        msgid`${doses} medication entry waiting to send`,
        `${doses} medication entries waiting to send`,
        doses,
      ),
    artworks > 0 &&
      ngettext(
        msgid`${artworks} piece of artwork waiting to send`,
        `${artworks} pieces of artwork waiting to send`,
        artworks,
      ),
  ].filter(Boolean);
}

function WaitingBanner({ counts, stalled }) {
  const lines = waitingWords(counts);
  if (lines.length === 0) return null;
  return (
    <div className="alert alert-warning attendance-waiting py-2" role="status">
      {lines.map((line) => (
        <strong key={line} className="d-block">
          {line}
        </strong>
      ))}
      {stalled && (
        <span className="d-block small">
          {t`Not sent yet: they are sent as soon as the connection is back.`}
        </span>
      )}
    </div>
  );
}

function Meeting({ meeting, queue, me, now, isAdmin, onCheckOut, health, artwork }) {
  const headingId = `meeting-${meeting.meetingId}`;
  const start = localParts(meeting.start).time;
  const end = localParts(meeting.end).time;
  // The server takes an instructor's attendance from opensAt; admins' at any time.
  const closed = !isAdmin && now < Date.parse(meeting.opensAt);
  const opensAt = formatTime(localParts(meeting.opensAt).time);
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
      {closed && <p className="small mb-2">{t`Attendance opens at ${opensAt}.`}</p>}
      <MeetingHealth
        meeting={meeting}
        incidents={health.incidents}
        doses={health.doses}
        onReport={(refusal) => health.onReport(meeting, refusal)}
        onRecord={(line, outcome) => health.onRecord(meeting, line, outcome)}
        onCorrect={(line, entry) => health.onCorrect(meeting, line, entry)}
      />
      <MeetingArtwork
        meeting={meeting}
        queue={artwork.queue}
        onPhotograph={(file) => artwork.onPhotograph(meeting, file)}
        onRetry={(refusal) => artwork.onRetry(meeting, refusal)}
        onEdit={(piece) => artwork.onEdit(meeting, piece)}
      />
      {meeting.attendance.length === 0 ? (
        <p className="text-body-secondary">{t`No one is enrolled in this class.`}</p>
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
 * Health and safety on the page: the device's queues of incident reports and doses, and the
 * report or the correction being written, if any ({meeting, refusal} and {meeting, line,
 * entry}). `health` is what each meeting is handed; `dialogs` what is open.
 */
function useTodayHealth() {
  const incidents = useIncidentQueue();
  const doses = useDoseQueue();
  const [reporting, setReporting] = useState(null);
  const [correcting, setCorrecting] = useState(null);
  const record = (meeting, line, details) =>
    doses.take({
      about: doseAbout({ ...line, meetingId: meeting.meetingId }),
      meetingId: meeting.meetingId,
      participantId: line.participantId,
      name: line.name,
      medication: line.medication,
      at: new Date().toISOString(),
      note: "",
      corrects: null,
      ...details,
    });
  const health = {
    incidents,
    doses,
    onReport: (meeting, refusal) => setReporting({ meeting, refusal }),
    onRecord: (meeting, line, outcome) => record(meeting, line, { outcome }),
    onCorrect: (meeting, line, entry) => setCorrecting({ meeting, line, entry }),
  };
  const dialogs = (
    <>
      {reporting && (
        <IncidentDialog
          meeting={reporting.meeting}
          draft={reporting.refusal?.entry}
          onClose={() => setReporting(null)}
          onSave={(report) => {
            incidents.take({
              // A report put right after a refusal is the same report: its refusal goes.
              about: reporting.refusal?.entry.about ?? `incident:${crypto.randomUUID()}`,
              meetingId: reporting.meeting.meetingId,
              ...report,
            });
            setReporting(null);
          }}
        />
      )}
      {correcting && (
        <CorrectDoseDialog
          line={correcting.line}
          entry={correcting.entry}
          meetingStart={correcting.meeting.start}
          onClose={() => setCorrecting(null)}
          onSave={(correction) => {
            record(correcting.meeting, correcting.line, {
              ...correction,
              corrects: correcting.entry.id,
            });
            setCorrecting(null);
          }}
        />
      )}
    </>
  );
  return { health, dialogs };
}

/*
 * Artwork on the page: the device's queue of pieces photographed, and the piece being saved
 * ({meeting, file, draft}: a photo just taken, or a refused piece put right) or edited
 * ({meeting, piece}: one the school holds). `artwork` is what each meeting is handed; `dialogs`
 * what is open.
 */
function useTodayArtwork() {
  const queue = useArtworkQueue();
  const update = useUpdateArtwork();
  const [saving, setSaving] = useState(null);
  const [editing, setEditing] = useState(null);
  const artwork = {
    queue,
    onPhotograph: (meeting, file) => setSaving({ meeting, file, draft: null }),
    onRetry: (meeting, refusal) =>
      setSaving({ meeting, file: refusal.entry.file, draft: refusal.entry }),
    onEdit: (meeting, piece) => setEditing({ meeting, piece }),
  };
  const keep = ({ meeting, file, draft }, fields) => {
    const clientId = crypto.randomUUID();
    queue.take({
      clientId,
      // A piece put right after a refusal is the same piece: its refusal goes.
      about: draft?.about ?? `artwork:${clientId}`,
      meetingId: meeting.meetingId,
      classId: meeting.classId,
      file,
      fileName: draft?.fileName ?? file.name ?? "",
      ...fields,
    });
    setSaving(null);
  };
  const dialogs = (
    <>
      {saving && (
        <ArtworkDialog
          meeting={saving.meeting}
          file={saving.file}
          draft={saving.draft}
          onClose={() => setSaving(null)}
          onSave={(fields) => keep(saving, fields)}
        />
      )}
      {editing && (
        <ArtworkDialog
          meeting={editing.meeting}
          piece={editing.piece}
          onClose={() => setEditing(null)}
          onSave={async ({ title, stage, participantIds }) => {
            await update(editing.piece.id, { title, stage, participantIds });
            setEditing(null);
          }}
        />
      )}
    </>
  );
  return { artwork, dialogs };
}

/*
 * An instructor's day of camp on a phone (an admin's: every class meeting today): each meeting
 * with its roster, and Check in, Absent, Check out and Undo for each child; an incident report,
 * the medication due and a child's action plan; the class's artwork, photographed and tagged.
 * Actions, reports, doses and photos are kept on the device and sent in order (useOfflineQueue),
 * so a studio without signal loses nothing; what waits is counted above and marked where it
 * belongs.
 */
export function TodayPage() {
  useTitle(t`Today`);
  const { role, user } = useAuth();
  const isAdmin = role === "admin";
  const { data, error } = useTodayAttendance();
  const queue = useAttendanceQueue();
  const now = useNow();
  const [checkingOut, setCheckingOut] = useState(null);
  const { health, dialogs } = useTodayHealth();
  const { artwork, dialogs: artworkDialogs } = useTodayArtwork();
  const me = queue.me ?? user?.displayName ?? null;
  const waiting = {
    actions: queue.entries.length,
    reports: health.incidents.entries.length,
    doses: health.doses.entries.length,
    artworks: artwork.queue.entries.length,
  };
  const stalled = [queue, health.incidents, health.doses, artwork.queue].some(
    (q) => q.status === "stalled",
  );

  return (
    <section aria-labelledby="today-heading">
      <h1 id="today-heading" className="h2 mb-3">
        {t`Today`}
      </h1>
      <WaitingBanner counts={waiting} stalled={stalled} />
      <QueryResult
        data={data}
        error={error}
        loadingLabel={t`Loading today's classes…`}
        errorTitle={t`Today's classes could not be loaded.`}
        emptyMessage={t`No classes meet today.`}
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
              health={health}
              artwork={artwork}
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
      {dialogs}
      {artworkDialogs}
    </section>
  );
}
