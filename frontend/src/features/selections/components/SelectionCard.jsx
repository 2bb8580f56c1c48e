import { useId } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { ClassFacts } from "../../../components/cards/ClassFacts";
import { Picture } from "../../../components/ui/Picture";
import { paths } from "../../../config/paths";

// What a row says of a selected class: whom it is for, when, what it costs, who teaches, seats.
const ROW_FACTS = ["participant", "when", "price", "instructor", "seats"];

/*
 * One selected class as a compact row: a small picture, for whom it is selected, when and at what
 * price, and the way to pay for it alone or drop it. The family pays for its classes together
 * from the top of the page (and the cart's bar); Pay, the spec's single-class payment, stays as a
 * small link. Two children may have selected the same class, so the buttons name the participant
 * as well as the class.
 */
export function SelectionCard({ selection, busy, onDelete }) {
  const titleId = useId();
  const participantId = useId();
  const describedBy = selection.participantName ? `${titleId} ${participantId}` : titleId;
  return (
    <article className="selection-row d-flex gap-3 py-3 border-bottom" aria-labelledby={titleId}>
      <Picture
        src={selection.image}
        alt={selection.nameClass}
        category={selection.categoryName}
        width={64}
        height={64}
        priority="lazy"
        className="rounded flex-shrink-0"
      />
      <div className="selection-row-body flex-grow-1">
        <h2 className="h6 mb-1 text-break" id={titleId}>
          {selection.nameClass}
        </h2>
        <ClassFacts
          classItem={selection}
          facts={ROW_FACTS}
          ids={{ participant: participantId }}
          className="selection-facts small mb-2"
        />
        <div className="d-flex gap-2">
          <Link
            className="btn btn-sm btn-outline-primary"
            to={paths.dashboard.payment(selection._id)}
            aria-describedby={describedBy}
          >
            {t`Pay`}
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => onDelete(selection)}
          >
            {t`Delete`}
          </button>
        </div>
      </div>
    </article>
  );
}
