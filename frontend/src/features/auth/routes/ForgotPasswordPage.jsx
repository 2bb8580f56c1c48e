import { Form, Formik } from "formik";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { jt, t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { usePrepareSignIn } from "../../../lib/auth";
import { sendPasswordReset } from "../../../lib/auth/firebaseAccount";
import { AuthCard } from "../components/AuthCard";
import { authErrorMessage } from "../components/authErrorMessage";
import { forgotPasswordSchema } from "../components/signInSchemas";

// The same words whether or not the address has an account: the page tells nobody who has one.
export function resetSentMessage(email) {
  return t`If ${email} has an account at Camp, we have sent it an e-mail with a link to choose a new password. The link works once and expires; check your spam folder if it does not arrive in a few minutes.`;
}

const backToLogin = (
  <Link key="login" to={paths.login}>
    {t`Back to log in`}
  </Link>
);

export function ForgotPasswordPage() {
  // Firebase sends the e-mail: its chunk starts loading while the address is typed.
  usePrepareSignIn();
  useTitle(t`Forgot password`);
  const location = useLocation();
  const [sentTo, setSentTo] = useState("");
  const [error, setError] = useState("");
  const answer = useRef(null);

  // After a submit, what happened is read first: focus moves to the message.
  useEffect(() => {
    if (sentTo || error) answer.current?.focus();
  }, [sentTo, error]);

  async function handleSubmit({ email }) {
    setError("");
    const address = email.trim();
    try {
      await sendPasswordReset(address);
    } catch (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    setSentTo(address);
  }

  return (
    <AuthCard title={t`Forgot password`} footer={<>{jt`Remembered it? ${backToLogin}`}</>}>
      {sentTo ? (
        <div ref={answer} tabIndex={-1} className="alert alert-success mb-0" role="status">
          {resetSentMessage(sentTo)}
        </div>
      ) : (
        <>
          {error && (
            <div ref={answer} tabIndex={-1} className="alert alert-danger" role="alert">
              {error}
            </div>
          )}
          <p className="text-body-secondary">
            {t`Give the e-mail address you log in with, and we will send you a link to choose a new password.`}
          </p>
          <ForgotPasswordForm initialEmail={location.state?.email ?? ""} onSubmit={handleSubmit} />
        </>
      )}
    </AuthCard>
  );
}

function ForgotPasswordForm({ initialEmail, onSubmit }) {
  return (
    <Formik
      initialValues={{ email: initialEmail }}
      validationSchema={forgotPasswordSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormField name="email" type="email" label={t`Email`} autoComplete="email" />
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? t`Sending…` : t`Send reset link`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
