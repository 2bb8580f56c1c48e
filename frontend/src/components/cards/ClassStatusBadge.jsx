import { t } from "ttag";

const STYLES = {
  Approved: "text-bg-success",
  Denied: "text-bg-danger",
  Pending: "text-bg-warning",
  Withdrawn: "text-bg-secondary",
  Cancelled: "text-bg-dark",
};

// The server's status words, in the reader's language.
const LABELS = {
  Approved: t`Approved`,
  Denied: t`Denied`,
  Pending: t`Pending`,
  Withdrawn: t`Withdrawn`,
  Cancelled: t`Cancelled`,
};

// A class's status (Pending, Approved, Denied, Withdrawn, Cancelled) as a coloured label; the
// word carries it.
export function ClassStatusBadge({ status }) {
  return (
    <span className={`badge ${STYLES[status] || "text-bg-secondary"}`}>
      {LABELS[status] ?? status}
    </span>
  );
}
