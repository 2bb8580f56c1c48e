import { useField } from "formik";
import { useEffect, useId, useRef } from "react";

import { IMAGE_TYPES } from "./classSchema";

// A file input for the class banner; the chosen File (or null) is the Formik value.
export function ImageFileField({ name, label, hint }) {
  const [field, meta, helpers] = useField(name);
  const id = useId();
  const inputRef = useRef(null);
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(" ");

  // A browser keeps the chosen file on screen; clear it when the form is reset.
  useEffect(() => {
    if (!field.value && inputRef.current) inputRef.current.value = "";
  }, [field.value]);

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        className={`form-control${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          helpers.setTouched(true, false);
          helpers.setValue(event.currentTarget.files?.[0] ?? null);
        }}
        onBlur={() => helpers.setTouched(true)}
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
