import { Form, Formik } from "formik";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth, usePrepareSignIn } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { returnPath } from "../../../lib/returnPath";
import { forgetLinkEmail, rememberedLinkEmail, signInWithTicket } from "../api/signInLink";
import { AuthCard } from "../components/AuthCard";
import { authErrorMessage } from "../components/authErrorMessage";
import { forgotPasswordSchema } from "../components/signInSchemas";

export const LOGGED_IN_MESSAGE = t`You have logged in successfully.`;

export const NO_TICKET = t`This sign-in link is incomplete. Ask for a new one on the log in page.`;

/*
 * Where an e-mailed sign-in link opens (the log in page, given the link's ticket). In the browser that asked for it the address is known
 * and the sign-in goes ahead at once; elsewhere the person types the address the link went to.
 */
export function SignInLinkPage({ ticket }) {
  usePrepareSignIn();
  useTitle(t`Sign in with a link`);
  const { logInWith } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [remembered] = useState(rememberedLinkEmail);
  const [error, setError] = useState(ticket ? "" : NO_TICKET);
  const [asking, setAsking] = useState(!remembered);
  const started = useRef(false);

  async function complete(email, form) {
    setError("");
    try {
      await logInWith(() => signInWithTicket(email.trim(), ticket));
    } catch (failure) {
      setError(authErrorMessage(failure));
      // Another address than the link's: the link is not spent, and the right one may follow.
      if (failure?.fieldErrors?.email) {
        setAsking(true);
        form?.setFieldError("email", failure.fieldErrors.email[0]);
      }
      return;
    }
    forgetLinkEmail();
    notify(LOGGED_IN_MESSAGE);
    navigate(returnPath(null), { replace: true });
  }

  useEffect(() => {
    // Once only: React runs effects twice in development.
    if (started.current || !remembered || !ticket) return;
    started.current = true;
    complete(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is opened once
  }, []);

  return (
    <AuthCard
      title={t`Sign in with a link`}
      error={error}
      footer={<Link to={paths.login}>{t`Back to log in`}</Link>}
    >
      {ticket && asking ? (
        <Formik
          initialValues={{ email: remembered }}
          validationSchema={forgotPasswordSchema}
          onSubmit={({ email }, form) => complete(email, form)}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <p className="text-body-secondary">
                {t`Give the e-mail address the sign-in link was sent to.`}
              </p>
              <FormField name="email" type="email" label={t`Email`} autoComplete="email" />
              <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
                {isSubmitting ? t`Signing in…` : t`Sign in`}
              </button>
            </Form>
          )}
        </Formik>
      ) : (
        <p className="mb-0" role="status">
          {error ? t`Ask for a new sign-in link on the log in page.` : t`Signing you in…`}
        </p>
      )}
    </AuthCard>
  );
}
