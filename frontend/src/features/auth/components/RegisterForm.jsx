import { Form, Formik } from "formik";

import { FormField } from "../../../components/forms/FormField";

import { PasswordField } from "./PasswordField";
import { registrationSchema } from "./signInSchemas";

const initialValues = { name: "", photoURL: "", email: "", password: "", confirmPassword: "" };

// The confirmation is typed, not pasted, so a mistake in the password shows up as a mismatch.
function blockPaste(event) {
  event.preventDefault();
}

export function RegisterForm({ onSubmit }) {
  return (
    <Formik initialValues={initialValues} validationSchema={registrationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormField name="name" label="Name" autoComplete="name" hint="Optional." />
          <FormField
            name="photoURL"
            type="url"
            label="Photo URL"
            autoComplete="photo"
            placeholder="https://"
          />
          <FormField name="email" type="email" label="Email" autoComplete="email" />
          <PasswordField name="password" label="Password" autoComplete="new-password" />
          <PasswordField
            name="confirmPassword"
            label="Confirm password"
            autoComplete="new-password"
            onPaste={blockPaste}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? "Creating your account…" : "Register"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
