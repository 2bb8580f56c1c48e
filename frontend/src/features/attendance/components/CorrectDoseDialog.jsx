import { Form, Formik } from "formik";
import { useId } from "react";

import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { Dialog } from "../../../components/ui/Dialog";
import { formatLocalTime } from "../../../components/ui/localTime";
import { DOSE_OUTCOMES, correctionSchema, outcomeLabel } from "./doseSchema";
import { dayStartOf, inputValueOf, momentOf } from "./whenFields";

/*
 * A correction of one dose entry: what really happened, when, and a note saying what was wrong.
 * The log only grows: the correction is a new entry naming the one it corrects.
 * onSave({outcome, at, note}) keeps it; the dialog then closes.
 */
export function CorrectDoseDialog({ line, entry, meetingStart, onSave, onClose }) {
  const formId = useId();
  const initialValues = { outcome: "", at: inputValueOf(entry.at), note: "" };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={correctionSchema({ dayStart: dayStartOf(meetingStart) })}
      onSubmit={(values) =>
        onSave({ outcome: values.outcome, at: momentOf(values.at), note: values.note.trim() })
      }
    >
      <Dialog
        title={`Correct ${line.medication} for ${line.name}`}
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" form={formId} className="btn btn-primary">
              Save correction
            </button>
          </>
        }
      >
        <Form id={formId} noValidate className="dose-correction">
          <p className="small">
            The entry: {outcomeLabel(entry.outcome)} at {formatLocalTime(entry.at)} by {entry.by}.
            It stays in the log, marked corrected.
          </p>
          <RadioGroupField name="outcome" legend="What really happened?" options={DOSE_OUTCOMES} />
          <FormField name="at" type="datetime-local" label="When" />
          <FormField
            name="note"
            as="textarea"
            rows={2}
            label="Note"
            hint="What the entry got wrong."
          />
        </Form>
      </Dialog>
    </Formik>
  );
}
