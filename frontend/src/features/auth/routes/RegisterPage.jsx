import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { jt, t } from "ttag";

import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { ApiError } from "../../../lib/api";
import { useAuth, usePrepareSignIn } from "../../../lib/auth";
import { AuthCard } from "../components/AuthCard";
import { authErrorMessage } from "../components/authErrorMessage";
import { RegisterForm } from "../components/RegisterForm";

export const REGISTERED_MESSAGE = t`Your account is ready. Please log in.`;

// The server names the profile fields its own way.
const FORM_FIELD_OF = { name: "name", photo: "photoURL", email: "email" };

function formErrorsFrom(failure) {
  if (!(failure instanceof ApiError)) return {};
  const errors = {};
  for (const [field, fieldMessages] of Object.entries(failure.fieldErrors)) {
    const formField = FORM_FIELD_OF[field];
    if (formField) errors[formField] = [].concat(fieldMessages).join(" ");
  }
  return errors;
}

export function RegisterPage() {
  usePrepareSignIn();
  useTitle(t`Register`);
  const { register } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const from = location.state?.from;
  const logIn = (
    <Link key="login" to={paths.login} state={from ? { from } : undefined}>
      {t`Log in`}
    </Link>
  );

  async function handleSubmit({ name, photoURL, email, password }, { setErrors }) {
    setError("");
    try {
      await register({
        name: name.trim(),
        photoURL: photoURL.trim(),
        email: email.trim(),
        password,
      });
    } catch (failure) {
      setErrors(formErrorsFrom(failure));
      setError(authErrorMessage(failure));
      return;
    }
    navigate(paths.login, { state: { message: REGISTERED_MESSAGE, from } });
  }

  return (
    <AuthCard
      title={t`Register`}
      error={error}
      footer={<>{jt`Already have an account? ${logIn}`}</>}
    >
      <RegisterForm onSubmit={handleSubmit} />
    </AuthCard>
  );
}
