import { Link } from "react-router-dom";

import { InputField } from "../../../components/forms/InputField";
import { useFormState } from "../../../components/forms/useFormState";
import { paths } from "../../../config/paths";

import { PasswordField } from "./PasswordField";
import { validateLogin } from "./signInRules";

const initialValues = { email: "", password: "" };

export function LoginForm({ onSubmit, disabled = false }) {
  const { values, isSubmitting, handleSubmit, fieldProps } = useFormState({
    initialValues,
    validate: validateLogin,
    onSubmit,
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <InputField {...fieldProps("email")} type="email" label="Email" autoComplete="email" />
      <PasswordField {...fieldProps("password")} label="Password" autoComplete="current-password" />
      <p className="text-end mt-n2 mb-3">
        {/* The address typed so far comes along, so it need not be typed twice. */}
        <Link to={paths.forgotPassword} state={{ email: values.email.trim() }}>
          Forgot password?
        </Link>
      </p>
      <button type="submit" className="btn btn-primary w-100" disabled={disabled || isSubmitting}>
        {isSubmitting ? "Logging in…" : "Log In"}
      </button>
    </form>
  );
}
