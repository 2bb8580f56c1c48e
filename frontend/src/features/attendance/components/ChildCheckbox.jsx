import { useField } from "formik";
import { useId } from "react";

// A child of the roster, ticked in one of Today's forms: the form's participantIds holds the ids
// ticked. `children` is what the label shows of the child.
export function ChildCheckbox({ participantId, invalid, className = "", children }) {
  const value = String(participantId);
  const [field] = useField({ name: "participantIds", type: "checkbox", value });
  const id = useId();
  return (
    <div className={`form-check ${className}`.trim()}>
      <input
        {...field}
        id={id}
        type="checkbox"
        className={`form-check-input${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
      />
      <label htmlFor={id} className="form-check-label">
        {children}
      </label>
    </div>
  );
}
