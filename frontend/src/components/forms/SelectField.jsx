import { useField } from "formik";

import { LabelledField } from "./fieldMessages";

/*
 * A labelled Formik select. `options` are {value, label}; `emptyLabel` names the first, empty
 * choice (the field left unset).
 */
export function SelectField({ name, label, options, emptyLabel, hint, ...selectProps }) {
  const [field, meta] = useField(name);
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      {(tied, invalid) => (
        <select
          {...tied}
          className={`form-select${invalid ? " is-invalid" : ""}`}
          {...field}
          {...selectProps}
        >
          <option value="">{emptyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
