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
  const Control = as;
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      {(tied, invalid) => (
        <Control
          {...tied}
          type={as === "input" ? type : undefined}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          {...field}
          {...inputProps}
        />
      )}
    </LabelledField>
  );
}
