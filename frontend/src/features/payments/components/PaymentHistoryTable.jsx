import { Fragment } from "react";
import { Link } from "react-router-dom";
import { jt, t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { LongText } from "../../../components/ui/LongText";
import { Picture } from "../../../components/ui/Picture";
import { formatDate } from "../../../components/ui/schedule";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { paths } from "../../../config/paths";
import { LOCALE } from "../../../lib/language";
import { instalmentBadge, instalmentKind, instalmentStatus } from "./instalments";

// The payment date in the reader's own locale and time zone.
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });

export function formatPaymentDate(iso) {
  return dateFormat.format(new Date(iso));
}

function StatusBadge({ payment }) {
  if (payment.status === "refunded") {
    return (
      <>
        <span className="badge text-bg-danger">{t`Refunded`}</span>
        {payment.refundReason && <div className="small mt-1">{payment.refundReason}</div>}
      </>
    );
  }
  // The family cancelled the enrolment; what it gave back is the refund row below.
  if (payment.status === "cancelled")
    return <span className="badge text-bg-dark">{t`Cancelled`}</span>;
  if (payment.status === "enrolled")
    return <span className="badge text-bg-success">{t`Enrolled`}</span>;
  const pending = payment.status === "enrollPending";
  return (
    <span className="badge text-bg-secondary">
      {pending ? t`Enrolment pending` : payment.status}
    </span>
  );
}

function PaymentStatus({ payment }) {
  return (
    <>
      <StatusBadge payment={payment} />
      {/* Owed but not yet made (the bank refused it, the school retries): not a refund yet. */}
      {payment.refundPending && (
        <div className="mt-1">
          <span className="badge text-bg-warning">{t`Refund pending`}</span>
        </div>
      )}
    </>
  );
}

/*
 * Named for its class and participant, as several rows each have one. A line of a checkout has
 * the checkout's one receipt: every class of it, and the one charge the bank shows.
 */
function ReceiptLink({ payment }) {
  const to = payment.checkoutId
    ? paths.dashboard.checkoutReceipt(payment.checkoutId)
    : paths.dashboard.receipt(payment._id);
  return (
    <div className="mt-1">
      <Link to={to}>
        {t`Receipt`}
        <span className="visually-hidden">
          {" "}
          {t`for ${payment.nameClass}, ${payment.participantName}`}
        </span>
      </Link>
    </div>
  );
}

// Some money went back: a cancellation under the refund policy may return only part of it.
/*
 * What a family finds the payment by: a checkout's line shows its checkout's reference, which its
 * other classes share (one charge for them all, not one each), rather than the line's own id.
 */
function transactionOf(payment) {
  return payment.checkoutReference || payment.transactionId;
}

function TransactionCell({ payment, transaction = transactionOf(payment) }) {
  const ofACheckout = Boolean(payment.checkoutReference) && transaction !== null;
  return (
    <Cell label={t`Transaction`} className={ofACheckout ? "small" : "font-monospace small"}>
      {transaction}
      {ofACheckout && (
        <div className="text-body-secondary">{t`One card charge for all its classes`}</div>
      )}
    </Cell>
  );
}

function hasRefund(payment) {
  return (
    payment.refundAmount !== null &&
    payment.refundAmount !== undefined &&
    Number(payment.refundAmount) > 0
  );
}

// Money that went back, as its own line under the payment: how much, where, and when.
function MoneyBackRow({
  payment,
  label,
  heading = label,
  amount,
  detail = null,
  transaction,
  badge,
}) {
  return (
    <Row>
      <RowHeader>
        <span className="visually-hidden">{heading}</span>
      </RowHeader>
      <Cell label={t`Banner`} />
      <Cell label={t`Class Name`}>
        {label}: {payment.nameClass}
        {detail}
      </Cell>
      <Cell label={t`For`}>
        <LongText text={payment.participantName} />
      </Cell>
      <Cell label={t`Instructor Email`} />
      <Cell label={t`Price`}>−{formatPrice(amount)}</Cell>
      <Cell label={t`Payment Date`}>
        {payment.refundedAt ? (
          <time dateTime={payment.refundedAt}>{formatPaymentDate(payment.refundedAt)}</time>
        ) : (
          <span className="text-body-secondary">{t`Not recorded`}</span>
        )}
      </Cell>
      <TransactionCell payment={payment} transaction={transaction} />
      <Cell label={t`Status`}>
        <span className="badge text-bg-secondary">{badge}</span>
      </Cell>
    </Row>
  );
}

// The one refund line: a cancellation under the refund policy may return only part of it.
function RefundRow({ payment }) {
  const partial = Number(payment.refundAmount) < Number(payment.price);
  return (
    <MoneyBackRow
      payment={payment}
      label={partial ? t`Partial refund` : t`Refund`}
      heading={t`Refund`}
      amount={payment.refundAmount}
      transaction={transactionOf(payment)}
      badge={t`Refund`}
    />
  );
}

