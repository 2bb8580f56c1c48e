import { t } from "ttag";

import { IncidentReports } from "./IncidentReports";
import { MedicationDue } from "./MedicationDue";

/*
 * A meeting's health and safety on Today: "Report an incident" and the reports made here, then
 * the medication due. `incidents` and `doses` are the device's queues (useHealthQueues);
 * onReport(refusal?) opens the report form (filled in again from a refused report),
 * onRecord(line, outcome) records a dose now and onCorrect(line, entry) opens a correction.
 */
export function MeetingHealth({ meeting, incidents, doses, onReport, onRecord, onCorrect }) {
  const here = (entry) => entry.meetingId === meeting.meetingId;
  if (meeting.attendance.length === 0) return null;
  const className = meeting.className;
  return (
    <>
      <div className="attendance-actions mb-2">
        <button type="button" className="btn btn-outline-danger" onClick={() => onReport(null)}>
          {t`Report an incident`}
        </button>
      </div>
      <IncidentReports
        label={t`Incident reports for ${className}`}
        waiting={incidents.entries.filter(here)}
        sent={incidents.sent.filter(here)}
        refusals={incidents.refusals.filter(({ entry }) => here(entry))}
        onEdit={(refusal) => onReport(refusal)}
        onDiscard={(refusal) => incidents.dismiss(refusal.entry.clientId)}
      />
      <MedicationDue meeting={meeting} doses={doses} onRecord={onRecord} onCorrect={onCorrect} />
    </>
  );
}
