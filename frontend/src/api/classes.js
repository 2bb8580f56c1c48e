import { useCallback, useMemo } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";

import { api, fetchPage } from "../lib/api";
import { myClassesKey, myClassKey } from "./myClasses";

// /classes: the public list of approved classes read page by page, the admin's whole list, an
// instructor's proposals and changes, and the admin's review.

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

// For an admin the server answers every class, any status.
export function useAllClasses() {
  return useSWR(classesKey);
}

// Spec section 9: seats travel as an integer, price as a decimal number.
function classFields({ nameClass, seats, price, image }) {
  return {
    nameClass: nameClass.trim(),
    seats: Number.parseInt(seats, 10),
    price: Number.parseFloat(price),
    image,
  };
}

export function createClass(values, instructor) {
  return api.post("/classes", {
    ...classFields(values),
    instructorName: instructor.displayName || "",
    instructorEmail: instructor.email,
  });
}

export function updateClass(id, values) {
  return api.put(`/classes/${encodeURIComponent(id)}`, classFields(values));
}

// Proposes a class (the server makes it Pending), then refreshes the instructor's classes.
export function useCreateClass(instructor) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const result = await createClass(values, instructor);
      await Promise.all([mutate(myClassesKey(instructor.email)), revalidateClassLists(mutate)]);
      return result;
    },
    [instructor, mutate],
  );
}

// Saves the instructor's changes, then refreshes every list the class appears in.
export function useUpdateClass(id, instructorEmail) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values) => {
      const result = await updateClass(id, values);
      await Promise.all([
        mutate(myClassKey(id)),
        mutate(myClassesKey(instructorEmail)),
        revalidateClassLists(mutate),
      ]);
      return result;
    },
    [id, instructorEmail, mutate],
  );
}

export function approveClass(id) {
  return api.patch(`/classes/approved/${id}`);
}

export function denyClass(id) {
  return api.patch(`/classes/denied/${id}`);
}

export function sendFeedback(id, feedback) {
  return api.patch(`/classes/feedback/${id}`, { feedback });
}

/*
 * Runs one review call, then refreshes the lists of classes (this one and the public one). A
 * refusal refreshes them too: a 409 means another admin decided first, and the list shows how.
 */
function useReview(call) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args) => {
      try {
        return await call(...args);
      } finally {
        await revalidateClassLists(mutate);
      }
    },
    [call, mutate],
  );
}

export function useApproveClass() {
  return useReview(approveClass);
}

export function useDenyClass() {
  return useReview(denyClass);
}

export function useSendFeedback() {
  return useReview(sendFeedback);
}
