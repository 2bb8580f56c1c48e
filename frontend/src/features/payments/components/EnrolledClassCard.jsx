import { useId } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";
import { EnrolmentAttendance } from "./EnrolmentAttendance";
import { EnrolmentBalance } from "./EnrolmentBalance";

/*
 * One enrolment: the class, its name leading to the class's page, and who holds the seat. Start
 * Class leads to the class's page too, where its schedule and meetings are: the spec's button
 * is a link that looks like one, named with the class for screen readers. Cancel enrolment goes
 * to `onCancel` (which asks first), and Move to another class to `onMove` (which shows what the
 * move costs first), and Answers to `onAnswers` (the child's answers to the school's questions); an
 * enrolment the server gave no id cannot be cancelled, moved or answered for here. Below
 * the facts, the balance of a seat paid by a plan, and the days the school marked the child's
 * attendance.
 */
export function EnrolledClassCard({ enrolledClass, onCancel, onMove, onAnswers }) {
  const hasId = enrolledClass.enrolmentId != null;
  const titleId = useId();
  return (
    <ImageCard
      image={enrolledClass.image}
      imageAlt={enrolledClass.nameClass}
      imageCategory={enrolledClass.categoryName}
      title={<Link to={paths.classPage(enrolledClass._id)}>{enrolledClass.nameClass}</Link>}
      titleId={titleId}
      headingLevel={2}
      footer={
        <>
          <Link
            className="btn btn-primary w-100"
            to={paths.classPage(enrolledClass._id)}
            aria-describedby={titleId}
          >
            {t`Start Class`}
          </Link>
          {onAnswers && hasId && (
            <button
              type="button"
              className="btn btn-outline-primary w-100 mt-2"
              aria-describedby={titleId}
              onClick={() => onAnswers(enrolledClass)}
            >
              {t`Answers`}
            </button>
          )}
          {onMove && hasId && (
            <button
              type="button"
              className="btn btn-outline-primary w-100 mt-2"
              aria-describedby={titleId}
              onClick={() => onMove(enrolledClass)}
            >
              {t`Move to another class`}
            </button>
          )}
          {onCancel && hasId && (
            <button
              type="button"
              className="btn btn-outline-danger w-100 mt-2"
              aria-describedby={titleId}
              onClick={() => onCancel(enrolledClass)}
            >
              {t`Cancel enrolment`}
            </button>
          )}
        </>
      }
    >
      <ClassFacts classItem={enrolledClass} facts={CLASS_FACTS.enrolled} />
      {hasId && <EnrolmentBalance enrolmentId={enrolledClass.enrolmentId} describedBy={titleId} />}
      <EnrolmentAttendance attendance={enrolledClass.attendance} />
    </ImageCard>
  );
}
