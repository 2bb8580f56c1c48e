import { Form, Formik } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { Dialog } from "../../../components/ui/Dialog";
import { formatLocalTime } from "../../../components/ui/localTime";
import { correctionSchema, doseOutcomes, outcomeLabel } from "./doseSchema";
import { dayStartOf, inputValueOf, momentOf } from "./whenFields";

/*
 * A correction of one dose entry: what really happened, when, and a note saying what was wrong.
 * The log only grows: the correction is a new entry naming the one it corrects.
 * onSave({outcome, at, note}) keeps it; the dialog then closes.
 */
export function CorrectDoseDialog({ line, entry, meetingStart, onSave, onClose }) {
  const formId = useId();
  const initialValues = { outcome: "", at: inputValueOf(entry.at), note: "" };
  const { medication, name } = line;
  const outcome = outcomeLabel(entry.outcome);
  const time = formatLocalTime(entry.at);
  const by = entry.by;
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={correctionSchema({ dayStart: dayStartOf(meetingStart) })}
      onSubmit={(values) =>
        onSave({ outcome: values.outcome, at: momentOf(values.at), note: values.note.trim() })
      }
    >
      <Dialog
        title={t`Correct ${medication} for ${name}`}
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t`Cancel`}
            </button>
            <button type="submit" form={formId} className="btn btn-primary">
              {t`Save correction`}
            </button>
          </>
        }
      >
        <Form id={formId} noValidate className="dose-correction">
          <p className="small">
            {t`The entry: ${outcome} at ${time} by ${by}. It stays in the log, marked corrected.`}
          </p>
          <RadioGroupField
            name="outcome"
            legend={t`What really happened?`}
            options={doseOutcomes()}
          />
          <FormField name="at" type="datetime-local" label={t`When`} />
          <FormField
            name="note"
            as="textarea"
            rows={2}
            label={t`Note`}
            hint={t`What the entry got wrong.`}
          />
        </Form>
      </Dialog>
    </Formik>
  );
}
