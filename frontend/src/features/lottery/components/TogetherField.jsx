import { useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

/*
 * The children to be placed together or not at all: one group, of those ticked (two or more).
 * `people` are {id, name}, in the form's order.
 */
export function TogetherField({ people }) {
  const { values, errors, submitCount, setFieldValue } = useFormikContext();
  const fieldId = useId();
  const error = submitCount > 0 && typeof errors.together === "string" ? errors.together : "";
  const ticked = new Set(values.together);

  function toggle(id) {
    const next = ticked.has(id)
      ? values.together.filter((chosen) => chosen !== id)
      : [...values.together, id];
    // In the family's order, as the children are listed.
    const order = people.map((person) => person.id);
    setFieldValue(
      "together",
      next.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  }

  return (
    <fieldset
      className="mb-4"
      aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ""}`}
    >
      <legend className="h5">{t`Place together`}</legend>
      <p id={`${fieldId}-hint`} className="form-text mt-0">
        {t`Tick two or more to have them placed together or not at all: the draw gives each of them their wish of the same rank (their first, else their second, and so on), or nothing to any of them.`}
      </p>
      {people.map((person, index) => (
        <div className="form-check" key={person.id}>
          <input
            id={`${fieldId}-${person.id}`}
            type="checkbox"
            className={`form-check-input${error ? " is-invalid" : ""}`}
            // The error summary's link brings the focus to the first.
            data-field={index === 0 ? "together" : undefined}
            checked={ticked.has(person.id)}
            onChange={() => toggle(person.id)}
          />
          <label htmlFor={`${fieldId}-${person.id}`} className="form-check-label">
            {person.name}
          </label>
        </div>
      ))}
      {error && (
        <div id={`${fieldId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
