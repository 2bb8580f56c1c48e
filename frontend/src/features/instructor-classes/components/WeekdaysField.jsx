import { useField } from "formik";

import { FieldError, FieldHint, useFieldMessages } from "../../../components/forms/fieldMessages";
import { WEEKDAYS } from "../../../components/ui/schedule";

// The weekdays a class meets on, a checkbox each; the value keeps week order, as the API does.
export function WeekdaysField({ name, legend, hint }) {
  const [field, meta, helpers] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const chosen = field.value ?? [];

  function toggle(day, checked) {
    const next = checked ? [...chosen, day] : chosen.filter((value) => value !== day);
    helpers.setTouched(true, false);
    helpers.setValue(
      WEEKDAYS.map((weekday) => weekday.value).filter((value) => next.includes(value)),
    );
  }

  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {WEEKDAYS.map((day) => (
          <div className="form-check" key={day.value}>
            <input
              id={`${id}-${day.value}`}
              type="checkbox"
              className={`form-check-input${invalid ? " is-invalid" : ""}`}
              name={name}
              value={day.value}
              checked={chosen.includes(day.value)}
              aria-invalid={invalid}
              onChange={(event) => toggle(day.value, event.currentTarget.checked)}
              onBlur={() => helpers.setTouched(true)}
            />
            <label className="form-check-label" htmlFor={`${id}-${day.value}`}>
              {day.label}
            </label>
          </div>
        ))}
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}
