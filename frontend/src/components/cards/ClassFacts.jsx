import { formatPrice } from "../ui/formatPrice";
import {
  formatAges,
  formatDateTime,
  formatHours,
  formatLevel,
  formatScheduleSummary,
} from "../ui/schedule";
import { ClassDescription } from "./ClassDescription";
import { ClassStatusBadge } from "./ClassStatusBadge";
import { LongText } from "../ui/LongText";

const NOT_GIVEN = "Not given";

/*
 * What the dashboards show of a class under review: price, instructor, seats and status, and
 * with `withCatalog` what a family will read of it (category, level, ages, place, schedule,
 * registration and description), so a field left unset shows as such before it is approved.
 */
export function ClassFacts({ classItem, withEnrolled = false, withCatalog = false }) {
  const scheduled = classItem.meetings?.length > 0;
  return (
    <>
      <dl className="class-facts mb-0">
        <dt>Price</dt>
        <dd>{formatPrice(classItem.price)}</dd>
        <dt>Instructor</dt>
        <LongText as="dd" text={classItem.instructorName} />
        <dt>Instructor e-mail</dt>
        <LongText as="dd" text={classItem.instructorEmail} />
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
        {withCatalog && (
          <>
            <dt>Category</dt>
            <dd>{classItem.categoryName || NOT_GIVEN}</dd>
            <dt>Level</dt>
            <dd>{formatLevel(classItem.level) || NOT_GIVEN}</dd>
            <dt>Ages</dt>
            <dd>{formatAges(classItem)}</dd>
            <dt>Location</dt>
            <dd className="text-break">{classItem.location || NOT_GIVEN}</dd>
            <dt>Schedule</dt>
            <dd>{formatScheduleSummary(classItem)}</dd>
            {scheduled && (
              <>
                <dt>Total hours</dt>
                <dd>{formatHours(classItem.totalHours)}</dd>
              </>
            )}
            {classItem.registrationClosesAt && (
              <>
                <dt>Registration closes</dt>
                <dd>{formatDateTime(classItem.registrationClosesAt)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {withCatalog && (
        <div className="mt-3">
          <p className="fw-semibold mb-1">Description</p>
          <ClassDescription description={classItem.description} />
        </div>
      )}
    </>
  );
}
