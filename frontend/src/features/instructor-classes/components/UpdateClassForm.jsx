import { Form, Formik } from "formik";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { ImageFileField } from "../../../components/forms/ImageFileField";
import {
  ClassDetailsFields,
  FormStatus,
  ScheduleFields,
  SeatsAndPriceFields,
} from "./SharedClassFields";
import { detailsOf } from "./classFormValues";
import { updateClassSchema } from "./classSchema";

/*
 * The instructor's changes to one class, starting from that class as the server has it. Render
 * it once the class is loaded, keyed by the class id: Formik reads initialValues only once. The
 * image is the saved one's address until a file is chosen to replace it (onSubmit uploads it).
 */
export function UpdateClassForm({ classItem, onSubmit }) {
  const initialValues = {
    nameClass: classItem.nameClass,
    seats: classItem.seats,
    price: classItem.price,
    image: classItem.image,
    ...detailsOf(classItem),
  };
  const currentCategory = classItem.category
    ? { value: classItem.category, label: classItem.categoryName || classItem.category }
    : null;
  return (
    <Formik initialValues={initialValues} validationSchema={updateClassSchema} onSubmit={onSubmit}>
      {({ isSubmitting, status }) => (
        <Form noValidate>
          <FormStatus status={status} />
          <FormField name="nameClass" label={t`Class Name`} />
          <ClassDetailsFields currentCategory={currentCategory} />
          <SeatsAndPriceFields />
          <ScheduleFields />
          <ImageFileField
            name="image"
            label={classItem.image ? t`Replace image` : t`Class Image`}
            hint={t`A JPEG, PNG, WebP or GIF picture, at most 5 MB.`}
            saved={classItem.image || null}
            subject={t`class image`}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Updating the class…` : t`Update Class`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
