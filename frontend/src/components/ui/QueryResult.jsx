import { ErrorAlert } from "./ErrorAlert";
import { Loading } from "./Loading";

/*
 * The three states of a fetched list: loading, failed, loaded (possibly empty). Data already
 * cached wins over a later failed refresh, so a flaky network does not blank a page.
 */
export function QueryResult({ data, error, loadingLabel, errorTitle, emptyMessage, children }) {
  if (data) {
    if (data.length === 0) {
      return <p className="text-body-secondary text-center py-4 mb-0">{emptyMessage}</p>;
    }
    return children(data);
  }
  if (error) return <ErrorAlert title={errorTitle} error={error} />;
  return <Loading label={loadingLabel} />;
}
