import { useId } from "react";
import { msgid, ngettext, t } from "ttag";

import { formatDate } from "../../../components/ui/schedule";
import { countColumn, moneyColumn } from "./columns";
import { ReportTable, TableDownloads } from "./ReportTable";

function unitColumns() {
  return [
    { heading: t`Class`, cell: (row) => row.name },
    { heading: t`Week or day`, cell: (row) => row.label },
    countColumn(t`Seats`, "seats"),
    countColumn(t`Taken`, "taken"),
    countColumn(t`Held now`, "held"),
  ];
}

function careColumns() {
  return [
    { heading: t`Extended care`, cell: (row) => row.label },
    { heading: t`Day`, cell: (row) => formatDate(row.day) },
    countColumn(t`Seats`, "seats"),
    countColumn(t`Taken`, "taken"),
    moneyColumn(t`Revenue`, "revenue"),
  ];
}

function showAllUnits(count) {
  return ngettext(msgid`Show all ${count} week and day`, `Show all ${count} weeks and days`, count);
}

function showAllCareDays(count) {
  return ngettext(
    msgid`Show all ${count} day of extended care`,
    `Show all ${count} days of extended care`,
    count,
  );
}

function TableWithFiles({ table, caption, columns, rows, rowKey, showAllLabel }) {
  const id = useId();
  return (
    <div className="mb-4">
      <TableDownloads table={table} caption={caption} />
      <ReportTable
        id={id}
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        limit={50}
        showAllLabel={showAllLabel}
      />
    </div>
  );
}

/*
 * A season sold by the week or the day, with extended care: each week's or day's seats and those
 * taken, then each day of before- and after-care with what it brought in. Shown only for a season
 * that has them.
 */
export function DayCampSection({ units = [], extendedCare = [] }) {
  if (units.length === 0 && extendedCare.length === 0) return null;
  return (
    <section aria-labelledby="report-day-camp" className="mb-5">
      <h2 id="report-day-camp" className="h4 mb-3">
        {t`Weeks, days and extended care`}
      </h2>
      {units.length > 0 && (
        <TableWithFiles
          table="units"
          caption={t`Fill per week or day`}
          columns={unitColumns()}
          rows={units}
          rowKey={(row) => row.unitId}
          showAllLabel={showAllUnits}
        />
      )}
      {extendedCare.length > 0 && (
        <TableWithFiles
          table="extended-care"
          caption={t`Extended care per day`}
          columns={careColumns()}
          rows={extendedCare}
          rowKey={(row) => row.dayId}
          showAllLabel={showAllCareDays}
        />
      )}
    </section>
  );
}
