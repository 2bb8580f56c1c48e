import { Link, useParams } from "react-router-dom";
import { jt, msgid, ngettext, t } from "ttag";

import { useReceipt } from "../../../api/receipts";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { formatPrice } from "../../../components/ui/formatPrice";
import { Loading } from "../../../components/ui/Loading";
import { formatDate, formatScheduleSummary } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { LOCALE } from "../../../lib/language";
import { instalmentKind, instalmentStatus } from "../components/instalments";
import "./receipt.css";

export const STATUS_LABELS = {
  enrolled: t`Paid, enrolled`,
  enrollPending: t`Paid, enrolment pending`,
  refunded: t`Refunded`,
  cancelled: t`Cancelled`,
};

// "(3 meetings)": how many times a class meets, beside its schedule.
export function meetingsSaid(count) {
  return ngettext(msgid`(${count} meeting)`, `(${count} meetings)`, count);
}

// A receipt's moments are the school's: the same date whichever zone the family prints it in.
export function formatSchoolMoment(iso, timeZone) {
  return new Intl.DateTimeFormat(LOCALE, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(iso));
}

function hasRefund(receipt) {
  return receipt.refundAmount !== null && Number(receipt.refundAmount) > 0;
}

/*
 * A payment made by a plan: this receipt's amount was the deposit, and the plan's parts follow,
 * each with its date, amount and how it stands as the receipt is read.
 */
