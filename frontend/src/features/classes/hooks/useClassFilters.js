import { useMemo } from "react";
import { useLocation, useSearchParams } from "react-router-dom";

import { CLASS_FILTERS } from "../../../api/classes";
import { cleanFilter, countActiveFilters, readFilters } from "../components/classFilters";

/*
 * All Classes' filters and sort, kept in the page's address only. A change of a select, a box
 * or a date is a new history entry, so Back undoes it. Typing in a box is one entry for the
 * whole burst: its first write pushes, the ones after it replace that entry (the entry's state
 * says which box is being typed in), so Back goes to the list before the typing, not to each
 * letter.
 */
export function useClassFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);

  function write(next, typing) {
    if (next.toString() === searchParams.toString()) return;
    const continuing = Boolean(typing) && location.state?.typing === typing;
    setSearchParams(next, {
      replace: continuing,
      state: typing ? { typing } : null,
      // The person is working the filters; the page stays where they are.
      preventScrollReset: true,
    });
  }

  function setFilter(name, value, { typing = false } = {}) {
    const next = new URLSearchParams(searchParams);
    const cleaned = cleanFilter(name, value);
    if (cleaned === "") next.delete(name);
    else next.set(name, cleaned);
    write(next, typing ? name : null);
  }

  // Every filter goes; the sort stays, as it is how the person likes to read any list.
  function clearFilters() {
    const next = new URLSearchParams(searchParams);
    for (const name of CLASS_FILTERS) if (name !== "ordering") next.delete(name);
    write(next, null);
  }

  return { filters, activeCount: countActiveFilters(filters), setFilter, clearFilters };
}
