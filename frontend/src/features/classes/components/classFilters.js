import { t } from "ttag";

import { CLASS_FILTERS } from "../../../api/classes";
import { WEEKDAYS } from "../../../components/ui/schedule";

// What All Classes can be narrowed and sorted by. The page's address carries them under the
// API's own names, so a shared or reloaded address shows the same list.

export const PARTS_OF_DAY = [
  { value: "morning", label: t`Morning (starts before noon)` },
  { value: "afternoon", label: t`Afternoon (starts noon to 5 PM)` },
  { value: "evening", label: t`Evening (starts 5 PM or later)` },
];

export const SORTS = [
  { value: "soonest", label: t`Soonest start` },
  { value: "price", label: t`Price: low to high` },
  { value: "-price", label: t`Price: high to low` },
  { value: "popular", label: t`Most popular` },
];

// Which classes the list holds: those still to come (the default, left out of the address), or
// the archive of those that have ended.
export const PAST = "past";
export const WHEN_OPTIONS = [{ value: PAST, label: t`Past classes (archive)` }];

// In the archive the server reads "soonest" as the nearest to today: the last to end first.
export function sortsFor(when) {
  if (when !== PAST) return SORTS;
  return SORTS.map((sort) =>
    sort.value === DEFAULT_SORT ? { ...sort, label: t`Most recently ended` } : sort,
  );
}

// The sort a list has when the address names none; it is left out of the address and the key.
export const DEFAULT_SORT = "soonest";

// The server's limits: a value past them would only earn a 400.
const MAX_SEARCH_LENGTH = 200;
const MAX_AGE = 99;
const MAX_PRICE = 999999;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value) {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function oneOf(options) {
  const values = new Set(options.map((option) => option.value));
  return (value) => (values.has(value) ? value : "");
}

function price(value) {
  return /^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= MAX_PRICE ? value : "";
}

// Each filter's value as the server accepts it, or "" (left out) for anything else.
const CLEAN = {
  search: (value) => value.trim().slice(0, MAX_SEARCH_LENGTH),
  category: (value) => (/^[a-z0-9][a-z0-9-]*$/.test(value) ? value : ""),
  age: (value) =>
    /^\d{1,2}$/.test(value) && Number(value) <= MAX_AGE ? String(Number(value)) : "",
  day: oneOf(WEEKDAYS),
  partOfDay: oneOf(PARTS_OF_DAY),
  startsAfter: (value) => (isCalendarDate(value) ? value : ""),
  startsBefore: (value) => (isCalendarDate(value) ? value : ""),
  minPrice: price,
  maxPrice: price,
  // The page offers "only with seats left"; a list of full classes is nobody's wish.
  hasSeats: (value) => (value === "true" ? value : ""),
  instructor: (value) => (/^[1-9]\d{0,9}$/.test(value) ? value : ""),
  when: (value) => (value === PAST ? value : ""),
  ordering: (value) => {
    const sort = oneOf(SORTS)(value);
    return sort === DEFAULT_SORT ? "" : sort;
  },
};

export function cleanFilter(name, value) {
  return CLEAN[name](String(value ?? ""));
}

// The filters an address names, each cleaned; a hand-edited or stale value is dropped.
export function readFilters(searchParams) {
  const filters = {};
  for (const name of CLASS_FILTERS) filters[name] = cleanFilter(name, searchParams.get(name));
  return filters;
}

// The list the filters ask the server for. The address leaves the default sort out; the server is
// always told it, since a request without any parameter keeps the spec's order (by id).
export function listFilters(filters) {
  return { ...filters, ordering: filters.ordering || DEFAULT_SORT };
}

// How many filters narrow the list; the sort is not one.
export function countActiveFilters(filters) {
  return CLASS_FILTERS.filter((name) => name !== "ordering" && filters[name] !== "").length;
}
