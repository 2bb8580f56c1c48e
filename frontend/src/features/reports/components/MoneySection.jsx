import { useId, useMemo } from "react";
import { t } from "ttag";

import { formatMonthDay } from "../../../components/ui/schedule";
import { ChartAndTable } from "./ChartAndTable";
import { moneyColumn } from "./columns";
import { ReportTable, TableDownloads } from "./ReportTable";
import { shortName } from "./figures";

// The adjustments the price engine makes, by the name the server gives each kind (the names
// are the money table's in camp/reports.py, so the page and the file read alike).
function adjustmentName(kind) {
  const names = {
    earlyBird: t`Early-bird prices`,
    sibling: t`Sibling discounts`,
    multiClass: t`Multi-class discounts`,
    multiWeek: t`Multi-week discounts`,
    weeklyCare: t`Extended care's weekly rates`,
    code: t`Promo codes`,
    scholarship: t`Scholarships`,
    other: t`Other adjustments`,
  };
  return names[kind] ?? kind;
}

function summaryColumns() {
  return [{ heading: t`Figure`, cell: (row) => row.figure }, moneyColumn(t`Amount`, "amount")];
}

// A row's amounts, each table of money after its first column.
function amountColumns() {
  return [
    moneyColumn(t`Gross`, "gross"),
    moneyColumn(t`Discounts and credit`, "adjustments"),
    moneyColumn(t`Charged`, "charged"),
    moneyColumn(t`Refunds`, "refunds"),
    moneyColumn(t`Net`, "net"),
  ];
}

function weekColumns() {
  return [{ heading: t`Week of`, cell: (row) => formatMonthDay(row.weekOf) }, ...amountColumns()];
}

function categoryColumns() {
  return [{ heading: t`Category`, cell: (row) => categoryName(row) }, ...amountColumns()];
}

function kindName(kind) {
  return { classes: t`Classes`, extendedCare: t`Extended care` }[kind];
}

function kindColumns() {
  return [{ heading: t`Kind`, cell: (row) => kindName(row.kind) }, ...amountColumns()];
}

function categoryName(row) {
  return row.category || t`No category`;
}

/*
 * From the seats' list prices to what reached the bank, in the order the money moved: what did
 * not come by card (credit, a plan's later instalments) and what went back are taken away.
 */
export function moneySummary(figures) {
  return [
    { figure: t`Gross (list prices)`, amount: figures.gross },
    ...Object.entries(figures.adjustments).map(([kind, amount]) => ({
      figure: adjustmentName(kind),
      amount,
    })),
    { figure: t`Paid with account credit`, amount: -figures.creditSpent },
    { figure: t`Left for payment plans`, amount: -figures.planLater },
    { figure: t`Instalments paid`, amount: figures.instalmentsPaid },
    { figure: t`Charged to cards`, amount: figures.charged },
    { figure: t`Refunds`, amount: -figures.refunds },
    { figure: t`Net`, amount: figures.net },
    { figure: t`Account credit issued`, amount: figures.creditIssued },
  ];
}

// The charts beside the tables by week and by category.
function useMoneyCharts(figures) {
  const weekChart = useMemo(
    () => ({
      kind: "bar",
      format: "money",
      labels: figures.byWeek.map((row) => formatMonthDay(row.weekOf)),
      series: [
        { label: t`Charged`, data: figures.byWeek.map((row) => row.charged), tone: "info" },
        { label: t`Refunds`, data: figures.byWeek.map((row) => row.refunds), tone: "secondary" },
        { label: t`Net`, data: figures.byWeek.map((row) => row.net), tone: "primary" },
      ],
    }),
    [figures.byWeek],
  );
  const categoryChart = useMemo(
    () => ({
      kind: "bar",
      format: "money",
      horizontal: true,
      labels: figures.byCategory.map((row) => shortName(categoryName(row))),
      series: [
        { label: t`Gross`, data: figures.byCategory.map((row) => row.gross), tone: "secondary" },
        { label: t`Net`, data: figures.byCategory.map((row) => row.net), tone: "primary" },
      ],
    }),
    [figures.byCategory],
  );
  return { weekChart, categoryChart };
}

/*
 * The season's money in the range: the summary from list prices to the net that matches the card
 * processor's own list, then the same by week and by category.
 */
export function MoneySection({ figures }) {
  const summaryId = useId();
  const { weekChart, categoryChart } = useMoneyCharts(figures);
  const summaryCaption = t`Money in the range`;
  const kindCaption = t`Classes and extended care`;
  const kindId = useId();
  const byKind = figures.byKind ?? [];
  // Apart only where the season sold extended care: otherwise it is all the classes'.
  const careSold = byKind.some(
    (row) => row.kind === "extendedCare" && (row.gross !== 0 || row.charged !== 0),
  );

  return (
    <section aria-labelledby="report-money" className="mb-5">
      <h2 id="report-money" className="h4 mb-3">
        {t`Money`}
      </h2>
      <div className="report-summary">
        <TableDownloads table="money" caption={summaryCaption} />
        <ReportTable
          id={summaryId}
          caption={summaryCaption}
          columns={summaryColumns()}
          rows={moneySummary(figures)}
          rowKey={(row) => row.figure}
        />
      </div>
      {careSold && (
        <div className="report-summary">
          <TableDownloads table="money-by-kind" caption={kindCaption} />
          <ReportTable
            id={kindId}
            caption={kindCaption}
            columns={kindColumns()}
            rows={byKind}
            rowKey={(row) => row.kind}
          />
        </div>
      )}
      <h3 className="h5 mb-3">{t`By week`}</h3>
      <ChartAndTable
        table="money-by-week"
        caption={t`Money by week`}
        chart={weekChart}
        chartLabel={t`Bar chart of the money charged, refunded and net in each week.`}
        columns={weekColumns()}
        rows={figures.byWeek}
        rowKey={(row) => row.weekOf}
        emptyMessage={t`No week of the range has come yet.`}
      />
      <h3 className="h5 mb-3">{t`By category`}</h3>
      <ChartAndTable
        table="money-by-category"
        caption={t`Money by category`}
        chart={categoryChart}
        chartLabel={t`Bar chart of the gross and net money of each category.`}
        chartHeight={`${Math.max(12, 4 + figures.byCategory.length * 2.5)}rem`}
        columns={categoryColumns()}
        rows={figures.byCategory}
        rowKey={(row) => categoryName(row)}
        emptyMessage={t`No seat was sold in the range.`}
      />
    </section>
  );
}
