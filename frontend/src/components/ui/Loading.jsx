import { t } from "ttag";

/*
 * A label that screen readers announce while data is on its way, shown as a spinner, or as a
 * placeholder of the content's shape when one is given (it keeps the content's room, so nothing
 * below moves when the data arrives).
 */
export function Loading({ label = t`Loading…`, placeholder = null }) {
  if (placeholder) {
    return (
      <div role="status">
        <span className="visually-hidden">{label}</span>
        {placeholder}
      </div>
    );
  }
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
