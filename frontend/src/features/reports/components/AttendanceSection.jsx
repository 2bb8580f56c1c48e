import { useMemo } from "react";

import { ChartAndTable } from "./ChartAndTable";
import { classColumn, countColumn } from "./columns";
import { formatCount, formatRate, shortName } from "./figures";

// The chart shows the classes children miss most; the table beside it lists them all.
const CLASSES_CHARTED = 20;
const CLASSES_LISTED_FIRST = 50;

const COLUMNS = [
  classColumn,
  countColumn("Meetings", "meetings"),
  countColumn("Attended", "attended"),
  countColumn("Absent", "absent"),
  { heading: "Rate", numeric: true, cell: (row) => formatRate(row.rate) },
];

/*
 * How many of the children expected came: the season's rate, then each class with a meeting
 * recorded, lowest rate first (the server's order), where a word with the family may be due.
 */
export function AttendanceSection({ attendance }) {
  const charted = attendance.classes.slice(0, CLASSES_CHARTED);
  const chart = useMemo(() => {
    const lowest = attendance.classes.slice(0, CLASSES_CHARTED);
    return {
      kind: "bar",
      format: "rate",
      horizontal: true,
      labels: lowest.map((row) => shortName(row.name)),
      series: [{ label: "Attendance", data: lowest.map((row) => row.rate), tone: "info" }],
    };
  }, [attendance.classes]);

  return (
    <section aria-labelledby="report-attendance" className="mb-5">
      <h2 id="report-attendance" className="h4 mb-3">
        Attendance
      </h2>
      <p className="mb-3">
        <span className="report-figure d-block">{formatRate(attendance.rate)}</span>
        <span className="text-body-secondary">
          {attendance.rate == null
            ? "No attendance is recorded in the range yet."
            : `of the children expected came: ${formatCount(attendance.attended)} present, ${formatCount(attendance.absent)} absent.`}
        </span>
      </p>
      <ChartAndTable
        table="attendance"
        caption="Attendance per class, lowest first"
        chart={chart}
        chartLabel={`Bar chart of the attendance rate of the ${charted.length} classes with the lowest.`}
        chartHeight={`${Math.max(12, 4 + charted.length * 1.75)}rem`}
        columns={COLUMNS}
        rows={attendance.classes}
        rowKey={(row) => row.classId}
        limit={CLASSES_LISTED_FIRST}
        rowsName="classes"
        emptyMessage="No class has a meeting recorded in the range yet."
      />
    </section>
  );
}
