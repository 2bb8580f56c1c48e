import { Form, Formik } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import {
  ClassDetailsFields,
  FormStatus,
  ScheduleFields,
  SeatsAndPriceFields,
} from "./SharedClassFields";
import { EMPTY_DETAILS } from "./classFormValues";
import { addClassSchema } from "./classSchema";
import { ImageFileField } from "../../../components/forms/ImageFileField";

const initialValues = { nameClass: "", seats: "", price: "", image: null, ...EMPTY_DETAILS };

/*
 * The instructor proposes a class. Name and e-mail are the signed-in instructor's, shown but not
 * editable. onSubmit receives Formik's (values, helpers) and resets the form itself on success.
 */
export function AddClassForm({ instructor, onSubmit }) {
  return (
    <Formik initialValues={initialValues} validationSchema={addClassSchema} onSubmit={onSubmit}>
      {({ isSubmitting, status }) => (
        <Form noValidate>
          <FormStatus status={status} />
          <FormField name="nameClass" label={t`Class Name`} />
          <div className="row">
            <div className="col-md-6">
              <InstructorField label={t`Instructor Name`} value={instructor.displayName || ""} />
            </div>
            <div className="col-md-6">
              <InstructorField label={t`Instructor Email`} value={instructor.email} type="email" />
            </div>
          </div>
          <ClassDetailsFields />
          <SeatsAndPriceFields />
          <ScheduleFields />
          <ImageFileField
            name="image"
            label={t`Class Image`}
            hint={t`A JPEG, PNG, WebP or GIF picture, at most 5 MB.`}
            subject={t`class image`}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Adding the class…` : t`Add Class`}
          </button>
        </Form>
      )}
    </Formik>
  );
}

// Outside Formik: these are who is signed in, not something the form sends back as typed.
function InstructorField({ label, value, type = "text" }) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} type={type} className="form-control" value={value} readOnly />
    </div>
  );
}
