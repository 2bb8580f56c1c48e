import { useField } from "formik";
import { useEffect, useRef } from "react";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";
import { IMAGE_TYPES } from "./imageFiles";

// A file input for an image to upload (a class banner, a profile photo); the chosen File (or
// null) is the Formik value.
export function ImageFileField({ name, label, hint }) {
  const [field, meta, helpers] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const inputRef = useRef(null);

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
        aria-describedby={describedBy}
        onChange={(event) => {
          helpers.setTouched(true, false);
          helpers.setValue(event.currentTarget.files?.[0] ?? null);
        }}
        onBlur={() => helpers.setTouched(true)}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}
