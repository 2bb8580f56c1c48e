import { useMemo } from "react";
import { msgid, ngettext, t } from "ttag";

import { ChartAndTable } from "./ChartAndTable";
import { classColumn, countColumn, showAllClasses } from "./columns";
import { formatCount, formatRate, shortName } from "./figures";

// The chart shows the classes children miss most; the table beside it lists them all.
const CLASSES_CHARTED = 20;
const CLASSES_LISTED_FIRST = 50;

function attendanceColumns() {
  return [
    classColumn(),
    countColumn(t`Meetings`, "meetings"),
    countColumn(t`Attended`, "attended"),
    countColumn(t`Absent`, "absent"),
    { heading: t`Rate`, numeric: true, cell: (row) => formatRate(row.rate) },
  ];
}

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
      series: [{ label: t`Attendance`, data: lowest.map((row) => row.rate), tone: "info" }],
    };
  }, [attendance.classes]);
  const present = formatCount(attendance.attended);
  const absent = formatCount(attendance.absent);
  const chartedCount = charted.length;

  return (
    <section aria-labelledby="report-attendance" className="mb-5">
      <h2 id="report-attendance" className="h4 mb-3">
        {t`Attendance`}
      </h2>
      <p className="mb-3">
        <span className="report-figure d-block">{formatRate(attendance.rate)}</span>
        <span className="text-body-secondary">
          {attendance.rate == null
            ? t`No attendance is recorded in the range yet.`
            : t`of the children expected came: ${present} present, ${absent} absent.`}
        </span>
      </p>
      <ChartAndTable
        table="attendance"
        caption={t`Attendance per class, lowest first`}
        chart={chart}
        chartLabel={ngettext(
          msgid`Bar chart of the attendance rate of the ${chartedCount} class with the lowest.`,
          `Bar chart of the attendance rate of the ${chartedCount} classes with the lowest.`,
          chartedCount,
        )}
        chartHeight={`${Math.max(12, 4 + charted.length * 1.75)}rem`}
        columns={attendanceColumns()}
        rows={attendance.classes}
        rowKey={(row) => row.classId}
        limit={CLASSES_LISTED_FIRST}
        showAllLabel={showAllClasses}
        emptyMessage={t`No class has a meeting recorded in the range yet.`}
      />
    </section>
  );
}
