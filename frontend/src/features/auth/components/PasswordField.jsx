import { useField } from "formik";
import { useId, useState } from "react";

// A password input with a button that shows or hides what was typed.
export function PasswordField({ name, label, ...inputProps }) {
  const [field, meta] = useField(name);
  const [visible, setVisible] = useState(false);
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className={`input-group${invalid ? " has-validation" : ""}`}>
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          {...field}
          {...inputProps}
        />
        {/* Named by its content ("Show password"), not aria-label, so that finding the field
            by its label never also finds this button. */}
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? "Hide" : "Show"}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
        {invalid && (
          <div id={`${id}-error`} className="invalid-feedback">
            {meta.error}
          </div>
        )}
      </div>
    </div>
  );
}
