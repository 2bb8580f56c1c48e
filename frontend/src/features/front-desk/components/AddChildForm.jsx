import { Form, Formik, useFormikContext } from "formik";
import { useId, useMemo } from "react";
import { t } from "ttag";
import * as yup from "yup";

import { careRecordBody } from "../../../api/care";
import { addChild } from "../../../api/frontDesk";
import { CareRecordFields, careFormValues } from "../../../components/care/CareRecordForm";
import { careRecordSchema } from "../../../components/care/careRecordSchema";
import { careWho } from "../../../components/care/careWho";
import { CheckboxField } from "../../../components/forms/CheckboxField";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { CARE_FIELDS, DESK_CARE_START } from "./careByPhone";
import { showRefusal } from "./refusal";

const CHILD_FIELDS = ["firstName", "lastName", "dateOfBirth"];

// Said when the form is drawn, in the language the page speaks.
function childSchema() {
  return yup.object({
    firstName: yup
      .string()
      .trim()
      .required(t`Enter the child's first name.`),
    lastName: yup
      .string()
      .trim()
      .required(t`Enter the child's last name.`),
    dateOfBirth: yup.string().required(t`Enter the child's date of birth.`),
  });
}

const BLANK_CARE = careFormValues(DESK_CARE_START);

function CareByPhone() {
  const { values } = useFormikContext();
  if (!values.takeCare) return null;
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1">
        {t`Care record, taken by phone`}
      </legend>
      <p className="small text-body-secondary">
        {t`The family is asked to look it over and confirm it when they first sign in.`}
      </p>
      <CareRecordFields who={careWho(values)} headingLevel={4} />
    </fieldset>
  );
}

/*
 * A child of the family, and (ticked) their care record as the family reads it out on the
 * telephone: saved as taken by phone by the office, for the family to confirm.
 */
export function AddChildForm({ family, onAdded }) {
  const id = useId();
  const schema = useMemo(() => {
    const child = childSchema();
    return yup.lazy((values) => (values.takeCare ? child.concat(careRecordSchema({})) : child));
  }, []);
  async function add(values, helpers) {
    helpers.setStatus(null);
    const child = Object.fromEntries(CHILD_FIELDS.map((name) => [name, values[name].trim()]));
    try {
      const added = await addChild(
        family.id,
        child,
        values.takeCare ? careRecordBody(values) : null,
      );
      helpers.resetForm();
      onAdded(added);
    } catch (error) {
      showRefusal(error, [...CHILD_FIELDS, ...CARE_FIELDS], helpers);
    }
  }
  return (
    <section className="card mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h3 id={`${id}-heading`} className="h5 card-title">
          {t`Add a child`}
        </h3>
        <Formik
          initialValues={{
            firstName: "",
            lastName: "",
            dateOfBirth: "",
            takeCare: true,
            ...BLANK_CARE,
          }}
          validationSchema={schema}
          validateOnBlur={false}
          onSubmit={add}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-busy={isSubmitting}>
              <FormErrorSummary />
              <div className="row g-2">
                <div className="col-md-4">
                  <FormField name="firstName" label={t`First name`} autoComplete="off" />
                </div>
                <div className="col-md-4">
                  <FormField name="lastName" label={t`Last name`} autoComplete="off" />
                </div>
                <div className="col-md-4">
                  <FormField name="dateOfBirth" type="date" label={t`Date of birth`} />
                </div>
              </div>
              <CheckboxField name="takeCare" label={t`Take the care record by phone now`} />
              <CareByPhone />
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {t`Add the child`}
              </button>
            </Form>
          )}
        </Formik>
      </div>
    </section>
  );
}
