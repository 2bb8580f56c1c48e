import { useRef, useState } from "react";

/*
 * The state of a small form without a form library, so that a page a visitor opens first (the
 * sign-in forms) does not download one. It behaves as the app's Formik forms do: every change
 * and every visit checks the whole form with `validate` (values in, { field: message } out), a
 * message shows once its field was visited, and a submit marks every field visited and calls
 * onSubmit(values, { setErrors }) only when nothing is wrong, isSubmitting meanwhile.
 */
export function useFormState({ initialValues, validate, onSubmit }) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState({});
  const [touched, setTouched] = useState({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Read by handlers that may run before the next render has the last change.
  const latest = useRef(values);

  function handleChange(event) {
    const { name, value } = event.target;
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    setErrors(validate(latest.current));
  }

  function handleBlur(event) {
    const { name } = event.target;
    setTouched((visited) => ({ ...visited, [name]: true }));
    setErrors(validate(latest.current));
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const submitted = latest.current;
    setTouched(Object.fromEntries(Object.keys(submitted).map((name) => [name, true])));
    const found = validate(submitted);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(submitted, { setErrors });
    } finally {
      setSubmitting(false);
    }
  }

  // What a field component takes: `field` for its input, `meta` for its message.
  function fieldProps(name) {
    return {
      field: { name, value: values[name], onChange: handleChange, onBlur: handleBlur },
      meta: { touched: Boolean(touched[name]), error: errors[name] },
    };
  }

  return { values, isSubmitting, handleSubmit, fieldProps };
}
