import { t } from "ttag";

import { DAY_FIRST, MONTH_NAMES } from "../ui/schedule";
/*
 * "2027-05-02T10:00:00-07:00" -> "May 2, 2027": the day in the school's own time, which is the
 * offset the server writes, written by hand as the class dates are (components/ui/schedule.js).
 */
export function formatSchoolDay(isoDateTime) {
  const [year, month, day] = isoDateTime.slice(0, 10).split("-").map(Number);
  const monthName = MONTH_NAMES[month - 1];
  return DAY_FIRST ? t`${day} of ${monthName} ${year}` : `${monthName} ${day}, ${year}`;
}
