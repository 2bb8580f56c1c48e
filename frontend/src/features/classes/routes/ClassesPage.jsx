import { useMemo, useRef } from "react";
import { msgid, ngettext, t } from "ttag";

import { useApprovedClasses } from "../../../api/classes";
import { useCategories } from "../../../api/categories";
import { CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { LotteryNotice } from "../../../components/cards/LotteryNotice";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { ClassFilters } from "../components/ClassFilters";
import { PAST, listFilters } from "../components/classFilters";
import { ClassesGrid } from "../components/ClassesGrid";
import { useClassFilters } from "../hooks/useClassFilters";
import { SELECT_FAILURE_ID, useClassSelection } from "../hooks/useClassSelection";

function resultSummary(classes, total, noMatch) {
  if (noMatch) return t`No classes match these filters.`;
  if (!classes?.length) return "";
  const shown = classes.length;
  return total === null
    ? ngettext(msgid`Showing ${shown} class`, `Showing ${shown} classes`, shown)
    : ngettext(
        msgid`Showing ${shown} of ${total} class`,
        `Showing ${shown} of ${total} classes`,
        total,
      );
}

export function ClassesPage() {
  useTitle(t`All Classes`);
  const { filters, activeCount, setFilter, clearFilters } = useClassFilters();
  const { categories } = useCategories();
  const { classes, total, error, moreError, hasMore, loadingMore, loadMore } = useApprovedClasses(
    listFilters(filters),
  );
  // The archive's classes have ended: nobody can take them, so nobody is asked who could.
  const past = filters.when === PAST;
  const {
    availabilityOf,
    seasons,
    family,
    select,
    joinWaitlist,
    notices,
    failure,
    dismissFailure,
  } = useClassSelection(past ? undefined : classes);
  // The lottery seasons of the classes shown, each said once: their way to the wishes and draw.
  const lotterySeasons = useMemo(() => {
    const shown = new Set((classes ?? []).map((classItem) => classItem.seasonId));
    return (seasons ?? []).filter(
      (season) => season.allocation === "lottery" && shown.has(season.id),
    );
  }, [seasons, classes]);
  const searchInputRef = useRef(null);

  // The button pressed goes away with the filters; the search box is where a new search starts.
  function clearAndStartOver() {
    clearFilters();
    searchInputRef.current?.focus();
  }

  const noMatch = activeCount > 0 && classes?.length === 0;

  return (
    <div className="container py-5">
      <h1 className="mb-2">{t`All Classes`}</h1>
      <p className="lead text-body-secondary mb-4">
        {past
          ? t`Classes that have ended, the most recent first. Their pages point to the classes like them still to come.`
          : t`Find a class you love and save your seat before the summer fills up.`}
      </p>
      <ClassFilters
        filters={filters}
        activeCount={activeCount}
        categories={categories}
        onChange={setFilter}
        onClear={clearAndStartOver}
        searchInputRef={searchInputRef}
      />
      {!past &&
        lotterySeasons.map((season) => (
          <LotteryNotice key={season.id} season={season} className="mb-3" />
        ))}
      <DismissibleAlert message={failure} onClose={dismissFailure} id={SELECT_FAILURE_ID} />
      {!noMatch && (
        <QueryResult
          data={classes}
          error={error}
          loadingLabel={t`Loading classes…`}
          placeholder={<CardGridPlaceholder lines={5} withButton />}
          errorTitle={t`The classes could not be loaded.`}
          emptyMessage={past ? t`No classes have ended yet.` : t`No classes are open yet.`}
        >
          {(approved) => (
            <ClassesGrid
              classes={approved}
              past={past}
              onSelect={select}
              onJoinWaitlist={joinWaitlist}
              availabilityOf={availabilityOf}
              family={family}
              notices={notices}
            />
          )}
        </QueryResult>
      )}
      <div className="d-flex flex-column align-items-center gap-3 mt-4">
        {/* Always there, so each new result (a filter, a Load more) is read out. */}
        <p className="text-body-secondary mb-0" aria-live="polite">
          {resultSummary(classes, total, noMatch)}
        </p>
        {noMatch && (
          <button type="button" className="btn btn-outline-primary" onClick={clearAndStartOver}>
            {t`Clear filters`}
          </button>
        )}
        {moreError && <ErrorAlert title={t`More classes could not be loaded.`} error={moreError} />}
        {hasMore && (
          <button
            type="button"
            className="btn btn-outline-primary"
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            aria-disabled={loadingMore}
            onClick={() => {
              if (!loadingMore) loadMore();
            }}
          >
            {loadingMore ? t`Loading more classes…` : t`Load more classes`}
          </button>
        )}
      </div>
    </div>
  );
}
