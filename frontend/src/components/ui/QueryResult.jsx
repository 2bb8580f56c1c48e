import { ErrorAlert } from "./ErrorAlert";
import { Loading } from "./Loading";

/*
 * The three states of a fetched list: loading, failed, loaded (possibly empty). Data already
 * cached wins over a later failed refresh, so a flaky network does not blank a page. While
 * loading it shows a spinner, or the placeholder given (see Loading).
 */
export function QueryResult({
  data,
  error,
  loadingLabel,
  placeholder,
  errorTitle,
  emptyMessage,
  children,
}) {
  if (data) {
    if (data.length === 0) {
      return <p className="text-body-secondary text-center py-4 mb-0">{emptyMessage}</p>;
    }
    return children(data);
  }
  if (error) return <ErrorAlert title={errorTitle} error={error} />;
  return <Loading label={loadingLabel} placeholder={placeholder} />;
}
