import { useId } from "react";
import { t } from "ttag";

import { ReportChart } from "./ReportChart";
import { ReportTable, TableDownloads } from "./ReportTable";

// The most columns a table may have and still read well in the narrow column beside a chart.
const NARROW_TABLE_COLUMNS = 3;

/*
 * One of the report's pictures with its table beside it (below it on a narrow screen): the table
 * is the chart's text alternative, and what the two files (`table`, the report's name for it)
 * hold. `chart` is what ReportChart draws, when it has anything to draw; a table without rows
 * gives way to `emptyMessage`. Beyond `limit` rows, `showAllLabel(count)` names the button that
 * shows the rest.
 */
export function ChartAndTable({
  table,
  caption,
  chart,
  chartLabel,
  chartHeight,
  columns,
  rows,
  rowKey,
  limit,
  showAllLabel,
  emptyMessage,
}) {
  const tableId = useId();
  const drawn = chart.labels.length > 0;
  // A table of many columns needs half a wide screen to sit beside its chart; below that, under it.
  const pair =
    columns.length > NARROW_TABLE_COLUMNS ? "report-pair report-pair-wide" : "report-pair";
  return (
    <div className={pair}>
      {drawn && (
        <div>
          <ReportChart
            chart={chart}
            label={t`${chartLabel} The table “${caption}” gives its figures.`}
            tableId={tableId}
            height={chartHeight}
          />
        </div>
      )}
      <div className="report-pair-table">
        <TableDownloads table={table} caption={caption} />
        {rows.length > 0 ? (
          <ReportTable
            id={tableId}
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            limit={limit}
            showAllLabel={showAllLabel}
          />
        ) : (
          <p className="text-body-secondary mb-0">{emptyMessage}</p>
        )}
      </div>
    </div>
  );
}
