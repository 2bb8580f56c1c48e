import { useId } from "react";
import { c, t } from "ttag";

import { formatLocalTime } from "../../../components/ui/localTime";
import { formatDate } from "../../../components/ui/schedule";

// One day as the family reads it: absent, or when the child arrived, left, and who took them.
function dayInWords(record) {
  // One child's day, not a column of counts ("Ausentes").
  if (record.status === "absent") return c("one child's day").t`Absent`;
  const parts = [];
  if (record.checkedInAt) {
    const arrived = formatLocalTime(record.checkedInAt);
    parts.push(t`Arrived at ${arrived}`);
  }
  if (record.status === "left") {
    const left = record.checkedOutAt && formatLocalTime(record.checkedOutAt);
    parts.push(left ? t`left at ${left}` : t`left`);
    if (record.collectedBy) parts.push(t`collected by ${record.collectedBy}`);
    if (record.handedOverTo) parts.push(t`went to ${record.handedOverTo}`);
  }
  return parts.join(", ");
}

/*
 * The enrolment's attendance, oldest day first, as the school recorded it: each day the child
 * was marked, when they arrived and left and who collected them, or that they were absent. A
 * day whose every action was undone says nothing, and an enrolment with no marked day shows
 * nothing at all.
 */
export function EnrolmentAttendance({ attendance }) {
  const headingId = useId();
  const days = (attendance ?? []).filter((record) => record.status !== "expected");
  if (days.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 id={headingId} className="h6 mb-2">
        {t`Attendance`}
      </h3>
      <ul className="list-unstyled small mb-0" aria-labelledby={headingId}>
        {days.map((record) => (
          <li key={record.meetingId} className="mb-1">
            <time className="fw-semibold" dateTime={record.day}>
              {formatDate(record.day)}
            </time>
            : {dayInWords(record)}
          </li>
        ))}
      </ul>
    </div>
  );
}
