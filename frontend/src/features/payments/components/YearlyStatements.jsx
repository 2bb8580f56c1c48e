import { useId, useState } from "react";

import { useParticipants } from "../../../api/participants";
import { fetchStatementPdf } from "../../../api/statements";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useFileDownload } from "../../../hooks/useFileDownload";

// A dependent-care claim or a tax return looks back a year or two; four covers a late one.
const YEARS_OFFERED = 4;

// This calendar year and the ones before it, newest first, by the family's own clock.
export function statementYears(now = new Date()) {
  const thisYear = now.getFullYear();
  return Array.from({ length: YEARS_OFFERED }, (_, back) => thisYear - back);
}

// Whose statement a button fetches: "your" for the account holder, "Mia Lopez's" for a child.
function whose(participant) {
  if (participant.isAccountHolder) return "your";
  const name = [participant.firstName, participant.lastName]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
  return `${name || "your child"}'s`;
}

/*
 * A yearly statement for each of the family's participants: what was paid for their care in the
 * chosen calendar year, as a PDF for a dependent-care account or a tax return. The file needs the
 * session's token, so it is fetched here and handed to the browser, never linked to.
 */
export function YearlyStatements() {
  const { data: participants, error } = useParticipants();
  const headingId = useId();
  const yearId = useId();
  // Read once: a page left open over New Year keeps the years it offered, and the one chosen.
  const [years] = useState(() => statementYears());
  const [year, setYear] = useState(years[0]);
  // The statement on its way, {participantId, year}: one at a time, so a second press waits.
  const { downloading, failure, dismissFailure, download } = useFileDownload();

  function downloadStatement(participant) {
    download(() => fetchStatementPdf(year, participant._id), {
      participantId: participant._id,
      year,
    });
  }

  return (
    <section className="card mt-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title">
          Yearly statements
        </h2>
        <p className="small text-body-secondary">
          What you paid for each person&apos;s classes in a calendar year, less any refunds, as a
          PDF for a dependent-care account or a tax return.
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <label htmlFor={yearId} className="form-label fw-semibold mb-0">
            Year
          </label>
          <select
            id={yearId}
            className="form-select w-auto"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {years.map((offered) => (
              <option key={offered} value={offered}>
                {offered}
              </option>
            ))}
          </select>
        </div>
        <DismissibleAlert message={failure} onClose={dismissFailure} />
        <QueryResult
          data={participants}
          error={error}
          loadingLabel="Loading your family…"
          placeholder={
            <div className="placeholder-glow" aria-hidden="true">
              <span className="btn btn-outline-primary disabled placeholder col-8 col-sm-5" />
            </div>
          }
          errorTitle="Your family could not be loaded, so no statement can be offered."
          emptyMessage="Nobody is in your family yet."
        >
          {(family) => (
            <ul className="list-unstyled d-flex flex-column align-items-start gap-2 mb-0">
              {family.map((participant) => {
                const busy = downloading?.participantId === participant._id;
                return (
                  <li key={participant._id} className="mw-100">
                    <button
                      type="button"
                      className="btn btn-outline-primary text-start text-break mw-100"
                      // Not disabled while it downloads: a disabled button would drop the focus.
                      aria-disabled={Boolean(downloading)}
                      onClick={() => downloadStatement(participant)}
                    >
                      {busy
                        ? `Downloading ${whose(participant)} ${downloading.year} statement…`
                        : `Download ${whose(participant)} ${year} statement (PDF)`}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryResult>
      </div>
    </section>
  );
}
