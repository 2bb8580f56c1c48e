import { Form, Formik } from "formik";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { paths } from "../../../config/paths";

import { PasswordField } from "./PasswordField";
import { loginSchema } from "./signInSchemas";

const initialValues = { email: "", password: "" };

export function LoginForm({ onSubmit, disabled = false }) {
  return (
    <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={onSubmit}>
      {({ values, isSubmitting }) => (
        <Form noValidate>
          <FormField name="email" type="email" label={t`Email`} autoComplete="email" />
          <PasswordField name="password" label={t`Password`} autoComplete="current-password" />
          <p className="text-end mt-n2 mb-3">
            {/* The address typed so far comes along, so it need not be typed twice. */}
            <Link to={paths.forgotPassword} state={{ email: values.email.trim() }}>
              {t`Forgot password?`}
            </Link>
          </p>
          <button
            type="submit"
            className="btn btn-primary w-100"
            disabled={disabled || isSubmitting}
          >
            {isSubmitting ? t`Logging in…` : t`Log In`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
