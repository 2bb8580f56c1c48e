import { unstable_serialize } from "swr/infinite";

/*
 * The SWR keys of the lists of classes, shared by every feature that reads or changes classes:
 * the admin's whole list, and the public list of approved classes read page by page.
 */
export const classesKey = "/classes";

export const APPROVED_PAGE_SIZE = 24;

// useSWRInfinite's key for page `index` (0-based); null once a page came back empty.
export function approvedClassesPageKey(index, previousPage) {
  if (previousPage && previousPage.items.length === 0) return null;
  return `${classesKey}?status=Approved&page=${index + 1}&page_size=${APPROVED_PAGE_SIZE}`;
}

function isApprovedPageKey(key) {
  return typeof key === "string" && key.startsWith(`${classesKey}?`);
}

/*
 * After a class is created, changed or reviewed: reload the admin's list, and drop the cached
 * pages of the public list so it loads them afresh (each page's rows may have shifted) the next
 * time it shows, or at once if it is showing.
 */
export async function revalidateClassLists(mutate) {
  await mutate(isApprovedPageKey, undefined, { revalidate: false });
  await Promise.all([mutate(classesKey), mutate(unstable_serialize(approvedClassesPageKey))]);
}
