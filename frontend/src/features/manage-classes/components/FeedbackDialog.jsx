import { Form, Formik } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { Dialog } from "../../../components/ui/Dialog";
import { feedbackSchema } from "./feedbackSchema";

const initialValues = { feedback: "" };

/*
 * The admin's note to the class's instructor. onSend(text) resolves once the server has it; a
 * refusal stays in the dialog, beside the field or above the form.
 */
export function FeedbackDialog({ classItem, onSend, onClose }) {
  const formId = useId();

  async function handleSubmit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    try {
      await onSend(values.feedback.trim());
    } catch (error) {
      const { fields, formError } = serverErrors(error, ["feedback"]);
      setErrors(fields);
      setStatus(formError);
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={feedbackSchema} onSubmit={handleSubmit}>
      {({ isSubmitting, status }) => (
        <Dialog
          title={t`Class Denied! Write Your Feedback Here`}
          onClose={onClose}
          actions={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                {t`Cancel`}
              </button>
              <button
                type="submit"
                form={formId}
                className="btn btn-primary"
                disabled={isSubmitting}
              >
                {isSubmitting ? t`Sending…` : t`Send`}
              </button>
            </>
          }
        >
          <Form id={formId} noValidate>
            {status && (
              <div className="alert alert-danger" role="alert">
                {status}
              </div>
            )}
            <FormField
              name="feedback"
              as="textarea"
              label={t`Feedback`}
              rows={5}
              hint={t`For the instructor of ${classItem.nameClass}.`}
              autoFocus
            />
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
