import { useId } from "react";

import { ClassStatusBadge } from "../../../components/cards/ClassStatusBadge";
import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";

// A class under review. Approve and Deny only apply to a Pending class (spec section 4).
export function ManageClassCard({ classItem, busy, onApprove, onDeny, onSendFeedback }) {
  const titleId = useId();
  const decided = classItem.status !== "Pending";
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      title={classItem.nameClass}
      titleId={titleId}
      headingLevel={2}
      footer={
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={busy || decided}
            aria-describedby={titleId}
            onClick={() => onApprove(classItem)}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={busy || decided}
            aria-describedby={titleId}
            onClick={() => onDeny(classItem)}
          >
            Deny
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-describedby={titleId}
            onClick={() => onSendFeedback(classItem)}
          >
            Send Feedback
          </button>
        </div>
      }
    >
      <dl className="class-facts mb-0">
        <dt>Price</dt>
        <dd>{formatPrice(classItem.price)}</dd>
        <dt>Instructor</dt>
        <dd>{classItem.instructorName}</dd>
        <dt>Instructor e-mail</dt>
        <dd className="text-break">{classItem.instructorEmail}</dd>
        <dt>Available seats</dt>
        <dd>{classItem.seats}</dd>
        <dt>Status</dt>
        <dd>
          <ClassStatusBadge status={classItem.status} />
        </dd>
      </dl>
    </ImageCard>
  );
}
