import { Form, Formik } from "formik";

import { FormField } from "../../../components/forms/FormField";
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
  };
  return (
    <Formik initialValues={initialValues} validationSchema={updateClassSchema} onSubmit={onSubmit}>
      {({ isSubmitting, status }) => (
        <Form noValidate>
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField name="nameClass" label="Class Name" />
          <div className="row">
            <div className="col-md-6">
              <FormField name="seats" type="number" label="Available Seats" min="0" step="1" />
            </div>
            <div className="col-md-6">
              <FormField name="price" type="number" label="Price" min="0" step="0.01" />
            </div>
          </div>
          <FormField name="image" type="url" label="Image URL" placeholder="https://" />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Updating the class…" : "Update Class"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
