import { useFormikContext } from "formik";

// The message of the form's field `name` once the form has been sent, else "".
export function sentError({ errors, submitCount }, name) {
  return submitCount > 0 && typeof errors[name] === "string" ? errors[name] : "";
}

/*
 * A checkbox for each person (`people` as {id, name}, in the family's order), ticking their
 * ids into the form's field `name`, kept in that order; the field's `error` under them.
 */
export function PeopleChecks({ people, name, fieldId, error }) {
  const { values, setFieldValue } = useFormikContext();
  const ticked = new Set(values[name]);

  function toggle(id) {
    const next = ticked.has(id)
      ? values[name].filter((chosen) => chosen !== id)
      : [...values[name], id];
    const order = people.map((person) => person.id);
    setFieldValue(
      name,
      next.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  }

  return (
    <>
      {people.map((person, index) => (
        <div className="form-check" key={person.id}>
          <input
            id={`${fieldId}-${person.id}`}
            type="checkbox"
            className={`form-check-input${error ? " is-invalid" : ""}`}
            // The error summary's link brings the focus to the first.
            data-field={index === 0 ? name : undefined}
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
    </>
  );
}
