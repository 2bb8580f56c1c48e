import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { jt, msgid, ngettext, t } from "ttag";

import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { EMAIL_NOT_VERIFIED, SESSION_ENDED, useAuth, usePrepareSignIn } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { adminDestination, openAdminSession } from "../api/adminSession";
import { sendSignInLink } from "../api/signInLink";
import { AuthCard } from "../components/AuthCard";
import { authErrorMessage } from "../components/authErrorMessage";
import { LoginForm } from "../components/LoginForm";
import { returnPath } from "../../../lib/returnPath";

import { LOGGED_IN_MESSAGE, SignInLinkPage } from "./SignInLinkPage";

export { LOGGED_IN_MESSAGE };
export const GOOGLE_SIGNED_IN_MESSAGE = t`You are in your account now.`;
export const VERIFICATION_SENT_MESSAGE = t`We sent you a verification e-mail. Follow its link, then log in again.`;

// Where the link went, in the same words whether or not the address has an account.
export function linkSentMessage({ email, minutes }) {
  return ngettext(
    msgid`If ${email} has an account at Camp, we have sent it a sign-in link. It works once, within ${minutes} minute, on any device.`,
    `If ${email} has an account at Camp, we have sent it a sign-in link. It works once, within ${minutes} minutes, on any device.`,
    minutes,
  );
}

// An e-mailed sign-in link opens this page with its ticket: the page completes that sign-in.
export function LoginPage() {
  const ticket = new URLSearchParams(useLocation().search).get("ticket");
  return ticket === null ? <PasswordLogIn /> : <SignInLinkPage ticket={ticket} />;
}

function PasswordLogIn() {
  usePrepareSignIn();
  useTitle(t`Login`);
  const { logIn, logInWithGoogle, sendVerificationEmail } = useAuth();
  const notify = useNotify();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [signingInWithGoogle, setSigningInWithGoogle] = useState(false);
  // Set when the server asked for a verified e-mail before letting this account in.
  const [mayVerify, setMayVerify] = useState(false);
  const [sentNotice, setSentNotice] = useState("");
  const from = location.state?.from;
  const createAccount = (
    <Link key="register" to={paths.register} state={from ? { from } : undefined}>
      {t`Create an account`}
    </Link>
  );
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

  function refused(failure) {
    setError(authErrorMessage(failure));
    setMayVerify(failure?.body?.code === EMAIL_NOT_VERIFIED);
  }

  async function handleSubmit({ email, password }) {
    setError("");
    setSentNotice("");
    try {
      await logIn(email.trim(), password);
    } catch (failure) {
      refused(failure);
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
      refused(failure);
      setSigningInWithGoogle(false);
      return;
    }
    await enter(GOOGLE_SIGNED_IN_MESSAGE);
  }

  async function handleSendLink(email) {
    setError("");
    setSentNotice("");
    try {
      setSentNotice(linkSentMessage(await sendSignInLink(email)));
    } catch (failure) {
      setError(authErrorMessage(failure));
    }
  }

  async function handleSendVerification() {
    try {
      await sendVerificationEmail();
    } catch (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    setMayVerify(false);
    setError("");
    setSentNotice(VERIFICATION_SENT_MESSAGE);
  }

  return (
    <AuthCard
      title={t`Log In`}
      notice={error ? "" : sentNotice || location.state?.message}
      noticeTone={!sentNotice && location.state?.message === SESSION_ENDED ? "info" : "success"}
      error={error}
      footer={<>{jt`New to Camp? ${createAccount}`}</>}
    >
      {mayVerify && (
        <button
          type="button"
          className="btn btn-outline-primary w-100 mb-3"
          onClick={handleSendVerification}
        >
          {t`Send verification e-mail`}
        </button>
      )}
      <LoginForm
        onSubmit={handleSubmit}
        onSendLink={handleSendLink}
        disabled={signingInWithGoogle}
      />
      <div className="d-flex align-items-center gap-2 my-3 text-body-secondary">
        <hr className="flex-grow-1" />
        {t`or`}
        <hr className="flex-grow-1" />
      </div>
      <button
        type="button"
        className="btn btn-outline-secondary w-100"
        onClick={handleGoogle}
        disabled={signingInWithGoogle}
      >
        {t`Continue with Google`}
      </button>
    </AuthCard>
  );
}
