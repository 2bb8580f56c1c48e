import { t } from "ttag";

import { ApiError } from "../../lib/api";

/*
 * Splits a failed request into messages for a form: the server's field errors for the fields the
 * form has (first message of each, ready for Formik's setErrors), and one sentence for the rest.
 */
export function serverErrors(error, fieldNames) {
  const fields = {};
  const others = [];
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const list = [].concat(messages);
    if (fieldNames.includes(name)) fields[name] = list[0];
    else others.push(...list);
  }
  let formError = others.join(" ");
  if (!formError && Object.keys(fields).length === 0) {
    formError = error?.message || t`Something went wrong. Please try again.`;
  }
  return { fields, formError };
}
