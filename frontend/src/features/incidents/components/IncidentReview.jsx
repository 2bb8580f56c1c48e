import { useEffect, useId, useRef, useState } from "react";
import { t } from "ttag";

import { useCloseIncident, useIncident } from "../../../api/health";
import { IncidentPdfButton } from "../../../components/health/IncidentPdfButton";
import { IncidentReport } from "../../../components/health/IncidentReport";
import { kindLabel } from "../../../components/health/incidentWords";
import { Dialog } from "../../../components/ui/Dialog";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { useNotify } from "../../../lib/notices";
import { AddendumForm } from "./AddendumForm";
import { IncidentEditForm } from "./IncidentEditForm";

// "Close the report?": a closed report is never changed again, so the press is confirmed.
function CloseDialog({ closing, onConfirm, onCancel }) {
  return (
    <Dialog
      title={t`Close this report?`}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={closing}
            onClick={() => !closing && onConfirm()}
          >
            {closing ? t`Closing…` : t`Close the report`}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t`Cancel`}
          </button>
        </>
      }
    >
      <p className="mb-0">
        {t`A closed report cannot be edited. Anything learned later is added to it instead.`}
      </p>
    </Dialog>
  );
}

/*
 * The buttons of an open report: edit it, close it. A refusal (closed meanwhile by another
 * admin: 409) is shown above them.
 */
function OpenReportActions({ incident, onEdit, editRef }) {
  const close = useCloseIncident();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState("");

  async function confirmClose() {
    setClosing(true);
    setFailure("");
    try {
      await close(incident.id);
      setConfirming(false);
      notify(t`The report is closed`);
    } catch (refusal) {
      setConfirming(false);
      setFailure(refusal.message);
    } finally {
      setClosing(false);
    }
  }

  return (
    <>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <div className="d-flex flex-wrap gap-2">
        <button type="button" ref={editRef} className="btn btn-outline-primary" onClick={onEdit}>
          {t`Edit the report`}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          {t`Close the report`}
        </button>
      </div>
      {confirming && (
        <CloseDialog
          closing={closing}
          onConfirm={confirmClose}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/*
 * One report as the school reads it (internal notes and addenda included), to review: corrected
 * while it is open, added to, closed, and downloaded as a PDF for an insurer.
 */
export function IncidentReview({ incidentId }) {
  const headingId = useId();
  const { data: incident, error } = useIncident(incidentId);
  const [editing, setEditing] = useState(false);
  const notify = useNotify();
  // Saved or cancelled, the form goes: the focus returns to the button that opened it.
  const editRef = useRef(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!incident) {
    if (error) return <ErrorAlert title={t`The report could not be loaded.`} error={error} />;
    return <Loading label={t`Loading the report…`} />;
  }
  const open = !incident.closedAt;
  const kind = kindLabel(incident.kind);
  const at = formatLocalDateTime(incident.at);
  const { className } = incident;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h4 mb-3">
        {`${kind}, ${at}: ${className}`}
      </h2>
      {editing && open ? (
        <IncidentEditForm
          incident={incident}
          onSaved={() => {
            setEditing(false);
            notify(t`The report is saved`);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <IncidentReport incident={incident} headingLevel={2} />
          <div className="d-flex flex-wrap gap-2 align-items-start mt-3">
            {open && (
              <OpenReportActions
                incident={incident}
                onEdit={() => setEditing(true)}
                editRef={editRef}
              />
            )}
            <IncidentPdfButton incidentId={incident.id} />
          </div>
        </>
      )}
      <section className="mt-4" aria-labelledby={`${headingId}-add`}>
        <h3 id={`${headingId}-add`} className="h5">
          {t`Add to the report`}
        </h3>
        <AddendumForm
          incidentId={incident.id}
          onAdded={(internal) =>
            notify(
              internal ? t`Added to the report` : t`Added to the report and sent to the families`,
            )
          }
        />
      </section>
    </section>
  );
}
