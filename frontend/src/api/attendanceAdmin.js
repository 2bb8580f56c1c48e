import useSWR from "swr";

import { fetchFile } from "../lib/api";

/*
 * The school's attendance, for admins. GET /attendance?day=YYYY-MM-DD: each meeting of that day
 * with its counts ({meetingId, classId, className, day, start, end, expected, present, absent,
 * left, stillHere}; stillHere: checked in and not checked out). GET /attendance/still-here: the
 * children checked in today and not yet checked out, across classes ({participantId, name,
 * classId, className, meetingId, checkedInAt, emergencyContacts: [{name, relationship, phone}]}).
 * GET /attendance.csv?day=: one row per child per meeting.
 */

export function attendanceDayKey(day) {
  return `/attendance?day=${encodeURIComponent(day)}`;
}

export const stillHereKey = "/attendance/still-here";

// Children go home all afternoon: the list is asked again this often while the page is open.
export const STILL_HERE_REFRESH_MS = 30_000;

export function useAttendanceDay(day) {
  return useSWR(day ? attendanceDayKey(day) : null);
}

export function useStillHere() {
  return useSWR(stillHereKey, {
    refreshInterval: STILL_HERE_REFRESH_MS,
    // Below the refresh, or SWR would answer each refresh from the first request.
    dedupingInterval: STILL_HERE_REFRESH_MS / 2,
  });
}

/*
 * The day's attendance as a spreadsheet. It is asked with the bearer token, so it arrives as
 * bytes: {blob, filename}, the name the server gave it, else one made from the day.
 */
export async function fetchAttendanceCsv(day) {
  const { blob, filename } = await fetchFile(`/attendance.csv?day=${encodeURIComponent(day)}`, {
    accept: "text/csv",
  });
  return { blob, filename: filename || `attendance-${day}.csv` };
}
