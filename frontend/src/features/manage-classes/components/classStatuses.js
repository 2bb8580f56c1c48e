import { c, t } from "ttag";

// The review states an admin filters Manage Classes by, in the order the filter shows them.
export const STATUS_FILTERS = ["All", "Pending", "Approved", "Denied", "Withdrawn", "Cancelled"];

// Each filter's name on its button, in the page's language (the values stay the server's): said
// of the classes shown (in Spanish plural and feminine, "Aprobadas"), so in a context of their own.
export const STATUS_LABELS = {
  All: c("classes shown").t`All`,
  Pending: c("classes shown").t`Pending`,
  Approved: c("classes shown").t`Approved`,
  Denied: c("classes shown").t`Denied`,
  Withdrawn: c("classes shown").t`Withdrawn`,
  Cancelled: c("classes shown").t`Cancelled`,
};

// What a filter with no class says.
export const NONE_WITH_STATUS = {
  All: t`No class has been proposed yet.`,
  Pending: t`No pending classes.`,
  Approved: t`No approved classes.`,
  Denied: t`No denied classes.`,
  Withdrawn: t`No withdrawn classes.`,
  Cancelled: t`No cancelled classes.`,
};

// What waits for a decision is what an admin opens the page for.
export const DEFAULT_STATUS = "Pending";

export function statusAsked(value) {
  return STATUS_FILTERS.includes(value) ? value : DEFAULT_STATUS;
}

// How many classes each filter shows, "All" included.
export function countsByStatus(classes) {
  const counts = Object.fromEntries(STATUS_FILTERS.map((status) => [status, 0]));
  for (const classItem of classes) {
    counts.All += 1;
    if (Object.hasOwn(counts, classItem.status)) counts[classItem.status] += 1;
  }
  return counts;
}

/*
 * The classes a filter shows, in the server's order (by id), except that "All" puts the pending
 * ones first. `kept` holds the ids of classes decided on this view: they stay in place with their
 * new status, so the admin sees what they did and can Send Feedback on a class just denied.
 */
export function classesShown(classes, status, kept = new Set()) {
  if (status === "All") {
    const waiting = classes.filter((classItem) => classItem.status === "Pending");
    const others = classes.filter((classItem) => classItem.status !== "Pending");
    return [...waiting, ...others];
  }
  return classes.filter((classItem) => classItem.status === status || kept.has(classItem._id));
}
