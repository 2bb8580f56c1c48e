import { Form, Formik } from "formik";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { BIO_MAX_LENGTH, profileSchema } from "./profileSchema";

function bioHint(length) {
  return t`Who you are and what you make, in a few lines; a blank line starts a new paragraph. ${length} of ${BIO_MAX_LENGTH} characters.`;
}

// The instructor's bio, as families read it on their page. onSubmit receives Formik's
// (values, helpers).
export function BioForm({ bio, onSubmit }) {
  return (
    <Formik initialValues={{ bio: bio ?? "" }} validationSchema={profileSchema} onSubmit={onSubmit}>
      {({ isSubmitting, status, values }) => (
        <Form noValidate>
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField
            name="bio"
            as="textarea"
            label={t`Bio`}
            rows={8}
            hint={bioHint(values.bio.length)}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Saving…` : t`Save`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
