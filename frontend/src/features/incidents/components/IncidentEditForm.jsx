import { Form, Formik } from "formik";
import { t } from "ttag";

import { useUpdateIncident } from "../../../api/health";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { SelectField } from "../../../components/forms/SelectField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { BODY_AREAS, INCIDENT_KINDS } from "../../../components/health/incidentWords";
import {
  INCIDENT_EDIT_FIELDS,
  INCIDENT_LABELS,
  editBodyOf,
  editValuesOf,
  incidentEditSchema,
} from "./incidentSchema";

/*
 * An admin's correction of an open report: every field but when it happened and who was in it.
 * The server refuses a report closed meanwhile (409); its sentence is shown at the top.
 */
export function IncidentEditForm({ incident, onSaved, onCancel }) {
  const update = useUpdateIncident();

  const initialValues = editValuesOf(incident);

  async function submit(values, helpers) {
    helpers.setStatus(null);
    const changes = editBodyOf(values, initialValues);
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    try {
      await update(incident.id, changes);
      onSaved();
    } catch (failure) {
      const { fields, formError } = serverErrors(failure, INCIDENT_EDIT_FIELDS);
      helpers.setErrors(fields);
      helpers.setStatus(formError || null);
    }
  }

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={incidentEditSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label={t`Edit the report`}>
          <FormErrorSummary labels={INCIDENT_LABELS} />
          <div className="row">
            <div className="col-sm-6">
              <SelectField
                name="kind"
                label={INCIDENT_LABELS.kind}
                options={INCIDENT_KINDS}
                emptyLabel={t`Choose…`}
                autoFocus
              />
            </div>
            {values.kind === "injury" && (
              <div className="col-sm-6">
                <SelectField
                  name="bodyArea"
                  label={INCIDENT_LABELS.bodyArea}
                  options={BODY_AREAS}
                  emptyLabel={t`Choose…`}
                />
              </div>
            )}
          </div>
          <FormField
            name="location"
            label={INCIDENT_LABELS.location}
            hint={t`Left empty, it happened in the class's room.`}
          />
          <FormField
            name="description"
            as="textarea"
            rows={4}
            label={INCIDENT_LABELS.description}
          />
          <FormField name="firstAid" as="textarea" rows={2} label={INCIDENT_LABELS.firstAid} />
          <div className="row">
            <div className="col-sm-6">
              <FormField name="told" label={INCIDENT_LABELS.told} />
            </div>
            <div className="col-sm-6">
              <FormField
                name="parentToldAt"
                type="datetime-local"
                label={INCIDENT_LABELS.parentToldAt}
              />
            </div>
          </div>
          <FormField name="followUp" as="textarea" rows={2} label={INCIDENT_LABELS.followUp} />
          <FormField
            name="internalNotes"
            as="textarea"
            rows={2}
            label={INCIDENT_LABELS.internalNotes}
            hint={t`Never shown to the family, nor e-mailed.`}
          />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? t`Saving…` : t`Save the report`}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={isSubmitting}
              onClick={onCancel}
            >
              {t`Cancel`}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
