import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { t } from "ttag";

import { useIncident, useParticipantIncidents } from "../../../api/health";
import { IncidentPdfButton } from "../../../components/health/IncidentPdfButton";
import { IncidentReport } from "../../../components/health/IncidentReport";
import { kindLabel } from "../../../components/health/incidentWords";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatLocalDateTime } from "../../../components/ui/localTime";

// The report named by the address's #incident-<id>: the link of the school's e-mail.
function linkedIncidentId(hash) {
  return /^#incident-(\d+)$/.exec(hash)?.[1] ?? null;
}

// The report itself, asked for when it is opened: its addenda as they stand now.
function IncidentDetail({ incidentId }) {
  const { data: report, error } = useIncident(incidentId);
  if (report) {
    return (
      <div className="pt-2">
        <IncidentReport incident={report} headingLevel={3} />
        <div className="mt-3">
          <IncidentPdfButton incidentId={incidentId} />
        </div>
      </div>
    );
  }
  if (error) return <ErrorAlert title={t`The report could not be loaded.`} error={error} />;
  return <Loading label={t`Loading the report…`} />;
}

/*
 * One report in the list: its kind, when and the class, a button opening it. The one the e-mail
 * linked to opens by itself, and the page scrolls to it.
 */
function IncidentItem({ incident, linked }) {
  const panelId = useId();
  const [open, setOpen] = useState(linked);
  const itemRef = useRef(null);
  const kind = kindLabel(incident.kind);
  const when = formatLocalDateTime(incident.at);
  useEffect(() => {
    if (!linked) return;
    setOpen(true);
    itemRef.current?.scrollIntoView?.({ block: "start" });
  }, [linked]);
  return (
    <li id={`incident-${incident.id}`} ref={itemRef} className="py-2 border-bottom">
      <h3 className="h6 mb-1">
        <button
          type="button"
          className="btn btn-link p-0 text-start text-decoration-none"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span aria-hidden="true" className="me-1">
            {open ? "▾" : "▸"}
          </span>
          {`${kind}, ${when}`}
        </button>
      </h3>
      <p className="small text-body-secondary mb-0">
        {incident.className}
        {" · "}
        {incident.closedAt ? t`Closed` : t`Open`}
      </p>
      <div id={panelId} hidden={!open}>
        {open && <IncidentDetail incidentId={incident.id} />}
      </div>
    </li>
  );
}

/*
 * The incidents the school reported for this child, newest first, each opening the report as
 * the family may read it (what happened, first aid, who was told, what was added since) and its
 * PDF.
 */
export function IncidentsSection({ participantId, who }) {
  const { data, error } = useParticipantIncidents(participantId);
  const { hash } = useLocation();
  const linked = linkedIncidentId(hash);
  const name = who.name;
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="incidents-heading">
      <div className="card-body p-3 p-sm-4">
        <h2 id="incidents-heading" className="h4 mb-2">
          {t`Incidents`}
        </h2>
        <p className="text-body-secondary">
          {t`When something happens in class that a family needs to know of, an injury or an illness say, the school writes a report and e-mails it. Each report about ${name} is here, with anything added to it since.`}
        </p>
        <QueryResult
          data={data}
          error={error}
          loadingLabel={t`Loading the incidents…`}
          errorTitle={t`The incidents could not be loaded.`}
          emptyMessage={t`No incidents have been reported for ${name}.`}
        >
          {(incidents) => (
            <ul className="list-unstyled mb-0">
              {incidents.map((incident) => (
                <IncidentItem
                  key={incident.id}
                  incident={incident}
                  linked={String(incident.id) === linked}
                />
              ))}
            </ul>
          )}
        </QueryResult>
      </div>
    </section>
  );
}
