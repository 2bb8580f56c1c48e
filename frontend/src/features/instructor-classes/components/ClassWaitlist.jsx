import { QueryResult } from "../../../components/ui/QueryResult";
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

// The class's waitlist in the server's order: who waits, in which place, and any open offer.
function WaitlistTable({ entries }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle">
        <caption className="visually-hidden">The waitlist, in order</caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Participant</th>
            <th scope="col">Family</th>
            <th scope="col">Status</th>
            <th scope="col">Offer ends</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td>{entry.position ?? NONE}</td>
              <th scope="row">{entry.participantName}</th>
              <td>{entry.accountName}</td>
              <td>
                {STATUS_LABELS[entry.status] ?? entry.status}
                {/* An admin moved the entry up; the reason they recorded. */}
                {entry.moveReason && (
                  <div className="small text-body-secondary">Moved up: {entry.moveReason}</div>
                )}
              </td>
              <td>
                {entry.status === "offered" && entry.offerExpiresAt ? (
                  <time dateTime={entry.offerExpiresAt}>
                    {formatLocalDateTime(entry.offerExpiresAt)}
                  </time>
                ) : (
                  NONE
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
