import { useField } from "formik";
import { useState } from "react";
import { jt } from "ttag";

import { FieldError, useFieldMessages } from "../../../components/forms/fieldMessages";

/*
 * A password input of a Formik form, with a button that shows or hides what was typed.
 */
export function PasswordField({ name, label, ...inputProps }) {
  const [field, meta] = useField(name);
  const [visible, setVisible] = useState(false);
  const { id, invalid, describedBy } = useFieldMessages(meta);
  // The field's name comes after the verb, heard only by screen readers ("Show password").
  const hiddenName = (
    <span key="name" className="visually-hidden">
      {" "}
      {label.toLowerCase()}
    </span>
  );
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
          aria-describedby={describedBy}
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
          {visible ? jt`Hide${hiddenName}` : jt`Show${hiddenName}`}
        </button>
        <FieldError id={id} invalid={invalid} error={meta.error} />
      </div>
    </div>
  );
}
