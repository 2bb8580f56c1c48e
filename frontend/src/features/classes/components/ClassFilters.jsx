import { useId, useState } from "react";
import { t } from "ttag";

import { WEEKDAYS } from "../../../components/ui/schedule";
import { useTypedFilter } from "../hooks/useTypedFilter";
import { DEFAULT_SORT, PARTS_OF_DAY, WHEN_OPTIONS, sortsFor } from "./classFilters";

// A box written as it is typed (text, numbers, dates); it reaches the list once typing pauses.
function TypedFilter({ name, label, value, onChange, inputRef, type = "text", ...inputProps }) {
  const id = useId();
  const { text, change, flush } = useTypedFilter(name, value, (typed) =>
    onChange(name, typed, { typing: true }),
  );
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        className="form-control"
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            flush();
          }
        }}
        {...inputProps}
      />
    </div>
  );
}

function SelectFilter({ name, label, value, options, emptyLabel, onChange }) {
  const id = useId();
  // A value the options lack (a category the school has since dropped) still shows as chosen.
  const listed = value === "" || options.some((option) => option.value === value);
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(event) => onChange(name, event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {!listed && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/*
 * Search, filters and sort of All Classes. Search and sort are always in view; on a phone the
 * filters fold behind a Filters button (which counts the ones in use), from Bootstrap's md
 * breakpoint up they always show. Every change goes to `onChange(name, value, {typing})`.
 */
export function ClassFilters({
  filters,
  activeCount,
  categories,
  onChange,
  onClear,
  searchInputRef,
}) {
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const categoryOptions = (categories ?? []).map((category) => ({
    value: category.slug,
    label: category.name,
  }));
  const weekdayOptions = WEEKDAYS.map((day) => ({ value: day.value, label: day.label }));

  return (
    <form
      role="search"
      aria-label={t`Find a class`}
      className="card card-body shadow-sm mb-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="row g-3 align-items-end">
        <div className="col-12 col-md-7 col-lg-8">
          <TypedFilter
            name="search"
            label={t`Search classes`}
            type="search"
            value={filters.search}
            onChange={onChange}
            inputRef={searchInputRef}
            placeholder={t`Name, description or instructor`}
            maxLength={200}
          />
        </div>
        <div className="col col-md-5 col-lg-4">
          <SelectFilter
            name="ordering"
            label={t`Sort by`}
            value={filters.ordering || DEFAULT_SORT}
            options={sortsFor(filters.when)}
            onChange={onChange}
          />
        </div>
        <div className="col-auto d-md-none">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {t`Filters`}
            {activeCount > 0 && (
              <span className="badge text-bg-primary ms-2">
                {activeCount}
                <span className="visually-hidden"> {t`in use`}</span>
              </span>
            )}
          </button>
        </div>
      </div>
      <div id={panelId} className={`${panelOpen ? "" : "d-none "}d-md-block`}>
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 mt-0">
          <SelectFilter
            name="when"
            label={t`Show`}
            value={filters.when}
            options={WHEN_OPTIONS}
            emptyLabel={t`Classes still to come`}
            onChange={onChange}
          />
          <SelectFilter
            name="category"
            label={t`Category`}
            value={filters.category}
            options={categoryOptions}
            emptyLabel={t`All categories`}
            onChange={onChange}
          />
          <TypedFilter
            name="age"
            label={t`Fits age`}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            step={1}
            value={filters.age}
            onChange={onChange}
          />
          <SelectFilter
            name="day"
            label={t`Meets on`}
            value={filters.day}
            options={weekdayOptions}
            emptyLabel={t`Any day`}
            onChange={onChange}
          />
          <SelectFilter
            name="partOfDay"
            label={t`Time of day`}
            value={filters.partOfDay}
            options={PARTS_OF_DAY}
            emptyLabel={t`Any time`}
            onChange={onChange}
          />
          <TypedFilter
            name="startsAfter"
            label={t`Starts on or after`}
            type="date"
            value={filters.startsAfter}
            max={filters.startsBefore || undefined}
            onChange={onChange}
          />
          <TypedFilter
            name="startsBefore"
            label={t`Starts on or before`}
            type="date"
            value={filters.startsBefore}
            min={filters.startsAfter || undefined}
            onChange={onChange}
          />
          <TypedFilter
            name="minPrice"
            label={t`Min price ($)`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={filters.minPrice}
            onChange={onChange}
          />
          <TypedFilter
            name="maxPrice"
            label={t`Max price ($)`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={filters.maxPrice}
            onChange={onChange}
          />
        </div>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
          <div className="form-check mb-0">
            <input
              id={`${panelId}-seats`}
              type="checkbox"
              className="form-check-input"
              checked={filters.hasSeats === "true"}
              onChange={(event) => onChange("hasSeats", event.target.checked ? "true" : "")}
            />
            <label htmlFor={`${panelId}-seats`} className="form-check-label">
              {t`Only classes with seats left`}
            </label>
          </div>
          {activeCount > 0 && (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClear}>
              {t`Clear filters`}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
