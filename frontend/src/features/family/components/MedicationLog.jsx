import { t } from "ttag";

import { useParticipantMedications } from "../../../api/health";
import { formatSchoolDay } from "../../../components/care/careDates";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";

const OUTCOMES = { given: t`Given`, refused: t`Refused`, missed: t`Missed` };

// What became of the dose, and whether a later entry corrected this one or this one another.
function OutcomeOf({ entry }) {
  const outcome = OUTCOMES[entry.outcome] ?? entry.outcome;
  if (entry.correctedBy != null) {
    return (
      <>
        <s>{outcome}</s> <span className="badge text-bg-secondary">{t`Corrected`}</span>
      </>
    );
  }
  return (
    <>
      <span className="fw-semibold">{outcome}</span>
      {entry.corrects != null && (
        <span className="d-block small text-body-secondary">
          {t`A correction of an earlier entry`}
        </span>
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
  const name = who.name;
  return (
    <QueryResult
      data={data}
      error={error}
      loadingLabel={t`Loading the medication log…`}
      errorTitle={t`The medication log could not be loaded.`}
      emptyMessage={t`No medication has been recorded for ${name} at camp.`}
    >
      {(entries) => (
        <StackedTable
          caption={t`Medication given at camp, newest first`}
          columns={[t`When`, t`Medication`, t`What happened`, t`Class`, t`Recorded by`, t`Note`]}
        >
          {entries.map((entry) => (
            <Row key={entry.id}>
              <RowHeader label={t`When`}>
                <time dateTime={entry.at}>{formatLocalDateTime(entry.at)}</time>
              </RowHeader>
              <Cell label={t`Medication`}>
                {entry.medication}
                {entry.dose && <span className="d-block small">{entry.dose}</span>}
              </Cell>
              <Cell label={t`What happened`}>
                <OutcomeOf entry={entry} />
              </Cell>
              <Cell label={t`Class`}>
                {entry.className}
                <span className="d-block small text-body-secondary">
                  {formatSchoolDay(entry.day)}
                </span>
              </Cell>
              <Cell label={t`Recorded by`}>{entry.by}</Cell>
              <Cell label={t`Note`} className="text-break">
                {entry.note || "—"}
              </Cell>
            </Row>
          ))}
        </StackedTable>
      )}
    </QueryResult>
  );
}
