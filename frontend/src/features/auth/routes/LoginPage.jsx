import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";

import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth, usePrepareSignIn } from "../../../lib/auth";
import { adminDestination, openAdminSession } from "../api/adminSession";
import { AuthCard } from "../components/AuthCard";
import { authErrorMessage } from "../components/authErrorMessage";
import { LoginForm } from "../components/LoginForm";
import { returnPath } from "../components/returnPath";

export const LOGGED_IN_MESSAGE = "You have logged in successfully.";
export const GOOGLE_SIGNED_IN_MESSAGE = "You are in your account now.";

export function LoginPage() {
  usePrepareSignIn();
  useTitle("Login");
  const { logIn, logInWithGoogle, notify } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [signingInWithGoogle, setSigningInWithGoogle] = useState(false);
  const from = location.state?.from;
  // Set when Django admin's login page sent an admin here to sign in with their Camp account.
  const adminNext = adminDestination(location.search);

  async function enter(message) {
    if (adminNext) {
      try {
        await openAdminSession(adminNext);
      } catch (failure) {
        setError(failure.message);
      }
      return;
    }
    notify(message);
    navigate(returnPath(from), { replace: true });
  }

  async function handleSubmit({ email, password }) {
    setError("");
    try {
      await logIn(email.trim(), password);
    } catch (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    await enter(LOGGED_IN_MESSAGE);
  }

  async function handleGoogle() {
    setError("");
    setSigningInWithGoogle(true);
    try {
      await logInWithGoogle();
    } catch (failure) {
      setError(authErrorMessage(failure));
      setSigningInWithGoogle(false);
      return;
    }
    await enter(GOOGLE_SIGNED_IN_MESSAGE);
  }

  return (
    <AuthCard
      title="Log In"
      notice={error ? "" : location.state?.message}
      error={error}
      footer={
        <>
          New to Camp?{" "}
          <Link to={paths.register} state={from ? { from } : undefined}>
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm onSubmit={handleSubmit} disabled={signingInWithGoogle} />
      <div className="d-flex align-items-center gap-2 my-3 text-body-secondary">
        <hr className="flex-grow-1" />
        or
        <hr className="flex-grow-1" />
      </div>
      <button
        type="button"
        className="btn btn-outline-secondary w-100"
        onClick={handleGoogle}
        disabled={signingInWithGoogle}
      >
        Continue with Google
      </button>
    </AuthCard>
  );
}
