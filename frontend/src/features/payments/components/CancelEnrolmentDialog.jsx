import { useId, useState } from "react";
import { t } from "ttag";

import { Dialog } from "../../../components/ui/Dialog";
import { Loading } from "../../../components/ui/Loading";
import { PlainText } from "../../../components/ui/PlainText";
import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import { useCancellationPreview } from "../../../api/cancellations";

// The server's reason ("you cancelled 9 days before ...") as a sentence of its own.
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/*
 * The answer names no class or discount, only the amount: the one sentence that fits every
 * discount a cancellation can take away from another class.
 */
export const WITHHELD_WHY = t`A discount another of your classes had no longer applies; it is kept from this refund.`;

// Account credit spent on the seat goes back as credit, by the same tier as the card's part.
export const CREDIT_RETURNED_WHY = t`Account credit you spent on this class goes back to your credit.`;

// "8%", "7.5%": the school's bonus as it sets it.
function percent(value) {
  return `${Number(value)}%`;
}

/*
 * Where the refund goes: back to the card, or into the family's account credit, with the
 * school's bonus when it gives one (the amount it would come to, shown before choosing).
 */
function RefundToChoice({ preview, refundTo, onChange, disabled }) {
  const id = useId();
  const bonus = Number(preview.creditBonusPercent) > 0;
  const creditAmount = formatPrice(preview.creditAmount);
  const bonusPercent = percent(preview.creditBonusPercent);
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="form-label fs-6 fw-semibold mb-1">{t`Where should the refund go?`}</legend>
      <div className="form-check">
        <input
          id={`${id}-card`}
          className="form-check-input"
          type="radio"
          name={`${id}-refund-to`}
          value="card"
          checked={refundTo === "card"}
          onChange={() => onChange("card")}
        />
        <label htmlFor={`${id}-card`} className="form-check-label">
          {t`Refund to my card`}
        </label>
      </div>
      <div className="form-check">
        <input
          id={`${id}-credit`}
          className="form-check-input"
          type="radio"
          name={`${id}-refund-to`}
          value="credit"
          checked={refundTo === "credit"}
          onChange={() => onChange("credit")}
        />
        <label htmlFor={`${id}-credit`} className="form-check-label">
          {t`Add to my account credit`}
          {bonus && (
            <span className="d-block small text-body-secondary">
              {t`${creditAmount} (+${bonusPercent} bonus)`}
            </span>
          )}
        </label>
      </div>
    </fieldset>
  );
}

/*
 * What cancelling would give back, as the server worked it out under the policy they paid under;
 * `children` (where the refund goes) sits under the amounts, before the policy's text.
 */
function RefundPreview({ preview, children }) {
  const withheld = Number(preview.withheldDiscount) > 0;
  return (
    <>
      <p>{t`The seat is given up, and this is what comes back to you.`}</p>
      <dl className="class-facts mb-3">
        <dt>{t`Paid`}</dt>
        <dd>{formatPrice(preview.paid)}</dd>
        {withheld && (
          <>
            <dt>{t`Discount withheld`}</dt>
            <dd>
              {formatPriceChange(-Number(preview.withheldDiscount))}
              <span className="d-block small">{WITHHELD_WHY}</span>
            </dd>
          </>
        )}
        <dt>{t`Refund`}</dt>
        <dd>
          <strong>{formatPrice(preview.refundAmount)}</strong>
          {preview.tierLabel && <span className="d-block small">{preview.tierLabel}</span>}
        </dd>
        {Number(preview.creditReturned) > 0 && (
          <>
            <dt>{t`Credit returned`}</dt>
            <dd>
              {formatPrice(preview.creditReturned)}
              <span className="d-block small">{CREDIT_RETURNED_WHY}</span>
            </dd>
          </>
        )}
      </dl>
      {preview.why && <p className="small">{sentence(preview.why)}</p>}
      {children}
      {preview.policyText && (
        <>
          <h3 className="h6 mb-1">{t`The refund policy when you paid`}</h3>
          <PlainText
            text={preview.policyText}
            className="small text-body-secondary"
            paragraphClassName="mb-1"
          />
        </>
      )}
    </>
  );
}

/*
 * Asks before an enrolment is cancelled, showing first what would be refunded and why (the
 * policy's tier and text, and a discount withheld), and where the refund should go. Choosing
 * asks the server again, for that way. Cancel enrolment stays off until the refund for the way
 * chosen is known, when the server says it cannot be cancelled (its reason shows), and while the
 * cancellation is on its way; it sends the way chosen and the refund shown (`onConfirm`).
 * `failure` is the server's reason a confirmed cancellation did not go through.
 */
export function CancelEnrolmentDialog({ enrolment, busy, failure, onConfirm, onClose }) {
  const [refundTo, setRefundTo] = useState("card");
  const {
    data: preview,
    error,
    isLoading,
  } = useCancellationPreview(enrolment.enrolmentId, refundTo);
  const ready = Boolean(preview) && !error && !isLoading;
  const errorAlert = error && (
    <p className="text-danger-emphasis mb-0" role="alert">
      {error.message}
    </p>
  );
  let body;
  if (preview) {
    // Nothing to send anywhere: no choice to make.
    const refunded = Number(preview.refundAmount) > 0;
    body = (
      <>
        <RefundPreview preview={preview}>
          {refunded && (
            <RefundToChoice
              preview={preview}
              refundTo={refundTo}
              onChange={setRefundTo}
              disabled={busy}
            />
          )}
        </RefundPreview>
        {errorAlert}
      </>
    );
  } else if (error) {
    body = errorAlert;
  } else {
    body = <Loading label={t`Working out the refund…`} />;
  }
  return (
    <Dialog
      title={
        enrolment.participantName
          ? t`Cancel ${enrolment.nameClass} for ${enrolment.participantName}?`
          : t`Cancel ${enrolment.nameClass}?`
      }
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t`Keep enrolment`}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!ready || busy}
            onClick={() => onConfirm({ refundTo, refundAmount: preview.refundAmount })}
          >
            {busy ? t`Cancelling…` : t`Cancel enrolment`}
          </button>
        </>
      }
    >
      {body}
      {failure && (
        <p className="text-danger-emphasis mt-3 mb-0" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
