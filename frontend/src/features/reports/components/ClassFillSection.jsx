import { useMemo } from "react";

import { ChartAndTable } from "./ChartAndTable";
import { classColumn, countColumn } from "./columns";
import { shortName } from "./figures";

// The chart shows the classes most asked for; the table beside it lists them all.
export const CLASSES_CHARTED = 20;
const CLASSES_LISTED_FIRST = 50;
// Each class's bars need this much height to stay readable, whatever the screen's width.
const REM_PER_CLASS = 2;

const COLUMNS = [
  classColumn,
  { heading: "Category", cell: (row) => row.category || "—" },
  countColumn("Seats", "seats"),
  countColumn("Enrolled", "enrolled"),
  countColumn("Held now", "held"),
  countColumn("Waitlisted", "waitlisted"),
  countColumn("Demand", "demand"),
];

/*
 * How full each class is, most asked for first (the server's order): the seats enrolled, held in
 * a basket now, and wanted on the waitlist, stacked, beside the seats the class has. A waitlist
 * beyond the seats is demand the school did not meet.
 */
export function ClassFillSection({ classes }) {
  const charted = classes.slice(0, CLASSES_CHARTED);
  const chart = useMemo(() => {
    const top = classes.slice(0, CLASSES_CHARTED);
    const values = (field) => top.map((row) => row[field]);
    return {
      kind: "bar",
      horizontal: true,
      stacked: true,
      labels: top.map((row) => shortName(row.name)),
      series: [
        { label: "Enrolled", data: values("enrolled"), tone: "primary", stack: "demand" },
        { label: "Held", data: values("held"), tone: "success", stack: "demand" },
        { label: "Waitlisted", data: values("waitlisted"), tone: "info", stack: "demand" },
        { label: "Seats", data: values("seats"), tone: "secondary", stack: "seats" },
      ],
    };
  }, [classes]);

  return (
    <section aria-labelledby="report-classes" className="mb-5">
      <h2 id="report-classes" className="h4 mb-3">
        Fill per class
      </h2>
      <ChartAndTable
        table="classes"
        caption="Fill per class, most asked for first"
        chart={chart}
        chartLabel={`Bar chart of the seats enrolled, held and waitlisted beside the seats of the ${charted.length} classes most asked for.`}
        chartHeight={`${Math.max(12, 4 + charted.length * REM_PER_CLASS)}rem`}
        columns={COLUMNS}
        rows={classes}
        rowKey={(row) => row.classId}
        limit={CLASSES_LISTED_FIRST}
        rowsName="classes"
        emptyMessage="The season has no class yet."
      />
    </section>
  );
}
