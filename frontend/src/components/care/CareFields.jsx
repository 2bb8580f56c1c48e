import { FieldArray, getIn, useField, useFormikContext } from "formik";
import { useId, useRef } from "react";
import { t } from "ttag";

import { FieldError, FieldHint, useFieldMessages } from "../forms/fieldMessages";

/*
 * A question answered Yes or No, a radio button each; the value is "yes", "no", or "" while
 * unanswered. `legend` names the group.
 */
export function YesNoField({ name, legend, hint }) {
  const [, meta] = useField(name);
  const [yes] = useField({ name, type: "radio", value: "yes" });
  const [no] = useField({ name, type: "radio", value: "no" });
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <div className="d-flex flex-wrap gap-4 mt-1">
        {[
          [yes, t`Yes`],
          [no, t`No`],
        ].map(([field, label]) => (
          <div className="form-check" key={field.value}>
            <input
              id={`${id}-${field.value}`}
              type="radio"
              className={`form-check-input${invalid ? " is-invalid" : ""}`}
              aria-invalid={invalid}
              {...field}
            />
            <label htmlFor={`${id}-${field.value}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}

/*
 * A message about a whole list (too few contacts, or the server's word on one of its rows that
 * no field of the row could take), shown once the form has been sent.
 */
function useListError(name) {
  const { errors, submitCount } = useFormikContext();
  const error = getIn(errors, name);
  return typeof error === "string" && submitCount > 0 ? error : "";
}

/*
 * A list of rows (allergies, medications, people) that a family adds to and removes from. Each
 * row is a group named "<rowName> <n>" (Testing Library and screen readers find its fields
 * within); `renderRow(prefix, index, autoFocus)` draws its fields under names `${prefix}.<field>`.
 * A new row takes the focus in its first field; once a row is removed, Add does. Rows beyond the
 * first `keep` can be removed; no row is added beyond `max`. An error summary's link about the
 * whole list (too few rows) takes the focus to the list (`data-field`).
 */
export function RowsField({
  name,
  legend,
  hint,
  rowName,
  blankRow,
  addLabel,
  renderRow,
  keep = 0,
  max = Infinity,
}) {
  const id = useId();
  const { values } = useFormikContext();
  const rows = getIn(values, name) ?? [];
  const added = useRef(null);
  const addButton = useRef(null);
  const error = useListError(name);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <fieldset
      className="mb-4"
      aria-describedby={describedBy || undefined}
      data-field={name}
      tabIndex={-1}
    >
      <legend className="h5 mb-1">{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={Boolean(error)} error={error} always />
      <FieldArray name={name}>
        {({ push, remove }) => (
          <>
            {rows.map((_, index) => {
              const place = index + 1;
              const label = `${rowName} ${place}`;
              const lowered = label.toLowerCase();
              return (
                // Rows have no id of their own until saved; their place is who they are.
                <fieldset key={index} className="border rounded p-3 mt-2">
                  <legend className="fs-6 fw-semibold float-none w-auto mb-2">{label}</legend>
                  {renderRow(`${name}.${index}`, index, added.current === index)}
                  {index >= keep && (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={t`Remove ${lowered}`}
                      onClick={() => {
                        added.current = null;
                        remove(index);
                        addButton.current?.focus();
                      }}
                    >
                      {t`Remove`}
                    </button>
                  )}
                </fieldset>
              );
            })}
            {rows.length < max && (
              <button
                ref={addButton}
                type="button"
                className="btn btn-outline-primary btn-sm mt-2"
                onClick={() => {
                  added.current = rows.length;
                  push(blankRow);
                }}
              >
                {addLabel}
              </button>
            )}
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}
