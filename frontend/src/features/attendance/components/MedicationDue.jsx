import { t } from "ttag";

import { useMeetingMedications } from "../../../api/todayHealth";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { formatLocalTime } from "../../../components/ui/localTime";
import { formatTime } from "../../../components/ui/schedule";
import { doseOutcomes, outcomeLabel } from "./doseSchema";

const STATUS_TONE = {
  due: "text-bg-warning",
  given: "text-bg-success",
  refused: "text-bg-danger",
  missed: "text-bg-danger",
};
// Where a dose stands: due, or what became of it.
const statusWords = (status) => (status === "due" ? t`Due` : outcomeLabel(status));
const BUTTON_TONE = {
  given: "btn-success",
  refused: "btn-outline-danger",
  missed: "btn-outline-secondary",
};

// What a refusal or a waiting entry is about: one medication of one child at one meeting.
export function doseAbout({ meetingId, participantId, medication }) {
  return `dose:${meetingId}:${participantId}:${medication}`;
}

// One entry of the log; `correcting`: a correction of it waits on the device.
function Entry({ entry, line, correcting, onCorrect }) {
  const corrected = entry.correctedBy !== null;
  const outcome = outcomeLabel(entry.outcome);
  const time = formatLocalTime(entry.at);
  const by = entry.by;
  const said = t`${outcome} at ${time} by ${by}`;
  const { medication, name } = line;
  return (
    <li className="dose-entry">
      <span className={corrected ? "text-decoration-line-through text-body-secondary" : ""}>
        {said}
      </span>
      {corrected && <span className="text-body-secondary"> {t`(corrected)`}</span>}
      {entry.note && <span className="d-block small text-body-secondary">{entry.note}</span>}
      {correcting && (
        <span className="text-warning-emphasis"> {t`(correction waiting to send)`}</span>
      )}
      {!corrected && !correcting && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 ms-2 align-baseline"
          onClick={() => onCorrect(line, entry)}
        >
          {t`Correct`}
          <span className="visually-hidden"> {t`${said}, ${medication} for ${name}`}</span>
        </button>
      )}
    </li>
  );
}

/*
 * One dose due: the child and the medication, its dose, the time and the family's instructions,
 * where it stands, and Given, Refused and Missed while it is due. `queued` are this dose's
 * entries waiting on the device, oldest first: the last one's outcome is shown until the server
 * has it.
 */
function Dose({ line, headingId, queued, refusal, onRecord, onCorrect }) {
  const status = queued.at(-1)?.outcome ?? line.status;
  const { medication, name, schedule } = line;
  return (
    <li className="card dose" aria-labelledby={headingId}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-1">
          <h4 id={headingId} className="h6 mb-0">
            {name}: {medication}
          </h4>
          <span className={`badge ${STATUS_TONE[status]}`}>{statusWords(status)}</span>
        </div>
        <p className="mb-1">
          <span className="fw-semibold">{line.time ? formatTime(line.time) : t`No set time`}</span>
          {line.dose && ` · ${line.dose}`}
        </p>
        {schedule && <p className="small mb-2">{t`Instructions: ${schedule}`}</p>}
        {line.entries.length > 0 && (
          <ul className="list-unstyled small mb-2" aria-label={t`${name}'s ${medication}`}>
            {line.entries.map((entry) => (
              <Entry
                key={entry.id}
                entry={entry}
                line={line}
                correcting={queued.some((waiting) => waiting.corrects === entry.id)}
                onCorrect={onCorrect}
              />
            ))}
          </ul>
        )}
        {queued.length > 0 && (
          <p className="small fw-semibold text-warning-emphasis mb-2">{t`Waiting to send`}</p>
        )}
        {refusal && (
          <p className="small text-danger-emphasis fw-semibold mb-2" role="alert">
            {t`Not recorded: ${refusal}`}
          </p>
        )}
        {status === "due" && (
          <div className="attendance-actions">
            {doseOutcomes().map(({ value, label }) => (
              <button
                key={value}
                type="button"
                className={`btn ${BUTTON_TONE[value]}`}
                onClick={() => onRecord(line, value)}
              >
                {label}
                <span className="visually-hidden"> {t`${medication} for ${name}`}</span>
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/*
 * "Medication due" at one meeting, asked of the server only when a child's record has a
 * medication given at camp. `doses` is the queue of doses kept on this device (useOfflineQueue);
 * onRecord(line, outcome) records one now, onCorrect(line, entry) opens a correction.
 */
export function MedicationDue({ meeting, doses, onRecord, onCorrect }) {
  const wanted = meeting.attendance.some((line) => line.flags?.medicationAtCamp);
  const { data, error } = useMeetingMedications(meeting.meetingId, wanted);
  if (!wanted) return null;
  const headingId = `medication-${meeting.meetingId}`;
  const about = (line) => doseAbout({ ...line, meetingId: meeting.meetingId });
  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t`No medication is due at this class.`}</p>
      ) : (
        <ul className="list-unstyled attendance-roster mb-0" aria-labelledby={headingId}>
          {data.map((line, index) => (
            <Dose
              key={about(line)}
              line={line}
              headingId={`${headingId}-${index}`}
              queued={doses.entries.filter((entry) => entry.about === about(line))}
              refusal={doses.refusals.findLast(({ entry }) => entry.about === about(line))?.reason}
              onRecord={onRecord}
              onCorrect={onCorrect}
            />
          ))}
        </ul>
      );
  } else if (error) {
    body = <ErrorAlert title={t`The medication due could not be loaded.`} error={error} />;
  } else {
    body = <p className="text-body-secondary small mb-0">{t`Loading the medication due…`}</p>;
  }
  return (
    <section aria-labelledby={headingId} className="mb-3">
      <h3 id={headingId} className="h5 mb-2">
        {t`Medication due`}
      </h3>
      {body}
    </section>
  );
}
