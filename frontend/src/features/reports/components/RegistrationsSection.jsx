import { useMemo } from "react";
import { msgid, ngettext, t } from "ttag";

import { formatDate, formatMonthDay } from "../../../components/ui/schedule";
import { ChartAndTable } from "./ChartAndTable";
import { countColumn } from "./columns";
import { formatHour } from "./figures";

function dayColumns() {
  return [
    { heading: t`Day`, cell: (row) => formatDate(row.day) },
    countColumn(t`Registrations`, "registrations"),
    countColumn(t`Cancellations`, "cancellations"),
  ];
}

function hourColumns() {
  return [
    { heading: t`Hour`, cell: (row) => formatHour(row.hour) },
    countColumn(t`Registrations`, "registrations"),
  ];
}

function showAllDays(count) {
  return ngettext(msgid`Show all ${count} day`, `Show all ${count} days`, count);
}

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
          label: t`Registrations`,
          data: byDay.map((row) => row.registrations),
          tone: "primary",
        },
        {
          label: t`Cancellations`,
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
          label: t`Registrations`,
          data: openingDay.hours.map((row) => row.registrations),
          tone: "info",
        },
      ],
    }),
    [openingDay],
  );
  const openedOn = formatDate(openingDay.day);

  return (
    <section aria-labelledby="report-registrations" className="mb-5">
      <h2 id="report-registrations" className="h4 mb-3">
        {t`Registrations`}
      </h2>
      <ChartAndTable
        table="registrations"
        caption={t`Registrations per day`}
        chart={dayChart}
        chartLabel={t`Line chart of registrations and cancellations per day.`}
        columns={dayColumns()}
        rows={byDay}
        rowKey={(row) => row.day}
        limit={50}
        showAllLabel={showAllDays}
        emptyMessage={t`No day of the range has come yet.`}
      />
      <h3 className="h5 mb-3">{t`Opening day`}</h3>
      <ChartAndTable
        table="opening-day"
        caption={t`Registrations on the opening day, ${openedOn}, by hour`}
        chart={hourChart}
        chartLabel={t`Bar chart of registrations in each hour of the opening day.`}
        columns={hourColumns()}
        rows={openingDay.hours}
        rowKey={(row) => row.startsAt}
        emptyMessage={t`Registration has not opened yet.`}
      />
    </section>
  );
}
