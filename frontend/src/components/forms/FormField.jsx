import { useField } from "formik";

import { InputField } from "./InputField";

// The labelled input of a Formik form: its value, handlers and message come from the form.
export function FormField({ name, ...props }) {
  const [field, meta] = useField(name);
  return <InputField field={field} meta={meta} {...props} />;
}
