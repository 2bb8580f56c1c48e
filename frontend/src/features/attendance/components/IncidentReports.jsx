import { t } from "ttag";

import { formatLocalTime } from "../../../components/ui/localTime";
import { bodyAreaLabel, kindLabel } from "../../../components/health/incidentWords";
import { LOCALE } from "../../../lib/language";

// "Injury (left arm): Mia Lopez, Sam Reyes at 10:05 AM".
function summary(report) {
  const kind = kindLabel(report.kind);
  const area = report.bodyArea && bodyAreaLabel(report.bodyArea).toLocaleLowerCase(LOCALE);
  const names = report.names.join(", ");
  const time = formatLocalTime(report.at);
  return area ? t`${kind} (${area}): ${names} at ${time}` : t`${kind}: ${names} at ${time}`;
}

/*
 * The incident reports made at one meeting on this phone during this visit: waiting to send,
 * sent (the families are e-mailed), or refused by the server with its reason, to be put right
 * and saved again (`onEdit(refusal)`) or dropped (`onDiscard(refusal)`). Nothing when there is
 * none.
 */
export function IncidentReports({ label, waiting, sent, refusals, onEdit, onDiscard }) {
  if (waiting.length + sent.length + refusals.length === 0) return null;
  return (
    <ul className="list-unstyled incident-reports mb-3" aria-label={label}>
      {refusals.map((refusal) => {
        const reason = refusal.reason;
        return (
          <li key={refusal.entry.clientId} className="alert alert-danger py-2 mb-0">
            <p className="mb-1">{summary(refusal.entry)}</p>
            <p className="fw-semibold mb-2" role="alert">
              {t`Report not sent: ${reason}`}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" onClick={() => onEdit(refusal)}>
                {t`Edit report`}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                onClick={() => onDiscard(refusal)}
              >
                {t`Discard report`}
              </button>
            </div>
          </li>
        );
      })}
      {waiting.map((report) => (
        <li key={report.clientId} className="small">
          {summary(report)}
          <span className="d-block fw-semibold text-warning-emphasis">{t`Waiting to send`}</span>
        </li>
      ))}
      {sent.map((report) => (
        <li key={report.clientId} className="small">
          {summary(report)}
          <span className="d-block text-success-emphasis">
            {t`Sent: the families are e-mailed.`}
          </span>
        </li>
      ))}
    </ul>
  );
}
