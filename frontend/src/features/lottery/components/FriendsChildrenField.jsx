import { useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { PeopleChecks, sentError } from "./PeopleChecks";

/*
 * Which of our children with wishes are placed with the friends' (`childIds`, one or more): a
 * checkbox each, `people` as {id, name} in the family's order. Its message shows under the
 * group once the form has been sent, the browser's or the server's.
 */
export function FriendsChildrenField({ people }) {
  const formik = useFormikContext();
  const fieldId = useId();
  const error = sentError(formik, "childIds");

  return (
    <fieldset className="mb-3" aria-describedby={error ? `${fieldId}-error` : undefined}>
      <legend className="form-label fs-6">{t`Your children to place with theirs`}</legend>
      <PeopleChecks people={people} name="childIds" fieldId={fieldId} error={error} />
    </fieldset>
  );
}
