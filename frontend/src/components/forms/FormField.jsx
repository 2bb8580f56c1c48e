import { useField } from "formik";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";

/*
 * A labelled Formik input (or textarea, with as="textarea") whose message shows once the field
 * has been visited or the form submitted, tied to the input by aria-describedby.
 */
export function FormField({ name, label, type = "text", as = "input", hint, ...inputProps }) {
  const [field, meta] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const Control = as;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <Control
        id={id}
        type={as === "input" ? type : undefined}
        className={`form-control${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...field}
        {...inputProps}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}
