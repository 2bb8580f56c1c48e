import { useId } from "react";
import { t } from "ttag";

import { formatSchoolDay } from "../care/careDates";
import { formatLocalDateTime } from "../ui/localTime";
import { bodyAreaLabel, childrenNamed, kindLabel } from "./incidentWords";

// One line of the report: a term and what was written for it, as it was written.
function Fact({ term, children }) {
  return (
    <>
      <dt className="col-sm-4">{term}</dt>
      <dd className="col-sm-8 text-break" style={{ whiteSpace: "pre-line" }}>
        {children}
      </dd>
    </>
  );
}

function When({ iso }) {
  return <time dateTime={iso}>{formatLocalDateTime(iso)}</time>;
}

// Open, or closed: when and by whom.
export function incidentStatus(incident) {
  if (!incident.closedAt) return t`Open: the school is reviewing it.`;
  const closedOn = formatLocalDateTime(incident.closedAt);
  if (!incident.closedBy) return t`Closed on ${closedOn}.`;
  return t`Closed on ${closedOn} by ${incident.closedBy}.`;
}

/*
 * What the school added to a report after it was written, oldest first: each with who and when.
 * An internal one (the school's view only) is marked so.
 */
export function Addenda({ addenda, headingLevel = 3 }) {
  const headingId = useId();
  const Heading = `h${headingLevel}`;
  return (
    <section aria-labelledby={headingId} className="mt-3">
      <Heading id={headingId} className="h6">
        {t`Added to the report`}
      </Heading>
      {addenda.length === 0 ? (
        <p className="text-body-secondary mb-0">{t`Nothing has been added.`}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {addenda.map((addendum) => (
            <li key={addendum.id} className="py-2 border-bottom">
              <p className="small text-body-secondary mb-1">
                <When iso={addendum.at} />, {addendum.by}
                {addendum.internal && (
                  <span className="badge text-bg-secondary ms-2">{t`Internal`}</span>
                )}
              </p>
              <p className="mb-0 text-break" style={{ whiteSpace: "pre-line" }}>
                {addendum.text}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/*
 * An incident report as its reader may read it: the family's view (its own children, no internal
 * notes) or the school's (every child, the internal notes, marked as never shown to the family).
 * Text is shown as it was typed, never as markup. `headingLevel` is the level of the heading the
 * report sits under: its own sections' headings are one below it.
 */
export function IncidentReport({ incident, headingLevel = 3 }) {
  const internal = "internalNotes" in incident;
  return (
    <div>
      <p className="mb-2">
        <span className={`badge ${incident.closedAt ? "text-bg-secondary" : "text-bg-warning"}`}>
          {incident.closedAt ? t`Closed` : t`Open`}
        </span>{" "}
        {incidentStatus(incident)}
      </p>
      <dl className="row mb-0">
        <Fact term={t`Class`}>{incident.className}</Fact>
        <Fact term={incident.children?.length > 1 ? t`Children` : t`Child`}>
          {childrenNamed(incident)}
        </Fact>
        <Fact term={t`When`}>
          <When iso={incident.at} />
        </Fact>
        <Fact term={t`Where`}>{incident.location || t`In class`}</Fact>
        <Fact term={t`What kind`}>{kindLabel(incident.kind)}</Fact>
        {incident.kind === "injury" && incident.bodyArea && (
          <Fact term={t`Where on the body`}>{bodyAreaLabel(incident.bodyArea)}</Fact>
        )}
        <Fact term={t`What happened`}>{incident.description}</Fact>
        <Fact term={t`First aid`}>{incident.firstAid || t`None given`}</Fact>
        <Fact term={t`Who was told`}>{incident.told || t`Not recorded`}</Fact>
        <Fact term={t`A parent was told`}>
          {incident.parentToldAt ? <When iso={incident.parentToldAt} /> : t`Not yet`}
        </Fact>
        <Fact term={t`Follow-up`}>{incident.followUp || t`None`}</Fact>
        <Fact term={t`Reported by`}>
          {incident.reportedBy}, <When iso={incident.recordedAt} />
        </Fact>
        {internal && (
          <Fact term={t`Internal notes (never shown to the family)`}>
            {incident.internalNotes || t`None`}
          </Fact>
        )}
        <Fact term={t`Kept until`}>{formatSchoolDay(incident.keepUntil)}</Fact>
      </dl>
      <Addenda addenda={incident.addenda ?? []} headingLevel={headingLevel + 1} />
    </div>
  );
}
