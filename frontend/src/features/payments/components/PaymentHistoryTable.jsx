import { Fragment } from "react";
import { Link } from "react-router-dom";

import { formatPrice } from "../../../components/ui/formatPrice";
import { Picture } from "../../../components/ui/Picture";
import { paths } from "../../../config/paths";

// The payment date in the reader's own locale and time zone.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatPaymentDate(iso) {
  return dateFormat.format(new Date(iso));
}

function StatusBadge({ payment }) {
  if (payment.status === "refunded") {
    return (
      <>
        <span className="badge text-bg-danger">Refunded</span>
        {payment.refundReason && <div className="small mt-1">{payment.refundReason}</div>}
      </>
    );
  }
  // The family cancelled the enrolment; what it gave back is the refund row below.
  if (payment.status === "cancelled") return <span className="badge text-bg-dark">Cancelled</span>;
  if (payment.status === "enrolled") return <span className="badge text-bg-success">Enrolled</span>;
  const pending = payment.status === "enrollPending";
  return (
    <span className="badge text-bg-secondary">
      {pending ? "Enrolment pending" : payment.status}
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
          <span className="badge text-bg-warning">Refund pending</span>
        </div>
      )}
    </>
  );
}

// Named for its class and participant, as several rows each have one.
function ReceiptLink({ payment }) {
  return (
    <div className="mt-1">
      <Link to={paths.dashboard.receipt(payment._id)}>
        Receipt
        <span className="visually-hidden">
          {" "}
          for {payment.nameClass}, {payment.participantName}
        </span>
      </Link>
    </div>
  );
}

// Some money went back: a cancellation under the refund policy may return only part of it.
function hasRefund(payment) {
  return (
    payment.refundAmount !== null &&
    payment.refundAmount !== undefined &&
    Number(payment.refundAmount) > 0
  );
}

// The money that went back, as its own line under the payment: how much, and when.
function RefundRow({ payment }) {
  const partial = Number(payment.refundAmount) < Number(payment.price);
  return (
    <tr>
      <th scope="row">
        <span className="visually-hidden">Refund</span>
      </th>
      <td />
      <td>
        {partial ? "Partial refund" : "Refund"}: {payment.nameClass}
      </td>
      <td>{payment.participantName}</td>
      <td />
      <td>−{formatPrice(payment.refundAmount)}</td>
      <td>
        {payment.refundedAt ? (
          <time dateTime={payment.refundedAt}>{formatPaymentDate(payment.refundedAt)}</time>
        ) : (
          <span className="text-body-secondary">Not recorded</span>
        )}
      </td>
      <td className="font-monospace small">{payment.transactionId}</td>
      <td>
        <span className="badge text-bg-secondary">Refund</span>
      </td>
    </tr>
  );
}

export function PaymentHistoryTable({ payments }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle">
        <caption className="visually-hidden">Your payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Banner</th>
            <th scope="col">Class Name</th>
            {/* Beside the class, so a phone shows whom each payment was for before scrolling. */}
            <th scope="col">For</th>
            <th scope="col">Instructor Email</th>
            <th scope="col">Price</th>
            <th scope="col">Payment Date</th>
            <th scope="col">Transaction</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment, index) => (
            <Fragment key={payment._id}>
              <tr>
                <th scope="row">{index + 1}</th>
                <td>
                  <Picture
                    src={payment.image}
                    alt={payment.nameClass}
                    width={64}
                    height={48}
                    priority="lazy"
                    className="rounded"
                  />
                </td>
                <td>{payment.nameClass}</td>
                <td>{payment.participantName}</td>
                <td>{payment.instructorEmail}</td>
                <td>{formatPrice(payment.price)}</td>
                <td>
                  <time dateTime={payment.date}>{formatPaymentDate(payment.date)}</time>
                </td>
                {/* The id the bank statement and the receipt e-mail show, for the office to find it. */}
                <td className="font-monospace small">{payment.transactionId}</td>
                <td>
                  <PaymentStatus payment={payment} />
                  <ReceiptLink payment={payment} />
                </td>
              </tr>
              {hasRefund(payment) && <RefundRow payment={payment} />}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
