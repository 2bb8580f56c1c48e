import { LongText } from "../../../components/ui/LongText";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { useClassWaitlist } from "../../../api/classWaitlist";

const STATUS_LABELS = {
  waiting: "Waiting",
  offered: "Seat offered",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Offer expired",
  left: "Left the list",
  closed: "Closed",
};

const NONE = <span className="text-body-secondary">—</span>;

const COLUMNS = ["Position", "Participant", "Family", "Status", "Offer ends"];

// The class's waitlist in the server's order: who waits, in which place, and any open offer.
function WaitlistTable({ entries }) {
  return (
    <StackedTable caption="The waitlist, in order" columns={COLUMNS} className="table-striped">
      {entries.map((entry) => (
        <Row key={entry._id}>
          <Cell label="Position">{entry.position ?? NONE}</Cell>
          <RowHeader label="Participant">
            <LongText text={entry.participantName} />
          </RowHeader>
          <Cell label="Family">
            <LongText text={entry.accountName} />
          </Cell>
          <Cell label="Status">
            {STATUS_LABELS[entry.status] ?? entry.status}
            {/* An admin moved the entry up; the reason they recorded. */}
            {entry.moveReason && (
              <div className="small text-body-secondary">Moved up: {entry.moveReason}</div>
            )}
          </Cell>
          <Cell label="Offer ends">
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

/*
 * The Waitlist section of a class's roster page, for its instructor and admins: the families
 * waiting for a seat to free up, and who holds an offer until when.
 */
export function ClassWaitlist({ classId }) {
  const { data: entries, error } = useClassWaitlist(classId);
  return (
    <section className="mt-5" aria-labelledby="class-waitlist-heading">
      <h2 id="class-waitlist-heading" className="h4 mb-3">
        Waitlist
      </h2>
      <QueryResult
        data={entries}
        error={error}
        loadingLabel="Loading the waitlist…"
        errorTitle="The waitlist could not be loaded."
        emptyMessage="Nobody is on the waitlist."
      >
        {(rows) => <WaitlistTable entries={rows} />}
      </QueryResult>
    </section>
  );
}
