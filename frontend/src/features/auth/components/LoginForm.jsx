import { Form, Formik } from "formik";

import { loginSchema } from "./loginSchema";
import { PasswordField } from "./PasswordField";
import { FormField } from "../../../components/forms/FormField";

const initialValues = { email: "", password: "" };

export function LoginForm({ onSubmit, disabled = false }) {
  return (
    <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormField name="email" type="email" label="Email" autoComplete="email" />
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <button
            type="submit"
            className="btn btn-primary w-100"
            disabled={disabled || isSubmitting}
          >
            {isSubmitting ? "Logging in…" : "Log In"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
