import { useField } from "formik";
import { useState } from "react";
import { t } from "ttag";

import { FieldError, FieldHint, useFieldMessages } from "../../../components/forms/fieldMessages";
import { formatDate } from "../../../components/ui/schedule";

// The holidays inside a class's dates: a date picker adds one, each listed date can be removed.
export function NoMeetingDatesField({ name, legend, hint }) {
  const [field, meta, helpers] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const [picked, setPicked] = useState("");
  const dates = field.value ?? [];

  function change(next) {
    helpers.setTouched(true, false);
    helpers.setValue(next);
  }

  function add() {
    if (!picked) return;
    if (!dates.includes(picked)) change([...dates, picked].sort());
    setPicked("");
  }

  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{legend}</legend>
      {dates.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
          {dates.map((date) => {
            const shown = formatDate(date);
            return (
              <li key={date} className="badge text-bg-light border d-flex align-items-center gap-2">
                <span className="fw-normal fs-6">{shown}</span>
                <button
                  type="button"
                  className="btn-close"
                  aria-label={t`Remove ${shown}`}
                  onClick={() => change(dates.filter((other) => other !== date))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className="input-group">
        <label htmlFor={`${id}-date`} className="input-group-text">
          {t`Date with no meeting`}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={`form-control${invalid ? " is-invalid" : ""}`}
          value={picked}
          // The fieldset's message names this input's fault: a screen reader hears it here too.
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => setPicked(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds the date rather than sending the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          onBlur={() => helpers.setTouched(true)}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={add}>
          {t`Add date`}
        </button>
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}
