import { useField } from "formik";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";

/*
 * A Formik choice of one among a few, a radio button each, in a fieldset that `legend` names.
 * `options` are {value, label}.
 */
export function RadioGroupField({ name, legend, options, hint }) {
  const [field, meta] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <div className="d-flex flex-wrap column-gap-4 row-gap-1 mt-1">
        {options.map((option) => (
          <div className="form-check" key={option.value}>
            <input
              id={`${id}-${option.value}`}
              type="radio"
              className={`form-check-input${invalid ? " is-invalid" : ""}`}
              aria-invalid={invalid}
              name={name}
              value={option.value}
              checked={field.value === option.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
            <label htmlFor={`${id}-${option.value}`} className="form-check-label">
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}
