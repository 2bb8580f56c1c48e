const STYLES = {
  Approved: "text-bg-success",
  Denied: "text-bg-danger",
  Pending: "text-bg-warning",
};

// A class's review status (Pending, Approved, Denied) as a coloured label; the word carries it.
export function ClassStatusBadge({ status }) {
  return <span className={`badge ${STYLES[status] || "text-bg-secondary"}`}>{status}</span>;
}
