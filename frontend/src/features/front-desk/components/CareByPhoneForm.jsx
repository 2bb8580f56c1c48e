import { Form, Formik } from "formik";
import { useId, useMemo } from "react";
import { t } from "ttag";

import { careRecordBody } from "../../../api/care";
import { takeCareByPhone } from "../../../api/frontDesk";
import { CareRecordFields, careFormValues } from "../../../components/care/CareRecordForm";
import { careRecordSchema } from "../../../components/care/careRecordSchema";
import { careWho } from "../../../components/care/careWho";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { CARE_FIELDS, DESK_CARE_START } from "./careByPhone";
import { showRefusal } from "./refusal";

/*
 * The care record of a child already on the family's account, read out on the telephone: saved
 * as taken by phone by the office, for the family to confirm. The child as the server answers
 * it afterwards goes to `onSaved`; `onCancel` closes the form unsaved.
 */
export function CareByPhoneForm({ child, onSaved, onCancel }) {
  const id = useId();
  const schema = useMemo(() => careRecordSchema({}), []);
  const name = child.firstName;
  async function save(values, helpers) {
    helpers.setStatus(null);
    try {
      onSaved(await takeCareByPhone(child.id, careRecordBody(values)));
    } catch (error) {
      showRefusal(error, CARE_FIELDS, helpers);
    }
  }
  return (
    <section className="border rounded p-3 my-2" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="h6">
        {t`${name}'s care record, taken by phone`}
      </h3>
      <Formik
        initialValues={careFormValues(DESK_CARE_START)}
        validationSchema={schema}
        validateOnBlur={false}
        onSubmit={save}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-busy={isSubmitting}>
            <FormErrorSummary />
            <CareRecordFields who={careWho(child)} headingLevel={4} />
            <div className="d-flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {t`Save ${name}'s care record`}
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
                {t`Cancel`}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
