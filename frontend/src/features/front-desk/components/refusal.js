import { serverErrors } from "../../../components/forms/serverErrors";

/*
 * A refused request shown on its Formik form: the server's message beside each field the form
 * has (`fields`), and the rest as the form's one sentence in its summary.
 */
export function showRefusal(error, fields, { setErrors, setStatus }) {
  const { fields: errors, formError } = serverErrors(error, fields);
  setErrors(errors);
  setStatus(formError || null);
}
