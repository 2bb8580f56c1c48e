import { formatPrice } from "../ui/formatPrice";
import { ClassStatusBadge } from "./ClassStatusBadge";

// What the dashboards show of a class under review: price, instructor, seats and status.
export function ClassFacts({ classItem, withEnrolled = false }) {
  return (
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
      {withEnrolled && (
        <>
          <dt>Enrolled students</dt>
          <dd>{classItem.enroll}</dd>
        </>
      )}
    </dl>
  );
}
