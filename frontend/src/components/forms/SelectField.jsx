import { useField } from "formik";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";

/*
 * A labelled Formik select. `options` are {value, label}; `emptyLabel` names the first, empty
 * choice (the field left unset).
 */
export function SelectField({ name, label, options, emptyLabel, hint, ...selectProps }) {
  const [field, meta] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...field}
        {...selectProps}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}
