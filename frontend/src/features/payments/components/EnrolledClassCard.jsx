import { useId } from "react";
import { Link } from "react-router-dom";

import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";
import { formatScheduleSummary } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";

export const START_CLASS_HINT = "Classes start on the first day of camp";

/*
 * One enrolment: the class, its name leading to the class's page, and who holds the seat. The spec gives Start Class no action
 * yet, so the button says so: it is marked unavailable (aria-disabled keeps it focusable, so its
 * hint can still be read) and does nothing when pressed. Cancel enrolment goes to `onCancel`
 * (which asks first); an enrolment the server gave no id cannot be cancelled from here.
 */
export function EnrolledClassCard({ enrolledClass, onCancel }) {
  const titleId = useId();
  const hintId = useId();
  return (
    <ImageCard
      image={enrolledClass.image}
      imageAlt={enrolledClass.nameClass}
      title={<Link to={paths.classPage(enrolledClass._id)}>{enrolledClass.nameClass}</Link>}
      titleId={titleId}
      headingLevel={2}
      footer={
        <>
          <button
            type="button"
            className="btn btn-primary w-100 disabled"
            aria-disabled="true"
            aria-describedby={`${titleId} ${hintId}`}
            title={START_CLASS_HINT}
          >
            Start Class
          </button>
          <p id={hintId} className="small text-body-secondary text-center mt-2 mb-0">
            {START_CLASS_HINT}.
          </p>
          {onCancel && enrolledClass.enrolmentId != null && (
            <button
              type="button"
              className="btn btn-outline-danger w-100 mt-2"
              aria-describedby={titleId}
              onClick={() => onCancel(enrolledClass)}
            >
              Cancel enrolment
            </button>
          )}
        </>
      }
    >
      <dl className="class-facts mb-0">
        {enrolledClass.participantName && (
          <>
            <dt>For</dt>
            <dd>{enrolledClass.participantName}</dd>
          </>
        )}
        <dt>When</dt>
        <dd>{formatScheduleSummary(enrolledClass)}</dd>
        <dt>Instructor</dt>
        <dd>{enrolledClass.instructorName}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(enrolledClass.price)}</dd>
      </dl>
    </ImageCard>
  );
}
