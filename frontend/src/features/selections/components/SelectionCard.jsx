import { useId } from "react";
import { Link } from "react-router-dom";

import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";

/*
 * One selected class, for whom it is selected, and the way to pay for it or drop it. Two children
 * may have selected the same class, so the buttons name the participant as well as the class.
 */
export function SelectionCard({ selection, busy, onDelete }) {
  const titleId = useId();
  const participantId = useId();
  const describedBy = selection.participantName ? `${titleId} ${participantId}` : titleId;
  return (
    <ImageCard
      image={selection.image}
      imageAlt={selection.nameClass}
      imageCategory={selection.categoryName}
      title={selection.nameClass}
      titleId={titleId}
      headingLevel={2}
      footer={
        <div className="d-flex gap-2">
          <Link
            className="btn btn-primary flex-fill"
            to={paths.dashboard.payment(selection._id)}
            aria-describedby={describedBy}
          >
            Pay
          </Link>
          <button
            type="button"
            className="btn btn-outline-danger flex-fill"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => onDelete(selection)}
          >
            Delete
          </button>
        </div>
      }
    >
      <ClassFacts
        classItem={selection}
        facts={CLASS_FACTS.selected}
        ids={{ participant: participantId }}
      />
    </ImageCard>
  );
}
