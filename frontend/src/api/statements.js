import { fetchFile } from "../lib/api";

/*
 * GET /statements/:year.pdf?participantId=: a family's yearly statement for one of its
 * participants, what it paid for their care in a calendar year net of what went back, as a PDF
 * to hand to a dependent-care account or a tax return. Students, for their own family only:
 * anyone else's participant is not found.
 */

export function statementPath(year, participantId) {
  const query = new URLSearchParams({ participantId: String(participantId) });
  return `/statements/${encodeURIComponent(year)}.pdf?${query}`;
}

/*
 * The statement as {blob, filename}: the name the server gave it, else one made from the year.
 * Asked at each press, never cached: a payment or refund since changes what it says.
 */
export async function fetchStatementPdf(year, participantId) {
  const { blob, filename } = await fetchFile(statementPath(year, participantId), {
    accept: "application/pdf",
  });
  return { blob, filename: filename || `statement-${year}.pdf` };
}
