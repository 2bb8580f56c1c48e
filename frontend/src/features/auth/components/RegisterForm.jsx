import { Form, Formik } from "formik";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";

import { PasswordField } from "./PasswordField";
import { registrationSchema } from "./signInSchemas";

// The same in every language: how a photo's address begins.
const URL_START = "https://";

const initialValues = { name: "", photoURL: "", email: "", password: "", confirmPassword: "" };

// The confirmation is typed, not pasted, so a mistake in the password shows up as a mismatch.
function blockPaste(event) {
  event.preventDefault();
}

export function RegisterForm({ onSubmit }) {
  return (
    <Formik initialValues={initialValues} validationSchema={registrationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormField name="name" label={t`Name`} autoComplete="name" hint={t`Optional.`} />
          <FormField
            name="photoURL"
            type="url"
            label={t`Photo URL`}
            autoComplete="photo"
            placeholder={URL_START}
          />
          <FormField name="email" type="email" label={t`Email`} autoComplete="email" />
          <PasswordField name="password" label={t`Password`} autoComplete="new-password" />
          <PasswordField
            name="confirmPassword"
            label={t`Confirm password`}
            autoComplete="new-password"
            onPaste={blockPaste}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? t`Creating your account…` : t`Register`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
