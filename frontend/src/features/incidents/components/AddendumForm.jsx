import { Form, Formik } from "formik";
import { t } from "ttag";

import { useAddIncidentAddendum } from "../../../api/health";
import { CheckboxField } from "../../../components/forms/CheckboxField";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { INCIDENT_LABELS, addendumSchema } from "./incidentSchema";

/*
 * Something learned after the report was written, added to it (open or closed: a closed report
 * is never changed, it is added to). One not marked internal is e-mailed to the families.
 */
export function AddendumForm({ incidentId, onAdded }) {
  const add = useAddIncidentAddendum();

  async function submit(values, helpers) {
    helpers.setStatus(null);
    try {
      await add(incidentId, { text: values.text.trim(), internal: values.internal });
      helpers.resetForm();
      onAdded(values.internal);
    } catch (failure) {
      const { fields, formError } = serverErrors(failure, ["text", "internal"]);
      helpers.setErrors(fields);
      helpers.setStatus(formError || null);
    }
  }

  return (
    <Formik
      initialValues={{ text: "", internal: false }}
      validationSchema={addendumSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t`Add to the report`}>
          <FormErrorSummary labels={{ ...INCIDENT_LABELS, internal: t`Internal` }} />
          <FormField name="text" as="textarea" rows={3} label={INCIDENT_LABELS.text} />
          <CheckboxField
            name="internal"
            label={t`Internal`}
            hint={t`Kept from the family. Anything not internal is e-mailed to the families at once.`}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Adding…` : t`Add`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
