import { Form, Formik } from "formik";
import { useId, useMemo } from "react";
import { t } from "ttag";
import * as yup from "yup";

import { createFamily } from "../../../api/frontDesk";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { showRefusal } from "./refusal";

const PHONE_MAX_LENGTH = 40;

// Said when the form is drawn, in the language the page speaks.
function familySchema() {
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t`Enter the account holder's name.`),
    email: yup
      .string()
      .trim()
      .email(t`Enter an e-mail address like name@example.com.`)
      .required(t`Enter the family's e-mail address.`),
    phone: yup
      .string()
      .trim()
      .max(PHONE_MAX_LENGTH, t`A telephone number is at most ${PHONE_MAX_LENGTH} characters.`),
  });
}

function summaryLabels() {
  return { name: t`Name`, email: t`E-mail`, phone: t`Telephone` };
}

/*
 * A family new to the school: the account holder's name, e-mail and telephone. The server makes
 * the account and e-mails the family a link to set its password; a family already known is to be
 * found above instead (the server's 409 says so).
 */
export function NewFamilyForm({ onCreated }) {
  const id = useId();
  const schema = useMemo(familySchema, []);
  async function register(values, helpers) {
    helpers.setStatus(null);
    try {
      onCreated(await createFamily(values));
    } catch (error) {
      showRefusal(error, ["name", "email", "phone"], helpers);
    }
  }
  return (
    <section className="card mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4 card-title">
          {t`Register a new family`}
        </h2>
        <Formik
          initialValues={{ name: "", email: "", phone: "" }}
          validationSchema={schema}
          validateOnBlur={false}
          onSubmit={register}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-busy={isSubmitting}>
              <FormErrorSummary labels={summaryLabels()} />
              <FormField name="name" label={t`Account holder's name`} autoComplete="off" />
              <FormField name="email" type="email" label={t`E-mail`} autoComplete="off" />
              <FormField name="phone" type="tel" label={t`Telephone`} autoComplete="off" />
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {t`Register the family`}
              </button>
            </Form>
          )}
        </Formik>
      </div>
    </section>
  );
}
