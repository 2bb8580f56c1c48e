import { useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { PeopleChecks, sentError } from "./PeopleChecks";

/*
 * The children to be placed together or not at all: one group, of those ticked (two or more).
 * `people` are {id, name}, in the form's order.
 */
export function TogetherField({ people }) {
  const formik = useFormikContext();
  const fieldId = useId();
  const error = sentError(formik, "together");

  return (
    <fieldset
      className="mb-4"
      aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ""}`}
    >
      <legend className="h5">{t`Place together`}</legend>
      <p id={`${fieldId}-hint`} className="form-text mt-0">
        {t`Tick two or more to have them placed together or not at all: the draw gives each of them their wish of the same rank (their first, else their second, and so on), or nothing to any of them.`}
      </p>
      <PeopleChecks people={people} name="together" fieldId={fieldId} error={error} />
    </fieldset>
  );
}
