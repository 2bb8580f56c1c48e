import { useState } from "react";
import { c, t } from "ttag";

import { JOURNAL_FILES, fetchJournalFile, useStripePayouts } from "../../../api/books";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatDate } from "../../../components/ui/schedule";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { moneyColumn } from "./columns";
import { DateField } from "./RangeForm";
import { ReportTable } from "./ReportTable";

function payoutColumns() {
  return [
    { heading: t`Arrives`, cell: (row) => formatDate(row.arrivesOn) },
    { heading: t`Payout`, cell: (row) => row.id },
    moneyColumn(t`Charges`, "charges"),
    moneyColumn(t`Refunds`, "refunds"),
    moneyColumn(t`Stripe fees`, "fees"),
    // The money Stripe paid into the bank, not a plan's first payment ("Anticipo").
    moneyColumn(c("bank payout").t`Deposit`, "amount"),
    { heading: t`Matched`, cell: (row) => (row.matched ? t`Yes` : t`No: check in Stripe`) },
  ];
}

// A journal's button, saying so while its file is on its way.
function journalButtonText(journal, downloading) {
  const { label } = journal;
  return downloading === journal.file ? t`${label}: downloading…` : label;
}

function Payouts({ range }) {
  const { data, error, isLoading } = useStripePayouts(range);
  if (error) return <ErrorAlert title={t`Stripe's payouts could not be loaded.`} error={error} />;
  if (isLoading || !data) return <Loading label={t`Loading Stripe's payouts…`} />;
  if (data.payouts.length === 0) return <p>{t`No payout arrives in these days.`}</p>;
  return (
    <ReportTable
      caption={t`Stripe payouts: each deposit and what it pays out`}
      columns={payoutColumns()}
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
        {t`The books`}
      </h2>
      <p className="text-body-secondary">
        {t`The journal of these days for the school’s bookkeeping, every entry balanced, and Stripe’s payouts matched to the charges, refunds and fees they pay out.`}
      </p>
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <DateField label={t`Books from`} value={from} onChange={setFrom} />
        <DateField label={t`Books to`} value={to} onChange={setTo} />
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
            {journalButtonText(journal, downloading)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={!chosen}
          onClick={() => setPayoutsOf({ from, to })}
        >
          {t`Show Stripe payouts`}
        </button>
      </div>
      {failure && (
        <ErrorAlert title={t`The file could not be downloaded.`} error={{ message: failure }} />
      )}
      {payoutsOf && <Payouts range={payoutsOf} />}
    </section>
  );
}
