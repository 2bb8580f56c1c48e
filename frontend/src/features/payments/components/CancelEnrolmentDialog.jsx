import { Dialog } from "../../../components/ui/Dialog";
import { Loading } from "../../../components/ui/Loading";
import { PlainText } from "../../../components/ui/PlainText";
import { formatPrice } from "../../../components/ui/formatPrice";
import { useCancellationPreview } from "../../../api/cancellations";

// The server's reason ("you cancelled 9 days before ...") as a sentence of its own.
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

// What cancelling would give back, as the server worked it out under the policy they paid under.
function RefundPreview({ preview }) {
  return (
    <>
      <p>The seat is given up, and this is what comes back to you.</p>
      <dl className="class-facts mb-3">
        <dt>Paid</dt>
        <dd>{formatPrice(preview.paid)}</dd>
        <dt>Refund</dt>
        <dd>
          <strong>{formatPrice(preview.refundAmount)}</strong>
          {preview.tierLabel && <span className="d-block small">{preview.tierLabel}</span>}
        </dd>
      </dl>
      {preview.why && <p className="small">{sentence(preview.why)}</p>}
      {preview.policyText && (
        <>
          <h3 className="h6 mb-1">The refund policy when you paid</h3>
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
 * policy's tier and text). Cancel enrolment stays off until that is known, when the server says
 * it cannot be cancelled (its reason shows), and while the cancellation is on its way.
 * `failure` is the server's reason a confirmed cancellation did not go through.
 */
export function CancelEnrolmentDialog({ enrolment, busy, failure, onConfirm, onClose }) {
  const { data: preview, error } = useCancellationPreview(enrolment.enrolmentId);
  const ready = Boolean(preview) && !error;
  let body;
  if (error) {
    body = (
      <p className="text-danger-emphasis mb-0" role="alert">
        {error.message}
      </p>
    );
  } else if (preview) {
    body = <RefundPreview preview={preview} />;
  } else {
    body = <Loading label="Working out the refund…" />;
  }
  return (
    <Dialog
      title={
        enrolment.participantName
          ? `Cancel ${enrolment.nameClass} for ${enrolment.participantName}?`
          : `Cancel ${enrolment.nameClass}?`
      }
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Keep enrolment
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!ready || busy}
            onClick={onConfirm}
          >
            {busy ? "Cancelling…" : "Cancel enrolment"}
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
