import { useField } from "formik";
import { useId } from "react";

// A labelled input whose message shows once the field has been visited.
export function TextField({ name, label, type = "text", hint, ...inputProps }) {
  const [field, meta] = useField(name);
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
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
