import { useId } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ClassDescriptionBlock } from "../../../components/cards/ClassDescription";
import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";

// A class under review. Approve and Deny only apply to a Pending class (spec section 4); an
// approved class's families may be written to.
export function ManageClassCard({ classItem, busy, onApprove, onDeny, onSendFeedback }) {
  const titleId = useId();
  const decided = classItem.status !== "Pending";
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      imageCategory={classItem.categoryName}
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
            {t`Approve`}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={busy || decided}
            aria-describedby={titleId}
            onClick={() => onDeny(classItem)}
          >
            {t`Deny`}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-describedby={titleId}
            onClick={() => onSendFeedback(classItem)}
          >
            {t`Send Feedback`}
          </button>
          {classItem.status === "Approved" && (
            <Link
              className="btn btn-sm btn-outline-primary"
              to={paths.dashboard.classMessages(classItem._id)}
              aria-describedby={titleId}
            >
              {t`Message families`}
            </Link>
          )}
        </div>
      }
    >
      <ClassFacts
        classItem={classItem}
        facts={[...CLASS_FACTS.review, ...CLASS_FACTS.catalog]}
        sayMissing
      />
      <ClassDescriptionBlock description={classItem.description} />
    </ImageCard>
  );
}
