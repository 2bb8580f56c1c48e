import { Form, Formik, useField, useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { ChildCheckbox } from "./ChildCheckbox";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { SelectField } from "../../../components/forms/SelectField";
import { FieldError, useFieldMessages } from "../../../components/forms/fieldMessages";
import { Dialog } from "../../../components/ui/Dialog";
import { BODY_AREAS, INCIDENT_KINDS } from "../../../components/health/incidentWords";
import { BodyDiagram } from "./BodyDiagram";
import { incidentSchema } from "./incidentSchema";
import { dayStartOf, inputValueOf, momentOf } from "./whenFields";

// The report's fields in the error summary's words, in the page's language.
function labelsOf() {
  return {
    participantIds: t`Children`,
    at: t`When`,
    kind: t`Kind of incident`,
    bodyArea: t`Body area`,
    location: t`Where`,
    description: t`What happened`,
    firstAid: t`First aid given`,
    told: t`Who was told`,
    parentToldAt: t`When a parent was told`,
    followUp: t`Follow-up`,
    internalNotes: t`Internal notes`,
  };
}

// A new report: it happened just now; a report the server refused: as it was written.
function initialValuesOf(draft) {
  if (!draft) {
    return {
      participantIds: [],
      at: inputValueOf(new Date()),
      kind: "",
      bodyArea: "",
      location: "",
      description: "",
      firstAid: "",
      told: "",
      parentToldAt: "",
      followUp: "",
      internalNotes: "",
    };
  }
  return {
    participantIds: draft.participantIds.map(String),
    at: inputValueOf(draft.at),
    kind: draft.kind,
    bodyArea: draft.bodyArea,
    location: draft.location,
    description: draft.description,
    firstAid: draft.firstAid,
    told: draft.told,
    parentToldAt: draft.parentToldAt ? inputValueOf(draft.parentToldAt) : "",
    followUp: draft.followUp,
    internalNotes: draft.internalNotes,
  };
}

// The children of the meeting, a checkbox each: who the report is about.
function ChildrenField({ lines }) {
  const [, meta] = useField("participantIds");
  const { id, invalid, describedBy } = useFieldMessages(meta);
  return (
    <fieldset className="mb-3 incident-children" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">{t`Children involved`}</legend>
      {lines.map((line) => (
        <ChildCheckbox
          key={line.participantId}
          participantId={line.participantId}
          invalid={invalid}
        >
          {line.name}
        </ChildCheckbox>
      ))}
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}

// Where an injury is: the diagram to tap, and the same choice as a list for a keyboard.
function BodyAreaField() {
  const { values, setFieldValue, setFieldTouched } = useFormikContext();
  const choose = (area) => {
    setFieldValue("bodyArea", area);
    setFieldTouched("bodyArea", true, false);
  };
  return (
    <div className="incident-body">
      <p className="form-label mb-1" aria-hidden="true">
        {t`Tap where the injury is`}
      </p>
      <BodyDiagram value={values.bodyArea} onChoose={choose} />
      <SelectField
        name="bodyArea"
        label={t`Body area`}
        options={BODY_AREAS}
        emptyLabel={t`Choose a body area`}
      />
    </div>
  );
}

// The report as it is kept on the device and sent: trimmed, its times as moments.
function reportOf(values, lines) {
  const ids = values.participantIds.map(Number);
  return {
    participantIds: ids,
    names: lines.filter((line) => ids.includes(line.participantId)).map((line) => line.name),
    at: momentOf(values.at),
    kind: values.kind,
    bodyArea: values.kind === "injury" ? values.bodyArea : "",
    location: values.location.trim(),
    description: values.description.trim(),
    firstAid: values.firstAid.trim(),
    told: values.told.trim(),
    parentToldAt: momentOf(values.parentToldAt),
    followUp: values.followUp.trim(),
    internalNotes: values.internalNotes.trim(),
  };
}

/*
 * An incident at one meeting, for one or more of its children: when (now, unless changed), the
 * kind, for an injury where on the body, where it happened, what happened, first aid, who was
 * told and when a parent was, follow-up and the school's internal notes. `draft`, a report the
 * server refused, fills it in again. onSave(report) keeps the report; the dialog then closes.
 */
export function IncidentDialog({ meeting, draft, onSave, onClose }) {
  const formId = useId();
  const lines = meeting.attendance;
  const labels = labelsOf();
  const className = meeting.className;
  return (
    <Formik
      initialValues={initialValuesOf(draft)}
      validationSchema={incidentSchema({ dayStart: dayStartOf(meeting.start) })}
      validateOnBlur={false}
      onSubmit={(values) => onSave(reportOf(values, lines))}
    >
      {({ values }) => (
        <Dialog
          title={t`Report an incident`}
          onClose={onClose}
          actions={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                {t`Cancel`}
              </button>
              <button type="submit" form={formId} className="btn btn-primary">
                {t`Save report`}
              </button>
            </>
          }
        >
          <Form id={formId} noValidate className="incident-form">
            <p className="text-body-secondary small">
              {t`${className}. Kept on this phone and sent as soon as it can be; each family is e-mailed what a parent needs to know, never the internal notes.`}
            </p>
            <FormErrorSummary labels={labels} />
            <ChildrenField lines={lines} />
            <FormField name="at" type="datetime-local" label={labels.at} />
            <RadioGroupField name="kind" legend={labels.kind} options={INCIDENT_KINDS} />
            {values.kind === "injury" && <BodyAreaField />}
            <FormField
              name="location"
              label={labels.location}
              hint={t`Leave blank if it was in the class's room.`}
              autoComplete="off"
            />
            <FormField name="description" as="textarea" rows={4} label={labels.description} />
            <FormField name="firstAid" as="textarea" rows={2} label={labels.firstAid} />
            <FormField
              name="told"
              label={labels.told}
              hint={t`A parent by phone, the director…`}
              autoComplete="off"
            />
            <FormField name="parentToldAt" type="datetime-local" label={labels.parentToldAt} />
            <FormField name="followUp" as="textarea" rows={2} label={labels.followUp} />
            <FormField
              name="internalNotes"
              as="textarea"
              rows={2}
              label={labels.internalNotes}
              hint={t`For the school only: never shown to the family.`}
            />
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
