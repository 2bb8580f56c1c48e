import { useCallback, useMemo } from "react";
import useSWRInfinite from "swr/infinite";

import { fetchPage } from "../../../lib/api";
import { APPROVED_PAGE_SIZE, approvedClassesPageKey } from "../../../lib/classLists";

// A class approved or removed between two pages shifts the rows; each class is shown once.
function distinctClasses(pages) {
  const seen = new Set();
  const classes = [];
  for (const { items } of pages) {
    for (const classItem of items) {
      if (!seen.has(classItem._id)) {
        seen.add(classItem._id);
        classes.push(classItem);
      }
    }
  }
  return classes;
}

/*
 * The approved classes, asked of the server a page at a time. `classes` holds every page loaded
 * so far (undefined until the first arrives), `total` the server's count of approved classes
 * (null if it did not say), `loadMore()` asks for the next page. `error` is the first page's
 * failure; `moreError` a later page's, which leaves the classes already shown in place.
 */
export function useApprovedClasses() {
  const { data, error, size, setSize, isValidating } = useSWRInfinite(
    approvedClassesPageKey,
    fetchPage,
    {
      // Asking for page 2 need not ask for page 1 again.
      revalidateFirstPage: false,
    },
  );
  const classes = useMemo(() => (data ? distinctClasses(data) : undefined), [data]);
  const loadedPages = data ? data.length : 0;
  const lastPage = data?.[loadedPages - 1];
  const total = lastPage ? lastPage.total : null;
  // A page asked for (Load more) that has not arrived: on its way, or failed.
  const waitingForPage = loadedPages > 0 && size > loadedPages;
  let hasMore = false;
  if (lastPage && lastPage.items.length > 0) {
    // Without a total, a full page suggests another one follows.
    hasMore =
      total === null ? lastPage.items.length === APPROVED_PAGE_SIZE : classes.length < total;
  }
  // Asking for the page after the loaded ones; after a failure, the same page again.
  const loadMore = useCallback(() => setSize(loadedPages + 1), [setSize, loadedPages]);

  return {
    classes,
    total,
    error: loadedPages === 0 ? error : undefined,
    moreError: waitingForPage && !isValidating ? error : undefined,
    hasMore,
    loadingMore: waitingForPage && isValidating,
    loadMore,
  };
}