function PlanSchedule({ receipt }) {
  return (
    <>
      <h2 className="h5">{t`Payment plan: ${receipt.planLabel}`}</h2>
      <table className="table table-sm mb-4">
        <caption className="visually-hidden">{t`The payments after the deposit`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Due`}</th>
            <th scope="col">{t`Part`}</th>
            <th scope="col" className="text-end">
              {t`Amount`}
            </th>
            <th scope="col">{t`Status`}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.instalments.map((instalment) => (
            <tr key={instalment.id}>
              <td>
                <time dateTime={instalment.dueOn}>{formatDate(instalment.dueOn)}</time>
              </td>
              <td>{instalmentKind(instalment.kind)}</td>
              <td className="text-end">{formatPrice(instalment.amount)}</td>
              <td>{instalmentStatus(instalment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

// Who was paid, and where to write about it: at the top of every receipt.
export function ReceiptSchool({ school }) {
  const mail = (
    <a key="mail" href={`mailto:${school.replyTo}`}>
      {school.replyTo}
    </a>
  );
  return (
    <header className="mb-4">
      <p className="fs-4 fw-semibold mb-1">{school.name}</p>
      <p className="mb-0">{jt`Questions about this payment: ${mail}`}</p>
    </header>
  );
}

/*
 * The card charge a payment came by. A line of a family's checkout was paid with the checkout's
 * other classes in one charge: it names the checkout, whose receipt shows them all and the
 * amount the bank shows, rather than the line's own transaction id.
 */
function PaidBy({ receipt }) {
  if (receipt.checkoutReference) {
    return (
      <>
        <dt className="col-sm-4">{t`Paid in`}</dt>
        <dd className="col-sm-8">
          <Link to={paths.dashboard.checkoutReceipt(receipt.checkoutId)}>
            {receipt.checkoutReference}
          </Link>
          <div>{t`One card charge for every class of the checkout`}</div>
        </dd>
      </>
    );
  }
  return (
    <>
      <dt className="col-sm-4">{t`Card transaction`}</dt>
      <dd className="col-sm-8 font-monospace text-break">{receipt.transactionId}</dd>
    </>
  );
}

function ReceiptFacts({ receipt }) {
  const refunded = hasRefund(receipt);
  const refundAmount = formatPrice(receipt.refundAmount);
  const refundedAt = receipt.refundedAt && (
    <time key="refunded" dateTime={receipt.refundedAt}>
      {formatSchoolMoment(receipt.refundedAt, receipt.timeZone)}
    </time>
  );
  return (
    <>
      <ReceiptSchool school={receipt.school} />
      <dl className="receipt-facts row mb-4">
        <dt className="col-sm-4">{t`Receipt number`}</dt>
        <dd className="col-sm-8">{receipt.receiptNumber}</dd>
        <dt className="col-sm-4">{t`Date`}</dt>
        <dd className="col-sm-8">
          <time dateTime={receipt.date}>{formatSchoolMoment(receipt.date, receipt.timeZone)}</time>
        </dd>
        <dt className="col-sm-4">{t`Paid by`}</dt>
        <dd className="col-sm-8">
          {receipt.studentName} ({receipt.email})
        </dd>
        <dt className="col-sm-4">{t`For`}</dt>
        <dd className="col-sm-8">{receipt.participantName || receipt.studentName}</dd>
        <dt className="col-sm-4">{t`Class`}</dt>
        <dd className="col-sm-8">{t`${receipt.nameClass}, with ${receipt.instructorName}`}</dd>
        <dt className="col-sm-4">{t`Meets`}</dt>
        <dd className="col-sm-8">
          {formatScheduleSummary(receipt)}
          {receipt.meetings.length > 0 && ` ${meetingsSaid(receipt.meetings.length)}`}
          {receipt.location && <div>{receipt.location}</div>}
        </dd>
        <dt className="col-sm-4">{receipt.planLabel ? t`Deposit` : t`Amount`}</dt>
        <dd className="col-sm-8">{formatPrice(receipt.price)}</dd>
        <PaidBy receipt={receipt} />
        <dt className="col-sm-4">{t`Status`}</dt>
        <dd className="col-sm-8">
          {STATUS_LABELS[receipt.status] ?? receipt.status}
          {receipt.status === "refunded" && receipt.refundReason && (
            <div>{receipt.refundReason}</div>
          )}
        </dd>
        {refunded && (
          <>
            <dt className="col-sm-4">{t`Refund`}</dt>
            <dd className="col-sm-8">
              {receipt.refundedAt ? jt`${refundAmount} on ${refundedAt}` : refundAmount}
            </dd>
          </>
        )}
        {receipt.refundPending && (
          <>
            <dt className="col-sm-4">{t`Refund`}</dt>
            <dd className="col-sm-8">{t`Pending: the school is making it.`}</dd>
          </>
        )}
      </dl>
      {receipt.planLabel && receipt.instalments.length > 0 && <PlanSchedule receipt={receipt} />}
      <h2 className="h5">{t`Refund policy`}</h2>
      <p>{receipt.refundPolicy}</p>
    </>
  );
}

/*
 * A receipt's page around its facts (`Facts`, given the receipt once loaded): its heading, and
 * Print and the way back. Print opens the browser's dialog, and the print stylesheet
 * (receipt.css) leaves out the menus and buttons and prints black on white.
 */
export function PrintedReceipt({ receipt, error, Facts }) {
  let body;
  if (receipt) body = <Facts receipt={receipt} />;
  else if (error) body = <ErrorAlert title={t`This receipt could not be loaded.`} error={error} />;
  else body = <Loading label={t`Loading your receipt…`} />;

  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <h1 id="receipt-heading" className="h2 mb-4">
        {t`Receipt`}
      </h1>
      {body}
      <div className="d-flex flex-wrap gap-2 mt-4 d-print-none">
        {receipt && (
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t`Print`}
          </button>
        )}
        <Link className="btn btn-outline-secondary" to={paths.dashboard.myPaymentHistory}>
          {t`Back to payment history`}
        </Link>
      </div>
    </article>
  );
}

/*
 * One payment's receipt, made to be printed: Print opens the browser's dialog, and the print
 * stylesheet (receipt.css) leaves out the menus and buttons and prints black on white.
 */
export function ReceiptPage() {
  useTitle(t`Receipt`);
  const { paymentId } = useParams();
  const { data: receipt, error } = useReceipt(paymentId);

  return <PrintedReceipt receipt={receipt} error={error} Facts={ReceiptFacts} />;
}
