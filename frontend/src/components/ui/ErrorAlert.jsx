import { t } from "ttag";

// What a page shows when its data could not be loaded.
export function ErrorAlert({ title, error }) {
  return (
    <div className="alert alert-danger" role="alert">
      <p className="fw-semibold mb-1">{title}</p>
      <p className="mb-0">{error?.message || t`Please try again later.`}</p>
    </div>
  );
}
