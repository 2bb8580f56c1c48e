import { InputField } from "../../../components/forms/InputField";
import { useFormState } from "../../../components/forms/useFormState";

import { PasswordField } from "./PasswordField";
import { validateRegistration } from "./signInRules";

const initialValues = { name: "", photoURL: "", email: "", password: "", confirmPassword: "" };

// The confirmation is typed, not pasted, so a mistake in the password shows up as a mismatch.
function blockPaste(event) {
  event.preventDefault();
}

export function RegisterForm({ onSubmit }) {
  const { isSubmitting, handleSubmit, fieldProps } = useFormState({
    initialValues,
    validate: validateRegistration,
    onSubmit,
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <InputField {...fieldProps("name")} label="Name" autoComplete="name" hint="Optional." />
      <InputField
        {...fieldProps("photoURL")}
        type="url"
        label="Photo URL"
        autoComplete="photo"
        placeholder="https://"
      />
      <InputField {...fieldProps("email")} type="email" label="Email" autoComplete="email" />
      <PasswordField {...fieldProps("password")} label="Password" autoComplete="new-password" />
      <PasswordField
        {...fieldProps("confirmPassword")}
        label="Confirm password"
        autoComplete="new-password"
        onPaste={blockPaste}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Register"}
      </button>
    </form>
  );
}
