import { useCallback, useEffect, useMemo, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";

import { config } from "../config/config";
import { api, fetchPage } from "../lib/api";
import { todayAtSchool } from "../lib/schoolClock";
import { isInstructorPageKey } from "./instructors";
import { myClassesKey, myClassKey } from "./myClasses";

// /classes: the public list of approved classes read page by page (filtered and sorted, or as
// the spec's client asks for it), one class, the admin's whole list, an instructor's proposals
// and changes, and the admin's review.

/*
 * The SWR keys of the lists of classes, shared by every feature that reads or changes classes:
 * the admin's whole list, and the public list of approved classes read page by page.
 */
export const classesKey = "/classes";

export const APPROVED_PAGE_SIZE = 24;
export const STARTING_SOON_COUNT = 6;

// The public list's query parameters, in the order a key names them: the same filters always
// make the same key, so the same cached pages.
export const CLASS_FILTERS = [
  "search",
  "category",
  "age",
  "day",
  "partOfDay",
  "startsAfter",
  "startsBefore",
  "minPrice",
  "maxPrice",
  "hasSeats",
  "instructor",
  // "past" for the archive of classes that have ended; left out, the classes still to come.
  "when",
  "ordering",
];

/*
 * "status=Approved" and each filter given. Without filters this is the spec client's request,
 * which the server caches and the benchmarks measure; the status also keeps an admin, whose list
 * holds every class, to the approved ones.
 */
function approvedQuery(filters) {
  const params = new URLSearchParams({ status: "Approved" });
  for (const name of CLASS_FILTERS) {
    const value = filters?.[name];
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  return params.toString();
}

// useSWRInfinite's key for page `index` (0-based) of the list `query` picks; null once a page
// came back empty.
function pageKeyOf(query) {
  return (index, previousPage) => {
    if (previousPage && previousPage.items.length === 0) return null;
    return `${classesKey}?${query}&page=${index + 1}&page_size=${APPROVED_PAGE_SIZE}`;
  };
}

// The unfiltered list's page keys.
export const approvedClassesPageKey = pageKeyOf(approvedQuery({}));

// The key of the first page of the list `filters` pick, as useApprovedClasses asks it.
export function approvedClassesFirstKey(filters) {
  return pageKeyOf(approvedQuery(filters))(0, null);
}

function isClassListKey(key) {
  return typeof key === "string" && key.startsWith(`${classesKey}?`);
}

export function classKey(id) {
  return `${classesKey}/${encodeURIComponent(id)}`;
}

function isClassPageKey(key) {
  return typeof key === "string" && key.startsWith(`${classesKey}/`);
}

/*
 * The paged lists on screen, by useSWRInfinite key, with how many hooks show each. SWR's mutate
 * cannot pick such keys by a filter, and each set of filters has a key of its own, so the hooks
 * say which lists are showing and revalidateClassLists asks those again.
 */
const shownLists = new Map();

function useShownList(infiniteKey) {
  useEffect(() => {
    shownLists.set(infiniteKey, (shownLists.get(infiniteKey) ?? 0) + 1);
    return () => {
      const count = shownLists.get(infiniteKey) - 1;
      if (count > 0) shownLists.set(infiniteKey, count);
      else shownLists.delete(infiniteKey);
    };
  }, [infiniteKey]);
}

/*
 * After a class is created, changed or reviewed: reload the admin's list, drop the cached pages
 * of every public list (each page's rows may have shifted) so each loads afresh the next time it
 * shows, or at once if it is showing, and ask again for the class pages and instructor pages
 * already read.
 */
export async function revalidateClassLists(mutate) {
  await mutate(isClassListKey, undefined, { revalidate: false });
  const pagedLists = new Set([unstable_serialize(approvedClassesPageKey), ...shownLists.keys()]);
  await Promise.all([
    mutate(classesKey),
    // The lists read in one request (Starting soon) ask again; a paged list's pages do not
    // answer this, their list does, below.
    mutate(isClassListKey),
    ...[...pagedLists].map((infiniteKey) => mutate(infiniteKey)),
    mutate(isClassPageKey),
    mutate(isInstructorPageKey),
  ]);
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
 * The approved classes that pass `filters` (named as CLASS_FILTERS; empty ones are left out),
 * asked of the server a page at a time. `classes` holds every page loaded so far (undefined
 * until the first arrives), `total` the server's count of those classes (null if it did not
 * say), `loadMore()` asks for the next page. `error` is the first page's failure; `moreError` a
 * later page's, which leaves the classes already shown in place.
 */
export function useApprovedClasses(filters) {
  const query = approvedQuery(filters);
  const getKey = useMemo(() => pageKeyOf(query), [query]);
  useShownList(unstable_serialize(getKey));
  const { data, error, size, setSize, isValidating } = useSWRInfinite(getKey, fetchPage, {
    // Asking for page 2 need not ask for page 1 again.
    revalidateFirstPage: false,
  });
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

// The visitor's own calendar date, "YYYY-MM-DD".
export function startingSoonKey(today) {
  const query = approvedQuery({ startsAfter: today, ordering: "soonest" });
  return `${classesKey}?${query}&page=1&page_size=${STARTING_SOON_COUNT}`;
}

// The next few approved classes to start, soonest first, from today at the school on: the
// school's date, not the device's, so the server that draws the page asks with the same key.
export function useStartingSoonClasses() {
  // The date the page was made with (camp/views.py), fixed for the visit so the key does not
  // change under a page left open past midnight; found from the school's zone only without it.
  const [today] = useState(() => config.schoolToday ?? todayAtSchool());
  const { data, error } = useSWR(startingSoonKey(today));
  return { classes: data, error };
}

// The most a page of a list holds (core/pagination.py): a season's classes come in as few pages.
const SEASON_PAGE_SIZE = 100;

// The first page of a season's approved classes still to come, soonest first.
export function seasonClassesKey(seasonId) {
  const season = encodeURIComponent(seasonId);
  return `${classesKey}?status=Approved&season=${season}&ordering=soonest&page=1&page_size=${SEASON_PAGE_SIZE}`;
}

// Every page of a list, from the first page's path on, as one array.
async function fetchEveryPage(firstPagePath) {
  const classes = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await fetchPage(firstPagePath.replace("page=1&", `page=${page}&`));
    classes.push(...items);
    const more = total === null ? items.length === SEASON_PAGE_SIZE : classes.length < total;
    if (!more || items.length === 0) return classes;
  }
}

/*
 * A season's approved classes still to come, all of them (undefined while they load): the
 * classes a lottery season's families rank, and the names of those its draw shared.
 */
export function useSeasonClasses(seasonId) {
  const { data, error } = useSWR(seasonId ? seasonClassesKey(seasonId) : null, fetchEveryPage);
  return { classes: data, error };
}

/*
 * One class, for its page: an approved one for anyone, any status for its instructor and
 * admins. A 404 (no such class, or not one this person may see) is final, so it is not retried.
 */
export function useClass(id) {
  const { data, error } = useSWR(id ? classKey(id) : null, {
    shouldRetryOnError: (failure) => failure?.status !== 404,
  });
  return { classItem: data, error };
}

// The class's meetings as an iCalendar file, for the visitor's own calendar app.
export function classCalendarUrl(id) {
  return `${config.apiBase}${classKey(id)}/calendar.ics`;
}

// For an admin the server answers every class, any status.
export function useAllClasses() {
  return useSWR(classesKey);
}

function wholeNumberOrNull(value) {
  const number = Number.parseInt(value, 10);
  return Number.isNaN(number) ? null : number;
}

/*
 * Spec section 9: seats travel as an integer, price as a decimal number. Every other field is
 * sent too, an empty one as null, [] or "": the server keeps a field an edit leaves out, so
 * only sending it empty clears it.
 */
function classFields({ nameClass, seats, price, image, ...details }) {
  return {
    nameClass: nameClass.trim(),
    seats: Number.parseInt(seats, 10),
    price: Number.parseFloat(price),
    image,
    description: (details.description ?? "").trim(),
    category: details.category || null,
    level: details.level || null,
    location: (details.location ?? "").trim(),
    whatToBring: (details.whatToBring ?? "").trim(),
    ageMin: wholeNumberOrNull(details.ageMin),
    ageMax: wholeNumberOrNull(details.ageMax),
    startDate: details.startDate || null,
    endDate: details.endDate || null,
    meetingDays: details.meetingDays ?? [],
    startTime: details.startTime || null,
    endTime: details.endTime || null,
    noMeetingDates: details.noMeetingDates ?? [],
    registrationClosesAt: details.registrationClosesAt || null,
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
