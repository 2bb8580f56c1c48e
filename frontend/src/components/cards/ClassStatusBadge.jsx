import { c } from "ttag";

const STYLES = {
  Approved: "text-bg-success",
  Denied: "text-bg-danger",
  Pending: "text-bg-warning",
  Withdrawn: "text-bg-secondary",
  Cancelled: "text-bg-dark",
};

// The server's status words, in the reader's language: said of one class (in Spanish a class
// is feminine, "Aprobada"), so in a context of their own.
const LABELS = {
  Approved: c("class status").t`Approved`,
  Denied: c("class status").t`Denied`,
  Pending: c("class status").t`Pending`,
  Withdrawn: c("class status").t`Withdrawn`,
  Cancelled: c("class status").t`Cancelled`,
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