// Which charge a card refund went back to, as the rows above name it.
function RefundedCharge({ payment, part }) {
  if (part.way !== "card") return null;
  const instalment = (payment.instalments ?? []).find(({ id }) => id === part.instalmentId);
  if (instalment) {
    const kind = instalmentKind(instalment.kind);
    const day = (
      <time key="due" dateTime={instalment.dueOn}>
        {formatDate(instalment.dueOn)}
      </time>
    );
    return <div className="small text-body-secondary">{jt`${kind} due ${day}`}</div>;
  }
  return payment.planLabel ? <div className="small text-body-secondary">{t`Deposit`}</div> : null;
}

/*
 * A seat refunded whole, one line per way its money went back: each card charge to its card,
 * and what was paid with credit, in cash or by cheque to the account credit. The one refund
 * line could only say the first charge's amount.
 */
function RefundPartRow({ payment, part }) {
  const toCard = part.way === "card";
  return (
    <MoneyBackRow
      payment={payment}
      label={toCard ? t`Refund to card` : t`Account credit`}
      amount={part.amount}
      detail={<RefundedCharge payment={payment} part={part} />}
      transaction={toCard && part.instalmentId === null ? transactionOf(payment) : null}
      badge={toCard ? t`Refund` : t`Credit`}
    />
  );
}

function RefundRows({ payment }) {
  const parts = payment.refundParts ?? [];
  if (parts.length > 0) {
    return parts.map((part) => (
      <RefundPartRow
        key={`${part.way}-${part.instalmentId ?? "first"}`}
        payment={payment}
        part={part}
      />
    ));
  }
  return hasRefund(payment) ? <RefundRow payment={payment} /> : null;
}

/*
 * A part of a payment made by a plan, as its own line under the payment: what it is, how much,
 * the day it is due, and how it stands (paid, due, failed...).
 */
function InstalmentRow({ payment, instalment }) {
  const kind = instalmentKind(instalment.kind);
  const dueDay = (
    <time key="due" dateTime={instalment.dueOn}>
      {formatDate(instalment.dueOn)}
    </time>
  );
  return (
    <Row>
      <RowHeader>
        <span className="visually-hidden">{kind}</span>
      </RowHeader>
      <Cell label={t`Banner`} />
      <Cell label={t`Class Name`}>
        {kind}: {payment.nameClass}
      </Cell>
      <Cell label={t`For`}>
        <LongText text={payment.participantName} />
      </Cell>
      <Cell label={t`Instructor Email`} />
      <Cell label={t`Price`}>{formatPrice(instalment.amount)}</Cell>
      <Cell label={t`Payment Date`}>{jt`Due ${dueDay}`}</Cell>
      <Cell label={t`Transaction`} />
      <Cell label={t`Status`}>
        <span className={instalmentBadge(instalment.status)}>{instalmentStatus(instalment)}</span>
      </Cell>
    </Row>
  );
}

// Paid by a plan: the payment's own amount was its deposit; the plan's parts follow it.
function PaymentPrice({ payment }) {
  if (!payment.planLabel) return formatPrice(payment.price);
  return (
    <>
      <span className="d-block small">{t`Deposit`}</span>
      {formatPrice(payment.price)}
    </>
  );
}

// "For" sits beside the class, so a wide table shows whom each payment was for before scrolling.
const COLUMNS = [
  "#",
  t`Banner`,
  t`Class Name`,
  t`For`,
  t`Instructor Email`,
  t`Price`,
  t`Payment Date`,
  t`Transaction`,
  t`Status`,
];

export function PaymentHistoryTable({ payments }) {
  return (
    <StackedTable
      caption={t`Your payments, newest first`}
      columns={COLUMNS}
      className="table-striped"
    >
      {payments.map((payment, index) => (
        <Fragment key={payment._id}>
          <Row>
            <RowHeader label={"#"}>{index + 1}</RowHeader>
            <Cell label={t`Banner`}>
              <Picture
                src={payment.image}
                alt={payment.nameClass}
                width={64}
                height={48}
                priority="lazy"
                className="rounded"
              />
            </Cell>
            <Cell label={t`Class Name`}>
              <LongText text={payment.nameClass} />
              {payment.planLabel && (
                <div className="small text-body-secondary">{t`Payment plan: ${payment.planLabel}`}</div>
              )}
            </Cell>
            <Cell label={t`For`}>
              <LongText text={payment.participantName} />
            </Cell>
            <Cell label={t`Instructor Email`}>
              <LongText text={payment.instructorEmail} />
            </Cell>
            <Cell label={t`Price`}>
              <PaymentPrice payment={payment} />
            </Cell>
            <Cell label={t`Payment Date`}>
              <time dateTime={payment.date}>{formatPaymentDate(payment.date)}</time>
            </Cell>
            {/* What the receipt e-mail shows, for the office to find the payment by. */}
            <TransactionCell payment={payment} />
            <Cell label={t`Status`}>
              <PaymentStatus payment={payment} />
              <ReceiptLink payment={payment} />
            </Cell>
          </Row>
          {(payment.instalments ?? []).map((instalment) => (
            <InstalmentRow key={instalment.id} payment={payment} instalment={instalment} />
          ))}
          <RefundRows payment={payment} />
        </Fragment>
      ))}
    </StackedTable>
  );
}
