import { c, t } from "ttag";

// How the parts a plan (or a transfer) owes beyond a payment's first charge read, on every page.

// What each part owed is, by the server's `kind`.
const KIND_LABELS = {
  instalment: t`Instalment`,
  transfer: t`Transfer difference`,
  cancellation: t`Cancellation charge`,
};

export function instalmentKind(kind) {
  return KIND_LABELS[kind] ?? KIND_LABELS.instalment;
}

// Said of one part owed (in Spanish "cuota", feminine: "Pagada"), so in a context of their own.
const STATUS_LABELS = {
  due: c("instalment status").t`Due`,
  charging: c("instalment status").t`Being charged`,
  paid: c("instalment status").t`Paid`,
  failed: c("instalment status").t`Failed`,
  cancelled: c("instalment status").t`Cancelled`,
};

const STATUS_BADGES = {
  due: "text-bg-secondary",
  charging: "text-bg-info",
  paid: "text-bg-success",
  failed: "text-bg-danger",
  cancelled: "text-bg-dark",
};

// A paid part, and how it was paid.
const PAID_BY = {
  card: t`Paid by card`,
  credit: t`Paid from account credit`,
  offline: t`Paid in person`,
};

export function instalmentBadge(status) {
  return `badge ${STATUS_BADGES[status] ?? "text-bg-secondary"}`;
}

export function instalmentStatus({ status, paidBy }) {
  if (status === "paid" && PAID_BY[paidBy]) return PAID_BY[paidBy];
  return STATUS_LABELS[status] ?? status;
}

// Whether a balance is one of a plan, or has money owed beyond the first charge at all.
export function hasSchedule(balance) {
  return Boolean(balance) && (Boolean(balance.planLabel) || balance.instalments.length > 0);
}
