import { useRef } from "react";

import { FieldError, FieldHint, useFieldMessages } from "./fieldMessages";

/*
 * A labelled input (or textarea, with as="textarea") whose message shows once the field has been
 * visited or the form submitted, tied to the input by aria-describedby. It knows no form library:
 * `field` is the input's name, value and handlers, `meta` its error and whether it was visited.
 */
export function InputField({
  field,
  meta,
  label,
  type = "text",
  as = "input",
  hint,
  ...inputProps
}) {
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const input = useRef(null);
  const Control = as;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <Control
        id={id}
        type={as === "input" ? type : undefined}
        className={`form-control${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...field}
        ref={input}
        value={type === "number" ? typedNumber(input.current, field.value) : field.value}
        {...inputProps}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}

/*
 * A number field shows what was typed while it means the form's value: "45.0" is 45, and writing
 * 45 back mid-typing would turn the next "5" into 455. React's inputs leave such a value alone;
 * Preact's write it back unless it is the very string in the box.
 */
function typedNumber(element, value) {
  const typed = element?.value;
  return typeof value === "number" && typed && Number(typed) === value ? typed : value;
}
