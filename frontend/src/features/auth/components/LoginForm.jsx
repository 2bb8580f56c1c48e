import { Form, Formik } from "formik";
import { useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { paths } from "../../../config/paths";

import { PasswordField } from "./PasswordField";
import { forgotPasswordSchema, loginSchema } from "./signInSchemas";

const initialValues = { email: "", password: "" };

// A sign-in link needs the e-mail only: the password's rules are not checked for it.
async function sendLink(form, onSendLink) {
  try {
    await forgotPasswordSchema.validate({ email: form.values.email });
  } catch (invalid) {
    form.setFieldTouched("email", true, false);
    form.setFieldError("email", invalid.message);
    return;
  }
  await onSendLink(form.values.email.trim());
}

export function LoginForm({ onSubmit, onSendLink, disabled = false }) {
  const [sending, setSending] = useState(false);
  return (
    <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={onSubmit}>
      {(form) => (
        <Form noValidate>
          <FormField name="email" type="email" label={t`Email`} autoComplete="email" />
          <PasswordField name="password" label={t`Password`} autoComplete="current-password" />
          <p className="text-end mt-n2 mb-3">
            {/* The address typed so far comes along, so it need not be typed twice. */}
            <Link to={paths.forgotPassword} state={{ email: form.values.email.trim() }}>
              {t`Forgot password?`}
            </Link>
          </p>
          <button
            type="submit"
            className="btn btn-primary w-100"
            disabled={disabled || form.isSubmitting}
          >
            {form.isSubmitting ? t`Logging in…` : t`Log In`}
          </button>
          {onSendLink && (
            <button
              type="button"
              className="btn btn-link w-100 mt-2"
              disabled={disabled || sending || form.isSubmitting}
              onClick={async () => {
                setSending(true);
                await sendLink(form, onSendLink).finally(() => setSending(false));
              }}
            >
              {sending ? t`Sending…` : t`Email me a sign-in link`}
            </button>
          )}
        </Form>
      )}
    </Formik>
  );
}
