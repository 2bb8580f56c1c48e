import { useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

/*
 * Which of our children with wishes are placed with the friends' (`childIds`, one or more): a
 * checkbox each, `people` as {id, name} in the family's order. Its message shows under the
 * group once the form has been sent, the browser's or the server's.
 */
export function FriendsChildrenField({ people }) {
  const { values, errors, submitCount, setFieldValue } = useFormikContext();
  const fieldId = useId();
  const error = submitCount > 0 && typeof errors.childIds === "string" ? errors.childIds : "";
  const ticked = new Set(values.childIds);

  function toggle(id) {
    const next = ticked.has(id)
      ? values.childIds.filter((chosen) => chosen !== id)
      : [...values.childIds, id];
    const order = people.map((person) => person.id);
    setFieldValue(
      "childIds",
      next.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  }

  return (
    <fieldset className="mb-3" aria-describedby={error ? `${fieldId}-error` : undefined}>
      <legend className="form-label fs-6">{t`Your children to place with theirs`}</legend>
      {people.map((person, index) => (
        <div className="form-check" key={person.id}>
          <input
            id={`${fieldId}-${person.id}`}
            type="checkbox"
            className={`form-check-input${error ? " is-invalid" : ""}`}
            // The error summary's link brings the focus to the first.
            data-field={index === 0 ? "childIds" : undefined}
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
