import { Form, Formik } from "formik";
import { useState } from "react";
import { msgid, ngettext, t } from "ttag";

import { useSendClassMessage } from "../../../api/classMessages";
import { CheckboxField } from "../../../components/forms/CheckboxField";
import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { audienceOptions, BODY_MAX_LENGTH, classMessageSchema } from "./classMessageSchema";

export const MESSAGE_FIELDS = ["subject", "body", "audience", "announcement"];

export const ANNOUNCEMENT_HINT = t`Families who turned announcements off won't get it; anything else is about their enrolment and always goes.`;

const initialValues = { subject: "", body: "", audience: "enrolled", announcement: false };

export function sentToWords(recipients) {
  if (recipients === 0) {
    return t`Kept on the class's page, but e-mailed to no family: every family it was for has turned announcements off.`;
  }
  return ngettext(
    msgid`Sent to ${recipients} family.`,
    `Sent to ${recipients} families.`,
    recipients,
  );
}

function lengthHint(length) {
  return t`${length} of ${BODY_MAX_LENGTH} characters.`;
}

/*
 * A message to the class's families: its subject and text, whom it goes to, and whether it is an
 * announcement. The server's field errors appear beside their fields; any other refusal (nobody
 * in the audience, the day's limit reached) just above Send, and how many families it went to
 * below it. A sent form starts empty again.
 */
export function ClassMessageForm({ classId }) {
  const send = useSendClassMessage(classId);
  const [sentTo, setSentTo] = useState(null);

  async function submit(values, { setErrors, setStatus, resetForm }) {
    setStatus(null);
    setSentTo(null);
    try {
      const { recipients } = await send(values);
      resetForm();
      setSentTo(recipients);
    } catch (error) {
      const { fields, formError } = serverErrors(error, MESSAGE_FIELDS);
      setErrors(fields);
      setStatus(formError || null);
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={classMessageSchema} onSubmit={submit}>
      {({ isSubmitting, status, values }) => (
        <Form noValidate aria-label={t`Message families`}>
          <FormField name="subject" label={t`Subject`} autoComplete="off" />
          <FormField
            name="body"
            as="textarea"
            rows={8}
            label={t`Message`}
            hint={lengthHint(values.body.length)}
          />
          <RadioGroupField name="audience" legend={t`Send to`} options={audienceOptions()} />
          <CheckboxField name="announcement" label={t`Announcement`} hint={ANNOUNCEMENT_HINT} />
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Sending…` : t`Send`}
          </button>
          <div role="status" className="mt-3">
            {sentTo !== null && <p className="alert alert-success mb-0">{sentToWords(sentTo)}</p>}
          </div>
        </Form>
      )}
    </Formik>
  );
}
