// How the parts a plan (or a transfer) owes beyond a payment's first charge read, on every page.

// What each part owed is, by the server's `kind`.
const KIND_LABELS = {
  instalment: "Instalment",
  transfer: "Transfer difference",
  cancellation: "Cancellation charge",
};

export function instalmentKind(kind) {
  return KIND_LABELS[kind] ?? KIND_LABELS.instalment;
}

const STATUS_LABELS = {
  due: "Due",
  charging: "Being charged",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
};

const STATUS_BADGES = {
  due: "text-bg-secondary",
  charging: "text-bg-info",
  paid: "text-bg-success",
  failed: "text-bg-danger",
  cancelled: "text-bg-dark",
};

const PAID_BY = {
  card: "by card",
  credit: "from account credit",
  offline: "in person",
};

export function instalmentBadge(status) {
  return `badge ${STATUS_BADGES[status] ?? "text-bg-secondary"}`;
}

export function instalmentStatus({ status, paidBy }) {
  const label = STATUS_LABELS[status] ?? status;
  return status === "paid" && PAID_BY[paidBy] ? `${label} ${PAID_BY[paidBy]}` : label;
}

// Whether a balance is one of a plan, or has money owed beyond the first charge at all.
export function hasSchedule(balance) {
  return Boolean(balance) && (Boolean(balance.planLabel) || balance.instalments.length > 0);
}
