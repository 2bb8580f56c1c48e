import { useMemo } from "react";

import { formatDate, formatMonthDay } from "../../../components/ui/schedule";
import { ChartAndTable } from "./ChartAndTable";
import { countColumn } from "./columns";
import { formatHour } from "./figures";

const DAY_COLUMNS = [
  { heading: "Day", cell: (row) => formatDate(row.day) },
  countColumn("Registrations", "registrations"),
  countColumn("Cancellations", "cancellations"),
];

const HOUR_COLUMNS = [
  { heading: "Hour", cell: (row) => formatHour(row.hour) },
  countColumn("Registrations", "registrations"),
];

/*
 * Seats taken and given back on each day of the range, and the opening day hour by hour: the
 * morning registration opens is the school's busiest, and when in it families came matters. A
 * day the clocks change has 23 hours or 25 (1 AM twice), each told apart by when it starts.
 */
export function RegistrationsSection({ byDay, openingDay }) {
  const dayChart = useMemo(
    () => ({
      kind: "line",
      labels: byDay.map((row) => formatMonthDay(row.day)),
      series: [
        {
          label: "Registrations",
          data: byDay.map((row) => row.registrations),
          tone: "primary",
        },
        {
          label: "Cancellations",
          data: byDay.map((row) => row.cancellations),
          tone: "secondary",
        },
      ],
    }),
    [byDay],
  );
  const hourChart = useMemo(
    () => ({
      kind: "bar",
      labels: openingDay.hours.map((row) => formatHour(row.hour)),
      series: [
        {
          label: "Registrations",
          data: openingDay.hours.map((row) => row.registrations),
          tone: "info",
        },
      ],
    }),
    [openingDay],
  );

  return (
    <section aria-labelledby="report-registrations" className="mb-5">
      <h2 id="report-registrations" className="h4 mb-3">
        Registrations
      </h2>
      <ChartAndTable
        table="registrations"
        caption="Registrations per day"
        chart={dayChart}
        chartLabel="Line chart of registrations and cancellations per day."
        columns={DAY_COLUMNS}
        rows={byDay}
        rowKey={(row) => row.day}
        limit={50}
        rowsName="days"
        emptyMessage="No day of the range has come yet."
      />
      <h3 className="h5 mb-3">Opening day</h3>
      <ChartAndTable
        table="opening-day"
        caption={`Registrations on the opening day, ${formatDate(openingDay.day)}, by hour`}
        chart={hourChart}
        chartLabel="Bar chart of registrations in each hour of the opening day."
        columns={HOUR_COLUMNS}
        rows={openingDay.hours}
        rowKey={(row) => row.startsAt}
        emptyMessage="Registration has not opened yet."
      />
    </section>
  );
}
