import { Form, Formik } from "formik";

import { FormField } from "../../../components/forms/FormField";
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
 * it once the class is loaded, keyed by the class id: Formik reads initialValues only once.
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
          <FormField name="nameClass" label="Class Name" />
          <ClassDetailsFields currentCategory={currentCategory} />
          <SeatsAndPriceFields />
          <ScheduleFields />
          <FormField name="image" type="url" label="Image URL" placeholder="https://" />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Updating the class…" : "Update Class"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
