const STYLES = {
  Approved: "text-bg-success",
  Denied: "text-bg-danger",
  Pending: "text-bg-warning",
  Withdrawn: "text-bg-secondary",
  Cancelled: "text-bg-dark",
};

// A class's status (Pending, Approved, Denied, Withdrawn, Cancelled) as a coloured label; the
// word carries it.
export function ClassStatusBadge({ status }) {
  return <span className={`badge ${STYLES[status] || "text-bg-secondary"}`}>{status}</span>;
}
