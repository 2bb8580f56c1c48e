import { useMemo } from "react";
import { msgid, ngettext, t } from "ttag";

import { ChartAndTable } from "./ChartAndTable";
import { classColumn, countColumn, showAllClasses } from "./columns";
import { shortName } from "./figures";

// The chart shows the classes most asked for; the table beside it lists them all.
export const CLASSES_CHARTED = 20;
const CLASSES_LISTED_FIRST = 50;
// Each class's bars need this much height to stay readable, whatever the screen's width.
const REM_PER_CLASS = 2;

function fillColumns() {
  return [
    classColumn(),
    { heading: t`Category`, cell: (row) => row.category || "—" },
    countColumn(t`Seats`, "seats"),
    countColumn(t`Enrolled`, "enrolled"),
    countColumn(t`Held now`, "held"),
    countColumn(t`Waitlisted`, "waitlisted"),
    countColumn(t`Demand`, "demand"),
  ];
}

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
        { label: t`Enrolled`, data: values("enrolled"), tone: "primary", stack: "demand" },
        { label: t`Held`, data: values("held"), tone: "success", stack: "demand" },
        { label: t`Waitlisted`, data: values("waitlisted"), tone: "info", stack: "demand" },
        { label: t`Seats`, data: values("seats"), tone: "secondary", stack: "seats" },
      ],
    };
  }, [classes]);
  const chartedCount = charted.length;

  return (
    <section aria-labelledby="report-classes" className="mb-5">
      <h2 id="report-classes" className="h4 mb-3">
        {t`Fill per class`}
      </h2>
      <ChartAndTable
        table="classes"
        caption={t`Fill per class, most asked for first`}
        chart={chart}
        chartLabel={ngettext(
          msgid`Bar chart of the seats enrolled, held and waitlisted beside the seats of the ${chartedCount} class most asked for.`,
          `Bar chart of the seats enrolled, held and waitlisted beside the seats of the ${chartedCount} classes most asked for.`,
          chartedCount,
        )}
        chartHeight={`${Math.max(12, 4 + charted.length * REM_PER_CLASS)}rem`}
        columns={fillColumns()}
        rows={classes}
        rowKey={(row) => row.classId}
        limit={CLASSES_LISTED_FIRST}
        showAllLabel={showAllClasses}
        emptyMessage={t`The season has no class yet.`}
      />
    </section>
  );
}
