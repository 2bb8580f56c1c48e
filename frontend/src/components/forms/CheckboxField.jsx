import { useField } from "formik";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";

// A labelled Formik checkbox, its hint and message below it.
export function CheckboxField({ name, label, hint }) {
  const [field, meta] = useField({ name, type: "checkbox" });
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...field}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </div>
  );
}
