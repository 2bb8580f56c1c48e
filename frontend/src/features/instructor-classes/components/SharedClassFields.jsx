import { FormField } from "../../../components/forms/FormField";

// What the add and update forms share: the form-wide error and the seats and price inputs.
export function FormStatus({ status }) {
  if (!status) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {status}
    </div>
  );
}

export function SeatsAndPriceFields() {
  return (
    <div className="row">
      <div className="col-md-6">
        <FormField name="seats" type="number" label="Available Seats" min="0" step="1" />
      </div>
      <div className="col-md-6">
        <FormField name="price" type="number" label="Price" min="0" step="0.01" />
      </div>
    </div>
  );
}
