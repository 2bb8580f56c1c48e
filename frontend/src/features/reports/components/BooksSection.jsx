import { useState } from "react";

import { JOURNAL_FILES, fetchJournalFile, useStripePayouts } from "../../../api/books";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatDate } from "../../../components/ui/schedule";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { moneyColumn } from "./columns";
import { DateField } from "./RangeForm";
import { ReportTable } from "./ReportTable";

const PAYOUT_COLUMNS = [
  { heading: "Arrives", cell: (row) => formatDate(row.arrivesOn) },
  { heading: "Payout", cell: (row) => row.id },
  moneyColumn("Charges", "charges"),
  moneyColumn("Refunds", "refunds"),
  moneyColumn("Stripe fees", "fees"),
  moneyColumn("Deposit", "amount"),
  { heading: "Matched", cell: (row) => (row.matched ? "Yes" : "No: check in Stripe") },
];

function Payouts({ range }) {
  const { data, error, isLoading } = useStripePayouts(range);
  if (error) return <ErrorAlert title="Stripe's payouts could not be loaded." error={error} />;
  if (isLoading || !data) return <Loading label="Loading Stripe's payouts…" />;
  if (data.payouts.length === 0) return <p>No payout arrives in these days.</p>;
  return (
    <ReportTable
      caption="Stripe payouts: each deposit and what it pays out"
      columns={PAYOUT_COLUMNS}
      rows={data.payouts}
      rowKey={(row) => row.id}
    />
  );
}

/*
 * The books for the school's bookkeeping: a range of days (the report's, to start), the journal
 * of it in each file a bookkeeping program imports, and Stripe's payouts in it, each matched to
 * what it pays out.
 */
export function BooksSection({ from: reportFrom, to: reportTo }) {
  const [from, setFrom] = useState(reportFrom);
  const [to, setTo] = useState(reportTo);
  const [payoutsOf, setPayoutsOf] = useState(null);
  const { downloading, failure, download } = useFileDownload();
  const range = { from, to };
  const chosen = Boolean(from && to);

  return (
    <section aria-labelledby="report-books" className="mb-5">
      <h2 id="report-books" className="h4 mb-3">
        The books
      </h2>
      <p className="text-body-secondary">
        The journal of these days for the school&rsquo;s bookkeeping, every entry balanced, and
        Stripe&rsquo;s payouts matched to the charges, refunds and fees they pay out.
      </p>
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <DateField label="Books from" value={from} onChange={setFrom} />
        <DateField label="Books to" value={to} onChange={setTo} />
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {JOURNAL_FILES.map((journal) => (
          <button
            key={journal.file}
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!chosen || Boolean(downloading)}
            onClick={() => download(() => fetchJournalFile(journal, range), journal.file)}
          >
            {downloading === journal.file ? `${journal.label}: downloading…` : journal.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={!chosen}
          onClick={() => setPayoutsOf({ from, to })}
        >
          Show Stripe payouts
        </button>
      </div>
      {failure && (
        <ErrorAlert title="The file could not be downloaded." error={{ message: failure }} />
      )}
      {payoutsOf && <Payouts range={payoutsOf} />}
    </section>
  );
}
