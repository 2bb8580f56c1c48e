import { Link, useSearchParams } from "react-router-dom";
import { t } from "ttag";

import { useIncidentsToReview } from "../../../api/health";
import { childrenNamed, kindLabel } from "../../../components/health/incidentWords";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { useTitle } from "../../../hooks/useTitle";
import { IncidentReview } from "../components/IncidentReview";

// The list's address with the choice of open or closed reports kept: `?show=closed`.
function listSearch(showClosed) {
  return showClosed ? "?show=closed" : "";
}

function reviewSearch(showClosed, incidentId) {
  const query = new URLSearchParams(showClosed ? { show: "closed" } : {});
  query.set("report", String(incidentId));
  return `?${query}`;
}

function IncidentsTable({ incidents, showClosed }) {
  return (
    <StackedTable
      caption={showClosed ? t`Closed reports, newest first` : t`Open reports, oldest first`}
      columns={[t`When`, t`Children`, t`Class`, t`Kind`, t`Reported by`, t`Review`]}
    >
      {incidents.map((incident) => {
        const when = formatLocalDateTime(incident.at);
        return (
          <Row key={incident.id}>
            <RowHeader label={t`When`}>
              <time dateTime={incident.at}>{when}</time>
            </RowHeader>
            <Cell label={t`Children`}>{childrenNamed(incident)}</Cell>
            <Cell label={t`Class`}>{incident.className}</Cell>
            <Cell label={t`Kind`}>{kindLabel(incident.kind)}</Cell>
            <Cell label={t`Reported by`}>{incident.reportedBy}</Cell>
            <Cell label={t`Review`}>
              <Link
                to={{ search: reviewSearch(showClosed, incident.id) }}
                className="btn btn-sm btn-outline-primary"
              >
                {t`Review`}
                <span className="visually-hidden"> {t`the report of ${when}`}</span>
              </Link>
            </Cell>
          </Row>
        );
      })}
    </StackedTable>
  );
}

/*
 * Admins: the incident reports to review, the open ones oldest first (the closed ones on
 * request), each opening its review: `?report=<id>`, so Back returns to the list.
 */
export function IncidentsPage() {
  useTitle(t`Incidents`);
  const [params] = useSearchParams();
  const showClosed = params.get("show") === "closed";
  const reviewing = params.get("report");
  const { data, error } = useIncidentsToReview(!showClosed, !reviewing);

  return (
    <section aria-labelledby="incidents-heading">
      <h1 id="incidents-heading" className="h2 mb-3">
        {t`Incidents`}
      </h1>
      {reviewing ? (
        <>
          <p>
            <Link to={{ search: listSearch(showClosed) }}>{t`Back to the reports`}</Link>
          </p>
          <IncidentReview key={reviewing} incidentId={reviewing} />
        </>
      ) : (
        <>
          <p>
            {t`Reports of injuries, illness and behaviour at camp. Review each open one: correct it while it is open, add to it, then close it. A closed report is never changed; add to it instead.`}
          </p>
          <nav aria-label={t`Which reports`} className="mb-3">
            <ul className="nav nav-pills">
              <li className="nav-item">
                <Link
                  to={{ search: listSearch(false) }}
                  className={`nav-link${showClosed ? "" : " active"}`}
                  aria-current={showClosed ? undefined : "page"}
                >
                  {t`Open`}
                </Link>
              </li>
              <li className="nav-item">
                <Link
                  to={{ search: listSearch(true) }}
                  className={`nav-link${showClosed ? " active" : ""}`}
                  aria-current={showClosed ? "page" : undefined}
                >
                  {t`Closed`}
                </Link>
              </li>
            </ul>
          </nav>
          <QueryResult
            data={data}
            error={error}
            loadingLabel={t`Loading the reports…`}
            errorTitle={t`The reports could not be loaded.`}
            emptyMessage={showClosed ? t`No report has been closed.` : t`No report is open.`}
          >
            {(incidents) => <IncidentsTable incidents={incidents} showClosed={showClosed} />}
          </QueryResult>
        </>
      )}
    </section>
  );
}
