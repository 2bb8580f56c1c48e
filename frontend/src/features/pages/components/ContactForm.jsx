import { Field, Form, Formik } from "formik";
import { t } from "ttag";

import { sendContactMessage } from "../../../api/contact";
import { FormField } from "../../../components/forms/FormField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { MESSAGE_MAX_LENGTH, contactSchema } from "./contactSchema";

export const CONTACT_FIELDS = ["name", "email", "message"];
export const TOO_MANY_MESSAGES = t`You have sent several messages in a short time. Please try again in an hour, or call us.`;

const initialValues = { name: "", email: "", message: "", website: "" };

/*
 * The Contact form. The server's field errors appear beside their fields, anything else above
 * the form. `onSent` receives the server's thanks once the message is on its way. A form opened
 * again by a press (Write another message) takes the focus, `focusFirstField`.
 */
export function ContactForm({ onSent, focusFirstField = false }) {
  async function submit(values, { setErrors, setStatus }) {
    setStatus(null);
    try {
      const answer = await sendContactMessage(values);
      onSent(answer?.message);
    } catch (error) {
      if (error?.status === 429) {
        setStatus(TOO_MANY_MESSAGES);
        return;
      }
      const { fields, formError } = serverErrors(error, CONTACT_FIELDS);
      setErrors(fields);
      setStatus(formError || null);
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={contactSchema} onSubmit={submit}>
      {({ isSubmitting, status, values }) => (
        <Form noValidate aria-label={t`Contact the school`}>
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField
            name="name"
            label={t`Your name`}
            autoComplete="name"
            autoFocus={focusFirstField}
          />
          <FormField name="email" label={t`Your e-mail`} type="email" autoComplete="email" />
          <FormField
            name="message"
            as="textarea"
            rows={6}
            label={t`Message`}
            hint={t`${values.message.length} of ${MESSAGE_MAX_LENGTH} characters.`}
          />
          {/* For robots only: people never see it, so they leave it empty. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="contact-website">{t`Leave this field empty`}</label>
            <Field
              id="contact-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Sending…` : t`Send message`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
