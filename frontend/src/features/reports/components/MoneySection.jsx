import { useId, useMemo } from "react";

import { formatMonthDay } from "../../../components/ui/schedule";
import { ChartAndTable } from "./ChartAndTable";
import { moneyColumn } from "./columns";
import { ReportTable, TableDownloads } from "./ReportTable";
import { shortName } from "./figures";

// The adjustments the price engine makes, by the name the server gives each kind (the names
// are the money table's in camp/reports.py, so the page and the file read alike).
const ADJUSTMENTS = {
  earlyBird: "Early-bird prices",
  sibling: "Sibling discounts",
  multiClass: "Multi-class discounts",
  multiWeek: "Multi-week discounts",
  weeklyCare: "Extended care's weekly rates",
  code: "Promo codes",
  scholarship: "Scholarships",
  other: "Other adjustments",
};

const SUMMARY_COLUMNS = [
  { heading: "Figure", cell: (row) => row.figure },
  moneyColumn("Amount", "amount"),
];

const AMOUNT_COLUMNS = [
  moneyColumn("Gross", "gross"),
  moneyColumn("Discounts and credit", "adjustments"),
  moneyColumn("Charged", "charged"),
  moneyColumn("Refunds", "refunds"),
  moneyColumn("Net", "net"),
];
const WEEK_COLUMNS = [
  { heading: "Week of", cell: (row) => formatMonthDay(row.weekOf) },
  ...AMOUNT_COLUMNS,
];
const CATEGORY_COLUMNS = [
  { heading: "Category", cell: (row) => categoryName(row) },
  ...AMOUNT_COLUMNS,
];

const KINDS = { classes: "Classes", extendedCare: "Extended care" };
const KIND_COLUMNS = [{ heading: "Kind", cell: (row) => KINDS[row.kind] }, ...AMOUNT_COLUMNS];

function categoryName(row) {
  return row.category || "No category";
}

/*
 * From the seats' list prices to what reached the bank, in the order the money moved: what did
 * not come by card (credit, a plan's later instalments) and what went back are taken away.
 */
export function moneySummary(figures) {
  return [
    { figure: "Gross (list prices)", amount: figures.gross },
    ...Object.entries(figures.adjustments).map(([kind, amount]) => ({
      figure: ADJUSTMENTS[kind] ?? kind,
      amount,
    })),
    { figure: "Paid with account credit", amount: -figures.creditSpent },
    { figure: "Left for payment plans", amount: -figures.planLater },
    { figure: "Instalments paid", amount: figures.instalmentsPaid },
    { figure: "Charged to cards", amount: figures.charged },
    { figure: "Refunds", amount: -figures.refunds },
    { figure: "Net", amount: figures.net },
    { figure: "Account credit issued", amount: figures.creditIssued },
  ];
}

/*
 * The season's money in the range: the summary from list prices to the net that matches the card
 * processor's own list, then the same by week and by category.
 */
export function MoneySection({ figures }) {
  const summaryId = useId();
  const weekChart = useMemo(
    () => ({
      kind: "bar",
      format: "money",
      labels: figures.byWeek.map((row) => formatMonthDay(row.weekOf)),
      series: [
        { label: "Charged", data: figures.byWeek.map((row) => row.charged), tone: "info" },
        { label: "Refunds", data: figures.byWeek.map((row) => row.refunds), tone: "secondary" },
        { label: "Net", data: figures.byWeek.map((row) => row.net), tone: "primary" },
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
        { label: "Gross", data: figures.byCategory.map((row) => row.gross), tone: "secondary" },
        { label: "Net", data: figures.byCategory.map((row) => row.net), tone: "primary" },
      ],
    }),
    [figures.byCategory],
  );
  const summaryCaption = "Money in the range";
  const kindId = useId();
  const byKind = figures.byKind ?? [];
  // Apart only where the season sold extended care: otherwise it is all the classes'.
  const careSold = byKind.some(
    (row) => row.kind === "extendedCare" && (row.gross !== 0 || row.charged !== 0),
  );

  return (
    <section aria-labelledby="report-money" className="mb-5">
      <h2 id="report-money" className="h4 mb-3">
        Money
      </h2>
      <div className="report-summary">
        <TableDownloads table="money" caption={summaryCaption} />
        <ReportTable
          id={summaryId}
          caption={summaryCaption}
          columns={SUMMARY_COLUMNS}
          rows={moneySummary(figures)}
          rowKey={(row) => row.figure}
        />
      </div>
      {careSold && (
        <div className="report-summary">
          <TableDownloads table="money-by-kind" caption="Classes and extended care" />
          <ReportTable
            id={kindId}
            caption="Classes and extended care"
            columns={KIND_COLUMNS}
            rows={byKind}
            rowKey={(row) => row.kind}
          />
        </div>
      )}
      <h3 className="h5 mb-3">By week</h3>
      <ChartAndTable
        table="money-by-week"
        caption="Money by week"
        chart={weekChart}
        chartLabel="Bar chart of the money charged, refunded and net in each week."
        columns={WEEK_COLUMNS}
        rows={figures.byWeek}
        rowKey={(row) => row.weekOf}
        emptyMessage="No week of the range has come yet."
      />
      <h3 className="h5 mb-3">By category</h3>
      <ChartAndTable
        table="money-by-category"
        caption="Money by category"
        chart={categoryChart}
        chartLabel="Bar chart of the gross and net money of each category."
        chartHeight={`${Math.max(12, 4 + figures.byCategory.length * 2.5)}rem`}
        columns={CATEGORY_COLUMNS}
        rows={figures.byCategory}
        rowKey={(row) => categoryName(row)}
        emptyMessage="No seat was sold in the range."
      />
    </section>
  );
}
