import { useId } from "react";

/*
 * What every form field shares: an id for its input, whether its message shows (once the field
 * has been visited or the form submitted), and the ids its input is described by.
 */
export function useFieldMessages(meta, hint) {
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(" ");
  return { id, invalid, describedBy: describedBy || undefined };
}

export function FieldHint({ id, hint }) {
  if (!hint) return null;
  return (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  );
}

/*
 * Bootstrap shows .invalid-feedback only after an invalid input; a message that follows a group
 * of inputs (checkboxes, a list) asks to be shown anyway with `always`.
 */
export function FieldError({ id, invalid, error, always = false }) {
  if (!invalid) return null;
  return (
    <div id={`${id}-error`} className={`invalid-feedback${always ? " d-block" : ""}`}>
      {error}
    </div>
  );
}

/*
 * A labelled field: the label, the control `children` draws with the props that tie it to its
 * label and message (id, aria-invalid, aria-describedby) and whether it is invalid, then its hint
 * and message.
 */
export function LabelledField({ meta, label, hint, children }) {
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({ id, "aria-invalid": invalid, "aria-describedby": describedBy }, invalid)}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}
