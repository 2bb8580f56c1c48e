import { t } from "ttag";

import { LongText } from "../../../components/ui/LongText";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { waitlistStatusLabel } from "../../../components/ui/waitlistStatus";
import { useClassWaitlist } from "../../../api/classWaitlist";

const NONE = <span className="text-body-secondary">—</span>;

// The class's waitlist in the server's order: who waits, in which place, and any open offer.
function WaitlistTable({ entries }) {
  const heads = {
    position: t`Position`,
    participant: t`Participant`,
    family: t`Family`,
    status: t`Status`,
    offerEnds: t`Offer ends`,
  };
  return (
    <StackedTable
      caption={t`The waitlist, in order`}
      columns={Object.values(heads)}
      className="table-striped"
    >
      {entries.map((entry) => (
        <Row key={entry._id}>
          <Cell label={heads.position}>{entry.position ?? NONE}</Cell>
          <RowHeader label={heads.participant}>
            <LongText text={entry.participantName} />
          </RowHeader>
          <Cell label={heads.family}>
            <LongText text={entry.accountName} />
          </Cell>
          <Cell label={heads.status}>
            {waitlistStatusLabel(entry.status)}
            <MoveReason reason={entry.moveReason} />
          </Cell>
          <Cell label={heads.offerEnds}>
            {entry.status === "offered" && entry.offerExpiresAt ? (
              <time dateTime={entry.offerExpiresAt}>
                {formatLocalDateTime(entry.offerExpiresAt)}
              </time>
            ) : (
              NONE
            )}
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}

// An admin moved the entry up; the reason they recorded.
function MoveReason({ reason }) {
  if (!reason) return null;
  return <div className="small text-body-secondary">{t`Moved up: ${reason}`}</div>;
}

/*
 * The Waitlist section of a class's roster page, for its instructor and admins: the families
 * waiting for a seat to free up, and who holds an offer until when.
 */
export function ClassWaitlist({ classId }) {
  const { data: entries, error } = useClassWaitlist(classId);
  return (
    <section className="mt-5" aria-labelledby="class-waitlist-heading">
      <h2 id="class-waitlist-heading" className="h4 mb-3">
        {t`Waitlist`}
      </h2>
      <QueryResult
        data={entries}
        error={error}
        loadingLabel={t`Loading the waitlist…`}
        errorTitle={t`The waitlist could not be loaded.`}
        emptyMessage={t`Nobody is on the waitlist.`}
      >
        {(rows) => <WaitlistTable entries={rows} />}
      </QueryResult>
    </section>
  );
}
