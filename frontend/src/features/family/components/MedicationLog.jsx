import { useParticipantMedications } from "../../../api/health";
import { formatSchoolDay } from "../../../components/care/careDates";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";

const OUTCOMES = { given: "Given", refused: "Refused", missed: "Missed" };

// What became of the dose, and whether a later entry corrected this one or this one another.
function OutcomeOf({ entry }) {
  const outcome = OUTCOMES[entry.outcome] ?? entry.outcome;
  if (entry.correctedBy != null) {
    return (
      <>
        <s>{outcome}</s> <span className="badge text-bg-secondary">Corrected</span>
      </>
    );
  }
  return (
    <>
      <span className="fw-semibold">{outcome}</span>
      {entry.corrects != null && (
        <span className="d-block small text-body-secondary">A correction of an earlier entry</span>
      )}
    </>
  );
}

/*
 * Each dose of the child's medication the staff recorded at camp, newest first: given, refused
 * or missed, when, at which class and by whom. An entry is never changed: a mistake is corrected
 * by a new entry, and the one it corrects is shown struck through.
 */
export function MedicationLog({ participantId, who }) {
  const { data, error } = useParticipantMedications(participantId);
  return (
    <QueryResult
      data={data}
      error={error}
      loadingLabel="Loading the medication log…"
      errorTitle="The medication log could not be loaded."
      emptyMessage={`No medication has been recorded for ${who.name} at camp.`}
    >
      {(entries) => (
        <StackedTable
          caption="Medication given at camp, newest first"
          columns={["When", "Medication", "What happened", "Class", "Recorded by", "Note"]}
        >
          {entries.map((entry) => (
            <Row key={entry.id}>
              <RowHeader label="When">
                <time dateTime={entry.at}>{formatLocalDateTime(entry.at)}</time>
              </RowHeader>
              <Cell label="Medication">
                {entry.medication}
                {entry.dose && <span className="d-block small">{entry.dose}</span>}
              </Cell>
              <Cell label="What happened">
                <OutcomeOf entry={entry} />
              </Cell>
              <Cell label="Class">
                {entry.className}
                <span className="d-block small text-body-secondary">
                  {formatSchoolDay(entry.day)}
                </span>
              </Cell>
              <Cell label="Recorded by">{entry.by}</Cell>
              <Cell label="Note" className="text-break">
                {entry.note || "—"}
              </Cell>
            </Row>
          ))}
        </StackedTable>
      )}
    </QueryResult>
  );
}
