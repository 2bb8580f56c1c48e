import { useId } from "react";
import { Link } from "react-router-dom";

import { ClassStatusBadge } from "../../../components/cards/ClassStatusBadge";
import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";
import { paths } from "../../../config/paths";

// One of the instructor's classes: how it stands in review, who enrolled, what the admin said.
export function MyClassCard({ classItem }) {
  const titleId = useId();
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      title={classItem.nameClass}
      titleId={titleId}
      headingLevel={2}
      footer={
        <Link
          className="btn btn-primary w-100"
          to={paths.dashboard.updateClass(classItem._id)}
          aria-describedby={titleId}
        >
          Update
        </Link>
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
        <dt>Enrolled students</dt>
        <dd>{classItem.enroll}</dd>
      </dl>
      {classItem.feedback && (
        <p className="alert alert-info mt-3 mb-0 text-break">Feedback: {classItem.feedback}</p>
      )}
    </ImageCard>
  );
}
