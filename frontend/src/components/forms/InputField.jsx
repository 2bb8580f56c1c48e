import { useRef } from "react";

import { LabelledField } from "./fieldMessages";

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
  const input = useRef(null);
  const Control = as;
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      {(tied, invalid) => (
        <Control
          {...tied}
          type={as === "input" ? type : undefined}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          {...field}
          ref={input}
          value={type === "number" ? typedNumber(input.current, field.value) : field.value}
          {...inputProps}
        />
      )}
    </LabelledField>
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
