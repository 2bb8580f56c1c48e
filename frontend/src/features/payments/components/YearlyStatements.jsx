import { useId, useState } from "react";
import { t } from "ttag";

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

/*
 * What a participant's statement button says: whose statement ("your" for the account holder,
 * "Mia Lopez's" for a child) of which year, or that it is on its way (`busy`).
 */
function statementLabel(participant, year, busy) {
  const name = [participant.firstName, participant.lastName]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
  if (participant.isAccountHolder) {
    return busy ? t`Downloading your ${year} statement…` : t`Download your ${year} statement (PDF)`;
  }
  if (!name) {
    return busy
      ? t`Downloading your child's ${year} statement…`
      : t`Download your child's ${year} statement (PDF)`;
  }
  return busy
    ? t`Downloading ${name}'s ${year} statement…`
    : t`Download ${name}'s ${year} statement (PDF)`;
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
          {t`Yearly statements`}
        </h2>
        <p className="small text-body-secondary">
          {t`What you paid for each person's classes in a calendar year, less any refunds, as a PDF for a dependent-care account or a tax return.`}
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <label htmlFor={yearId} className="form-label fw-semibold mb-0">
            {t`Year`}
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
          loadingLabel={t`Loading your family…`}
          placeholder={
            <div className="placeholder-glow" aria-hidden="true">
              <span className="btn btn-outline-primary disabled placeholder col-8 col-sm-5" />
            </div>
          }
          errorTitle={t`Your family could not be loaded, so no statement can be offered.`}
          emptyMessage={t`Nobody is in your family yet.`}
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
                        ? statementLabel(participant, downloading.year, true)
                        : statementLabel(participant, year, false)}
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
