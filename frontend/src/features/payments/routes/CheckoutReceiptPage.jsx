import { useParams } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { useCheckoutReceipt } from "../../../api/checkoutReceipts";
import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import { formatDate, formatScheduleSummary, formatTime } from "../../../components/ui/schedule";
import { useTitle } from "../../../hooks/useTitle";
import { instalmentStatus } from "../components/instalments";
import {
  formatSchoolMoment,
  meetingsSaid,
  PrintedReceipt,
  ReceiptSchool,
  STATUS_LABELS,
} from "./ReceiptPage";
import "./receipt.css";

function meetingCount(line) {
  const count = line.meetings.length;
  return count > 0 ? ` ${meetingsSaid(count)}` : "";
}

// A plan's parts after this line's deposit, each with its date, amount and how it stands.
function LinePlan({ line }) {
  return (
    <table className="table table-sm mb-0">
      <caption className="caption-top">
        {t`Payment plan: ${line.planLabel}. Still to pay, charged to the same card on each date:`}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t`Due`}</th>
          <th scope="col" className="text-end">
            {t`Amount`}
          </th>
          <th scope="col">{t`Status`}</th>
        </tr>
      </thead>
      <tbody>
        {line.instalments.map((instalment) => (
          <tr key={instalment.id}>
            <td>
              <time dateTime={instalment.dueOn}>{formatDate(instalment.dueOn)}</time>
            </td>
            <td className="text-end">{formatPrice(instalment.amount)}</td>
            <td>{instalmentStatus(instalment)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/*
 * One class of the checkout: for whom, when and where it meets, and how its price was reached
 * (the list price, then each discount, the code and the credit by name).
 */
function ReceiptLine({ line }) {
  const headingId = `receipt-line-${line.id}`;
  const adjusted = line.listPrice !== null && line.adjustments.length > 0;
  return (
    <li className="border-top pt-3 mb-3">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="h6">
          {t`${line.nameClass} for ${line.participantName}`}
        </h3>
        <dl className="receipt-facts row mb-2">
          <dt className="col-sm-4">{t`Instructor`}</dt>
          <dd className="col-sm-8">{line.instructorName}</dd>
          <dt className="col-sm-4">{t`Meets`}</dt>
          <dd className="col-sm-8">
            {formatScheduleSummary(line)}
            {meetingCount(line)}
          </dd>
          <dt className="col-sm-4">{t`Where`}</dt>
          <dd className="col-sm-8">{line.location || t`The class page will say where`}</dd>
          {adjusted && (
            <>
              <dt className="col-sm-4">{t`List price`}</dt>
              <dd className="col-sm-8">{formatPrice(line.listPrice)}</dd>
              {line.adjustments.map((adjustment) => (
                <Adjustment
                  key={`${adjustment.kind}-${adjustment.label}`}
                  adjustment={adjustment}
                />
              ))}
            </>
          )}
          <dt className="col-sm-4">{line.planLabel ? t`Deposit` : t`Paid`}</dt>
          <dd className="col-sm-8">{formatPrice(line.price)}</dd>
          {line.status !== "enrolled" && (
            <>
              <dt className="col-sm-4">{t`Status`}</dt>
              <dd className="col-sm-8">
                {STATUS_LABELS[line.status] ?? line.status}
                {line.refundReason && <div>{line.refundReason}</div>}
              </dd>
            </>
          )}
        </dl>
        {line.planLabel && line.instalments.length > 0 && <LinePlan line={line} />}
      </section>
    </li>
  );
}

// "2027-06-28" -> "Mon Jun 28".
function shortDay(isoDate) {
  return formatDate(isoDate).split(",").slice(0, 2).join("");
}

/*
 * A child's days of one option of extended care in one week, together: the option, the week, how
 * many days and their hours, who looks after the children, and what the days cost together (the
 * weekly rate among the adjustments).
 */
function ReceiptCareWeek({ week }) {
  const headingId = `receipt-care-${week.lineIds[0]}`;
  const count = week.days.length;
  const start = formatTime(week.startTime);
  const end = formatTime(week.endTime);
  return (
    <li className="border-top pt-3 mb-3">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="h6">
          {ngettext(
            msgid`${week.label}, ${week.week}: ${count} day, ${start} to ${end} for ${week.participantName}`,
            `${week.label}, ${week.week}: ${count} days, ${start} to ${end} for ${week.participantName}`,
            count,
          )}
        </h3>
        <dl className="receipt-facts row mb-2">
          <dt className="col-sm-4">{t`Days`}</dt>
          <dd className="col-sm-8">{week.days.map(shortDay).join(", ")}</dd>
          <dt className="col-sm-4">{t`Looked after by`}</dt>
          <dd className="col-sm-8">{week.ledBy}</dd>
          {week.adjustments.length > 0 && (
            <>
              <dt className="col-sm-4">{t`List price`}</dt>
              <dd className="col-sm-8">{formatPrice(week.listPrice)}</dd>
              {week.adjustments.map((adjustment) => (
                <Adjustment
                  key={`${adjustment.kind}-${adjustment.label}`}
                  adjustment={adjustment}
                />
              ))}
            </>
          )}
          <dt className="col-sm-4">{t`Paid`}</dt>
          <dd className="col-sm-8">{formatPrice(week.price)}</dd>
          {week.status !== "enrolled" && (
            <>
              <dt className="col-sm-4">{t`Status`}</dt>
              <dd className="col-sm-8">
                {STATUS_LABELS[week.status] ?? week.status}
                {week.refundReason && <div>{week.refundReason}</div>}
              </dd>
            </>
          )}
        </dl>
      </section>
    </li>
  );
}

function Adjustment({ adjustment }) {
  return (
    <>
      <dt className="col-sm-4">{adjustment.label}</dt>
      <dd className="col-sm-8">{formatPriceChange(adjustment.amount)}</dd>
    </>
  );
}

function CheckoutReceiptFacts({ receipt }) {
  const byCard = Number(receipt.total) > 0;
  const care = receipt.extendedCare ?? [];
  return (
    <>
      <ReceiptSchool school={receipt.school} />
      <dl className="receipt-facts row mb-4">
        <dt className="col-sm-4">{t`Reference`}</dt>
        <dd className="col-sm-8">{receipt.reference}</dd>
        <dt className="col-sm-4">{t`Date`}</dt>
        <dd className="col-sm-8">
          <time dateTime={receipt.paidAt}>
            {formatSchoolMoment(receipt.paidAt, receipt.timeZone)}
          </time>
        </dd>
        <dt className="col-sm-4">{t`Paid by`}</dt>
        <dd className="col-sm-8">
          {receipt.studentName} ({receipt.email})
        </dd>
        {byCard && (
          <>
            <dt className="col-sm-4">{t`Charged to your card`}</dt>
            <dd className="col-sm-8">
              <strong>{formatPrice(receipt.total)}</strong>
              <div>{t`One charge for every class below, as your bank statement shows it`}</div>
            </dd>
          </>
        )}
        {Number(receipt.credit) > 0 && (
          <>
            <dt className="col-sm-4">{t`Paid with account credit`}</dt>
            <dd className="col-sm-8">{formatPrice(receipt.credit)}</dd>
          </>
        )}
      </dl>
      <h2 className="h5">{t`Classes`}</h2>
      <ul className="list-unstyled mb-4">
        {receipt.lines.map((line) => (
          <ReceiptLine key={line.id} line={line} />
        ))}
      </ul>
      {care.length > 0 && (
        <>
          <h2 className="h5">{t`Extended care`}</h2>
          <ul className="list-unstyled mb-4">
            {care.map((week) => (
              <ReceiptCareWeek key={week.lineIds[0]} week={week} />
            ))}
          </ul>
        </>
      )}
      <h2 className="h5">{t`Refund policy`}</h2>
      <p>{receipt.refundPolicy}</p>
    </>
  );
}

/*
 * A family's checkout's one receipt: every class it paid for, whom for, when and where, each
 * price, and the one amount charged to the card with the checkout's reference. Made to be
 * printed, as a payment's receipt is (receipt.css).
 */
export function CheckoutReceiptPage() {
  useTitle(t`Receipt`);
  const { checkoutId } = useParams();
  const { data: receipt, error } = useCheckoutReceipt(checkoutId);

  return <PrintedReceipt receipt={receipt} error={error} Facts={CheckoutReceiptFacts} />;
}
