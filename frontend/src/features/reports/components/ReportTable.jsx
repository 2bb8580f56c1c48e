import { createContext, useContext, useId, useState } from "react";
import { msgid, ngettext, t } from "ttag";

import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";

/*
 * The report's files: `download(table, format)` fetches one of the report's tables as a file and
 * hands it to the browser; `downloading` is the {table, format} on its way (false when none);
 * `failure` the {table, message} of the last one that failed. Given by the page.
 */
export const ReportFiles = createContext({
  downloading: false,
  failure: null,
  dismissFailure: () => {},
  download: () => {},
});

const FILE_FORMATS = [
  ["csv", "CSV"],
  ["xlsx", "XLSX"],
];

// The table's two files, named for the table for whoever cannot see which table they sit by.
export function TableDownloads({ table, caption }) {
  const { downloading, failure, dismissFailure, download } = useContext(ReportFiles);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="small text-body-secondary">{t`Download`}</span>
        {FILE_FORMATS.map(([format, name]) => {
          const busy = downloading?.table === table && downloading.format === format;
          return (
            <button
              key={format}
              type="button"
              className="btn btn-sm btn-outline-secondary"
              // Not disabled while a file is on its way: a disabled button would drop the focus.
              aria-disabled={Boolean(downloading)}
              aria-label={
                busy ? t`Downloading ${caption} as ${name}` : t`Download ${caption} as ${name}`
              }
              onClick={() => download(table, format)}
            >
              {busy ? `${name}…` : name}
            </button>
          );
        })}
      </div>
      <DismissibleAlert
        message={failure?.table === table ? failure.message : ""}
        onClose={dismissFailure}
      />
    </>
  );
}

function showAllRows(count) {
  return ngettext(msgid`Show all ${count} row`, `Show all ${count} rows`, count);
}

/*
 * A table of the report: its `caption` on top, a header row of `columns` ({heading, cell(row),
 * numeric}), the first column naming each row. Wider than the screen, it scrolls sideways in its
 * own box, which the keyboard can reach. Beyond `limit` rows, the rest come on request, by a
 * button `showAllLabel(count)` names (the rows by what they are, in the plural the count takes).
 */
export function ReportTable({
  id,
  caption,
  columns,
  rows,
  rowKey,
  limit,
  showAllLabel = showAllRows,
}) {
  const captionId = useId();
  const [showAll, setShowAll] = useState(false);
  const shown = limit && !showAll ? rows.slice(0, limit) : rows;
  const [first, ...rest] = columns;
  return (
    <>
      <div
        className="table-responsive"
        role="region"
        aria-labelledby={captionId}
        // Reachable by the keyboard, to scroll a table wider than the screen.
        tabIndex={0}
      >
        <table id={id} className="table table-sm table-striped align-middle report-table mb-2">
          <caption id={captionId} className="fw-semibold">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.heading} scope="col" className={column.numeric ? "text-end" : ""}>
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={rowKey ? rowKey(row) : index}>
                <th scope="row">{first.cell(row)}</th>
                {rest.map((column) => (
                  <td key={column.heading} className={column.numeric ? "text-end" : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < rows.length && (
        <button type="button" className="btn btn-sm btn-link px-0" onClick={() => setShowAll(true)}>
          {showAllLabel(rows.length)}
        </button>
      )}
    </>
  );
}
