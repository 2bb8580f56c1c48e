import { useId, useState } from "react";
import { c, t } from "ttag";

// A whole date as a date field gives it; a field emptied or half typed gives "".
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// A day's field of the reports page, with the server's refusal of it beside it.
export function DateField({ label, value, onChange, min, max, error }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`form-control${error ? " is-invalid" : ""}`}
        value={value}
        min={min}
        max={max}
        required
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/*
 * Which season the report is of, and the days it counts: a season chosen shows at once, over the
 * days the server picks for it; the days are sent together with Show, so no report is asked for
 * a date still being typed. `report` is the report on screen, whose days the fields start from;
 * `fieldErrors` the server's refusal of the last choice, by field.
 */
export function RangeForm({ report, season, onChoose, fieldErrors = {} }) {
  const seasonId = useId();
  const [from, setFrom] = useState(report.from);
  const [to, setTo] = useState(report.to);
  const seasonError = fieldErrors.season?.[0];

  function show(event) {
    event.preventDefault();
    if (!DATE.test(from) || !DATE.test(to)) return;
    onChoose({ season, from, to });
  }

  return (
    <form className="d-flex flex-wrap align-items-start gap-3 mb-4" onSubmit={show} noValidate>
      <div>
        <label htmlFor={seasonId} className="form-label">
          {t`Season`}
        </label>
        <select
          id={seasonId}
          className={`form-select${seasonError ? " is-invalid" : ""}`}
          value={season}
          aria-invalid={Boolean(seasonError)}
          aria-describedby={seasonError ? `${seasonId}-error` : undefined}
          onChange={(event) => onChoose({ season: event.target.value })}
        >
          {report.seasons.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        {seasonError && (
          <div id={`${seasonId}-error`} className="invalid-feedback">
            {seasonError}
          </div>
        )}
      </div>
      <DateField
        label={c("date range").t`From`}
        value={from}
        onChange={setFrom}
        max={to}
        error={fieldErrors.from?.[0]}
      />
      <DateField
        label={c("date range").t`To`}
        value={to}
        onChange={setTo}
        min={from}
        error={fieldErrors.to?.[0]}
      />
      {/* The labels' height above, so the button lines up with the fields. */}
      <div className="report-range-show">
        <button type="submit" className="btn btn-primary">
          {t`Show`}
        </button>
      </div>
    </form>
  );
}
