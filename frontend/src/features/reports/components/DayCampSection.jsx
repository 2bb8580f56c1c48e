import { useId } from "react";

import { formatDate } from "../../../components/ui/schedule";
import { countColumn, moneyColumn } from "./columns";
import { ReportTable, TableDownloads } from "./ReportTable";

const UNIT_COLUMNS = [
  { heading: "Class", cell: (row) => row.name },
  { heading: "Week or day", cell: (row) => row.label },
  countColumn("Seats", "seats"),
  countColumn("Taken", "taken"),
  countColumn("Held now", "held"),
];

const CARE_COLUMNS = [
  { heading: "Extended care", cell: (row) => row.label },
  { heading: "Day", cell: (row) => formatDate(row.day) },
  countColumn("Seats", "seats"),
  countColumn("Taken", "taken"),
  moneyColumn("Revenue", "revenue"),
];

function TableWithFiles({ table, caption, columns, rows, rowKey, rowsName }) {
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
        rowsName={rowsName}
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
        Weeks, days and extended care
      </h2>
      {units.length > 0 && (
        <TableWithFiles
          table="units"
          caption="Fill per week or day"
          columns={UNIT_COLUMNS}
          rows={units}
          rowKey={(row) => row.unitId}
          rowsName="weeks and days"
        />
      )}
      {extendedCare.length > 0 && (
        <TableWithFiles
          table="extended-care"
          caption="Extended care per day"
          columns={CARE_COLUMNS}
          rows={extendedCare}
          rowKey={(row) => row.dayId}
          rowsName="days of extended care"
        />
      )}
    </section>
  );
}
