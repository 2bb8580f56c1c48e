import { useField } from "formik";
import { useEffect, useRef, useState } from "react";
import { t } from "ttag";

import { Picture } from "../ui/Picture";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";
import { IMAGE_TYPES } from "./imageFiles";

/*
 * The picture a newly chosen file will make, shown before anything is uploaded. Its address
 * lives only in this page; it is let go when another file is chosen or the field goes away.
 */
export function useImagePreview(image) {
  // {image, address}: an address made for an earlier file is never shown for this one.
  const [preview, setPreview] = useState(null);
  useEffect(() => {
    if (!image) return undefined;
    const address = URL.createObjectURL(image);
    setPreview({ image, address });
    return () => URL.revokeObjectURL(address);
  }, [image]);
  return image && preview?.image === image ? preview.address : null;
}

/*
 * A file input for an image to upload (a class banner, a profile photo). The Formik value is the
 * chosen File, or, where one is saved already, its address (`saved`) until another is chosen: the
 * saved picture shows above the input, a chosen file's preview in its place, and Keep the current
 * image goes back to it. `subject` names the picture for screen readers; a form that
 * shows the picture its own way (a round portrait) asks for none here (`pictured`).
 */
export function ImageFileField({
  name,
  label,
  hint,
  saved = null,
  subject = t`image`,
  pictured = true,
}) {
  const [field, meta, helpers] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const inputRef = useRef(null);
  const chosen = field.value instanceof Blob ? field.value : null;
  const preview = useImagePreview(chosen);
  const current = typeof field.value === "string" && field.value ? field.value : null;

  // A browser keeps the chosen file on screen; clear it when the form is reset or the saved
  // image is kept after all.
  useEffect(() => {
    if (!chosen && inputRef.current) inputRef.current.value = "";
  }, [chosen]);

  return (
    <div className="mb-3">
      {pictured && (preview || current) && (
        <figure className="mb-2" style={{ maxWidth: "20rem" }}>
          <Picture
            src={preview ?? current}
            alt={preview ? t`Preview of the new ${subject}` : t`Current ${subject}`}
            width={400}
            height={300}
            fluid
            className="rounded-2 border"
          />
          <figcaption className="small text-body-secondary mt-1">
            {preview ? t`New image (${chosen.name}), not saved yet` : t`Current image`}
          </figcaption>
        </figure>
      )}
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
          helpers.setValue(event.currentTarget.files?.[0] ?? saved);
        }}
        onBlur={() => helpers.setTouched(true)}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
      {saved && chosen && (
        <button type="button" className="btn btn-link px-0" onClick={() => helpers.setValue(saved)}>
          {t`Keep the current image`}
        </button>
      )}
    </div>
  );
}
