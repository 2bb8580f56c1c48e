import { Form, Formik } from "formik";
import { useMemo } from "react";
import { t } from "ttag";

import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { todayIso } from "./dates";
import { NOTES_MAX_LENGTH, participantSchema } from "./participantSchema";

// Every field the form has, for the server's field errors to find their place.
export const PARTICIPANT_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "notes",
  "emergencyContactName",
  "emergencyContactPhone",
];

function notesHint(length) {
  return t`Anything else that helps the instructor. Allergies, medication and medical needs go in the care record, which is kept encrypted. ${length} of ${NOTES_MAX_LENGTH} characters.`;
}

// The form's starting values: the participant's own, or empty for a new child.
function initialValuesOf(participant) {
  return Object.fromEntries(PARTICIPANT_FIELDS.map((field) => [field, participant?.[field] ?? ""]));
}

/*
 * A child of the family (or the account holder, `participant.isAccountHolder`), new when
 * `participant` is left out. `label` names the form for screen readers. onSubmit receives
 * Formik's (values, helpers); onCancel, when given, offers a Cancel button. A form opened by a
 * press (Edit) takes the focus, `focusFirstField`, so typing starts where the press was. A
 * refusal (the browser's or the server's) is summed up at the top, which takes the focus.
 */
export function ParticipantForm({
  participant,
  label,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
  focusFirstField = false,
}) {
  const isAccountHolder = Boolean(participant?.isAccountHolder);
  const today = todayIso();
  const schema = useMemo(
    () => participantSchema({ isAccountHolder, today }),
    [isAccountHolder, today],
  );
  return (
    <Formik
      initialValues={initialValuesOf(participant)}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label={label}>
          <FormErrorSummary />
          <div className="row">
            <div className="col-sm-6">
              <FormField
                name="firstName"
                label={t`First name`}
                autoComplete="off"
                autoFocus={focusFirstField}
              />
            </div>
            <div className="col-sm-6">
              <FormField name="lastName" label={t`Last name`} autoComplete="off" />
            </div>
          </div>
          <FormField
            name="dateOfBirth"
            label={t`Date of birth`}
            type="date"
            max={today}
            hint={
              isAccountHolder
                ? t`Optional for you; classes with an age range are checked against it.`
                : t`Classes with an age range are checked against it.`
            }
          />
          <FormField
            name="notes"
            as="textarea"
            rows={4}
            label={t`Notes for the instructor`}
            hint={notesHint(values.notes.length)}
          />
          <div className="row">
            <div className="col-sm-6">
              <FormField
                name="emergencyContactName"
                label={t`Emergency contact name`}
                autoComplete="off"
              />
            </div>
            <div className="col-sm-6">
              <FormField
                name="emergencyContactPhone"
                label={t`Emergency contact phone`}
                type="tel"
                autoComplete="off"
              />
            </div>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? submittingLabel : submitLabel}
            </button>
            {onCancel && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={isSubmitting}
                onClick={onCancel}
              >
                {t`Cancel`}
              </button>
            )}
          </div>
        </Form>
      )}
    </Formik>
  );
}
