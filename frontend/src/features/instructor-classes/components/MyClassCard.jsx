import { useId } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ClassDescriptionBlock } from "../../../components/cards/ClassDescription";
import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";

// Waiting for review: the instructor may still take it back.
const WITHDRAWABLE = ["Pending", "Denied"];
// Withdrawn or cancelled: kept in the list, never edited again.
const CLOSED = ["Withdrawn", "Cancelled"];

// One of the instructor's classes: how it stands in review, who enrolled (its roster), what the
// admin said, once approved a way to write to its families, and, while it waits for review, a way
// to withdraw it.
export function MyClassCard({ classItem, busy, onWithdraw }) {
  const titleId = useId();
  const feedback = classItem.feedback;
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
          {!CLOSED.includes(classItem.status) && (
            <Link
              className="btn btn-primary flex-fill"
              to={paths.dashboard.updateClass(classItem._id)}
              aria-describedby={titleId}
            >
              {t`Update`}
            </Link>
          )}
          <Link
            className="btn btn-outline-primary flex-fill"
            to={paths.dashboard.classRoster(classItem._id)}
            aria-describedby={titleId}
          >
            {t`Roster`}
          </Link>
          {classItem.status === "Approved" && (
            <Link
              className="btn btn-outline-primary flex-fill"
              to={paths.dashboard.classMessages(classItem._id)}
              aria-describedby={titleId}
            >
              {t`Message families`}
            </Link>
          )}
          {onWithdraw && WITHDRAWABLE.includes(classItem.status) && (
            <button
              type="button"
              className="btn btn-outline-danger flex-fill"
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => onWithdraw(classItem)}
            >
              {t`Withdraw`}
            </button>
          )}
        </div>
      }
    >
      <ClassFacts
        classItem={classItem}
        facts={[...CLASS_FACTS.review, "enrolled", ...CLASS_FACTS.catalog]}
        sayMissing
      />
      <ClassDescriptionBlock description={classItem.description} />
      {feedback && (
        <p className="alert alert-info mt-3 mb-0 text-break">{t`Feedback: ${feedback}`}</p>
      )}
    </ImageCard>
  );
}
