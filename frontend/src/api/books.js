import useSWR from "swr";
import { t } from "ttag";

import { fetchFile } from "../lib/api";

/*
 * The school's books for its bookkeeping, for admins (books/apis_exports.py): the journal of a
 * range of days, GET /reports/journal.<file>?from=&to=, as a plain journal (csv, xlsx),
 * QuickBooks Desktop (iif), QuickBooks Online (qbo.csv) or Xero (xero.csv); and Stripe's payouts
 * arriving in the range, each matched to its charges, refunds and fees, GET
 * /reports/payouts?from=&to= ({payouts: [{id, arrivesOn, amount, charges, refunds, fees, net,
 * matched, ...}]}).
 */

export const JOURNAL_FILES = [
  { file: "csv", label: t`Journal (CSV)`, accept: "text/csv" },
  {
    file: "xlsx",
    label: t`Journal (XLSX)`,
    accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  { file: "iif", label: "QuickBooks Desktop (IIF)", accept: "application/octet-stream" },
  { file: "qbo.csv", label: "QuickBooks Online (CSV)", accept: "text/csv" },
  { file: "xero.csv", label: "Xero (CSV)", accept: "text/csv" },
];

function rangeQuery({ from, to }) {
  return `?${new URLSearchParams({ from, to }).toString()}`;
}

export function journalFilePath(file, range) {
  return `/reports/journal.${file}${rangeQuery(range)}`;
}

// One of the journal's files, asked with the bearer token at each press: {blob, filename}.
export async function fetchJournalFile({ file, accept }, range) {
  const { blob, filename } = await fetchFile(journalFilePath(file, range), { accept });
  return { blob, filename: filename || `journal-${range.from}-${range.to}.${file}` };
}

// The payouts of the range, once asked (`range` null until then).
export function useStripePayouts(range) {
  return useSWR(range ? `/reports/payouts${rangeQuery(range)}` : null);
}
