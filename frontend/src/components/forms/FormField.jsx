import { useField } from "formik";
import { useId } from "react";

/*
 * A labelled Formik input (or textarea, with as="textarea") whose message shows once the field
 * has been visited or the form submitted, tied to the input by aria-describedby.
 */
export function FormField({ name, label, type = "text", as = "input", hint, ...inputProps }) {
  const [field, meta] = useField(name);
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(" ");
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
        aria-describedby={describedBy || undefined}
        {...field}
        {...inputProps}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {invalid && (
        <div id={`${id}-error`} className="invalid-feedback">
          {meta.error}
        </div>
      )}
    </div>
  );
}
