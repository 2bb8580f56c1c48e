import { useMemo } from "react";
import { msgid, ngettext, t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { formatMonthDay } from "../../../components/ui/schedule";
import { ChartAndTable } from "./ChartAndTable";
import { countColumn, moneyColumn } from "./columns";
import { formatCount } from "./figures";

function instalmentColumns() {
  return [
    { heading: t`Instalments`, cell: (row) => row.what },
    countColumn(t`Count`, "count"),
    moneyColumn(t`Amount`, "amount"),
  ];
}

// The table, as the file has it: the two totals, then each week of the next 30 days.
export function instalmentRows(instalments) {
  return [
    { what: t`Due in the next 30 days`, ...instalments.dueNext30Days },
    { what: t`Overdue`, ...instalments.overdue },
    ...instalments.byWeek.map((row) => {
      const weekOf = formatMonthDay(row.weekOf);
      return { what: t`Due the week of ${weekOf}`, count: row.count, amount: row.amount };
    }),
  ];
}

function Due({ title, due, tone = "" }) {
  const count = formatCount(due.count);
  return (
    <div className="col-sm-6">
      <div className="card h-100">
        <div className="card-body">
          <h3 className="h6 card-title">{title}</h3>
          <p className={`report-figure mb-1 ${tone}`.trim()}>{formatPrice(due.amount)}</p>
          <p className="text-body-secondary mb-0">
            {ngettext(msgid`${count} instalment`, `${count} instalments`, due.count)}
          </p>
        </div>
      </div>
    </div>
  );
}

/*
 * What payment plans will bring in: the instalments due in the next 30 days, by the week they
 * fall due, and those overdue, which someone may have to chase.
 */
export function InstalmentsSection({ instalments }) {
  const chart = useMemo(
    () => ({
      kind: "bar",
      format: "money",
      labels: instalments.byWeek.map((row) => formatMonthDay(row.weekOf)),
      series: [
        { label: t`Due`, data: instalments.byWeek.map((row) => row.amount), tone: "success" },
      ],
    }),
    [instalments.byWeek],
  );
  const overdue = instalments.overdue.count > 0 ? "text-danger-emphasis" : "";

  return (
    <section aria-labelledby="report-instalments" className="mb-5">
      <h2 id="report-instalments" className="h4 mb-3">
        {t`Instalments`}
      </h2>
      <div className="row g-3 mb-4">
        <Due title={t`Due in the next 30 days`} due={instalments.dueNext30Days} />
        <Due title={t`Overdue`} due={instalments.overdue} tone={overdue} />
      </div>
      <ChartAndTable
        table="instalments"
        caption={t`Instalments due and overdue`}
        chart={chart}
        chartLabel={t`Bar chart of the amount of the instalments due in each week of the next 30 days.`}
        columns={instalmentColumns()}
        rows={instalmentRows(instalments)}
        rowKey={(row) => row.what}
        emptyMessage={t`No instalment is due.`}
      />
    </section>
  );
}
