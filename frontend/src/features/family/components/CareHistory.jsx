import { t } from "ttag";

import { useCareAccessLog, useCareHistory } from "../../../api/care";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { changeInWords, readInWords } from "./careWords";

// The record's changes, newest first: who filled it in, changed or confirmed it, and when.
export function CareHistory({ participantId }) {
  const { data, error } = useCareHistory(participantId);
  return (
    <QueryResult
      data={data}
      error={error}
      loadingLabel={t`Loading the changes…`}
      errorTitle={t`The changes could not be loaded.`}
      emptyMessage={t`No changes yet: the record has not been saved.`}
    >
      {(history) => (
        <ol className="list-unstyled mb-0">
          {history.map((entry) => (
            <li key={`${entry.changedAt} ${entry.change}`} className="py-2 border-bottom">
              <time dateTime={entry.changedAt} className="d-block small text-body-secondary">
                {formatLocalDateTime(entry.changedAt)}
              </time>
              {changeInWords(entry)}
            </li>
          ))}
        </ol>
      )}
    </QueryResult>
  );
}

// Each time a member of staff read the record, or a roster's flags of it, newest first.
export function CareAccessLog({ participantId }) {
  const { data, error } = useCareAccessLog(participantId);
  return (
    <QueryResult
      data={data}
      error={error}
      loadingLabel={t`Loading who read the record…`}
      errorTitle={t`The list of readers could not be loaded.`}
      emptyMessage={t`Nobody at the school has read this record yet.`}
    >
      {(log) => (
        <ol className="list-unstyled mb-0">
          {log.map((entry) => (
            <li
              key={`${entry.readAt} ${entry.readerName} ${entry.part}`}
              className="py-2 border-bottom"
            >
              <time dateTime={entry.readAt} className="d-block small text-body-secondary">
                {formatLocalDateTime(entry.readAt)}
              </time>
              {readInWords(entry)}
            </li>
          ))}
        </ol>
      )}
    </QueryResult>
  );
}
