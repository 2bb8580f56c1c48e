import { useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatDate } from "../../../components/ui/schedule";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useTitle } from "../../../hooks/useTitle";
import {
  STILL_HERE_REFRESH_MS,
  fetchAttendanceCsv,
  useAttendanceDay,
  useStillHere,
} from "../../../api/attendanceAdmin";
import { MeetingCountsTable } from "../components/MeetingCountsTable";
import { StillHereList } from "../components/StillHereList";
import { isSchoolDay, todayAtSchool } from "../../../lib/schoolClock";

function stillHereCount(count) {
  return ngettext(msgid`${count} child is still here.`, `${count} children are still here.`, count);
}

/*
 * Attendance, for admins: a day's meetings with their counts (the day kept in the address as
 * ?day=, today at the school when none is), that day's attendance as a spreadsheet, and the
 * children checked in today and not yet checked out, asked again every 30 seconds while the page
 * is open, with the numbers to call.
 */
export function AttendancePage() {
  useTitle(t`Attendance`);
  const dayId = useId();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => todayAtSchool());
  const asked = params.get("day");
  const day = isSchoolDay(asked) ? asked : today;
  const { data: meetings, error } = useAttendanceDay(day);
  const { data: stillHere, error: stillHereError } = useStillHere();
  const { downloading, failure, dismissFailure, download } = useFileDownload();
  const shownDay = formatDate(day);
  const refreshSeconds = STILL_HERE_REFRESH_MS / 1000;

  // A date field half typed, or emptied, says no day yet: the page keeps the day it shows.
  function chooseDay(value) {
    if (!isSchoolDay(value)) return;
    setParams(value === today ? {} : { day: value }, { replace: true });
  }

  return (
    <section aria-labelledby="attendance-heading">
      <h1 id="attendance-heading" className="h2 mb-3">
        {t`Attendance`}
      </h1>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label htmlFor={dayId} className="form-label">
            {t`Day`}
          </label>
          <input
            id={dayId}
            type="date"
            className="form-control"
            value={day}
            onChange={(event) => chooseDay(event.target.value)}
          />
        </div>
        {day !== today && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => chooseDay(today)}
          >
            {t`Today`}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={downloading}
          onClick={() => download(() => fetchAttendanceCsv(day))}
        >
          {downloading ? t`Downloading…` : t`Download CSV`}
        </button>
      </div>
      <DismissibleAlert message={failure} onClose={dismissFailure} />

      <section aria-labelledby="attendance-meetings-heading" className="mb-5">
        <h2 id="attendance-meetings-heading" className="h4 mb-3">
          {t`Classes on ${shownDay}`}
        </h2>
        <QueryResult
          data={meetings}
          error={error}
          loadingLabel={t`Loading the day's attendance…`}
          errorTitle={t`The day's attendance could not be loaded.`}
          emptyMessage={t`No class meets on this day.`}
        >
          {(list) => <MeetingCountsTable day={day} meetings={list} />}
        </QueryResult>
      </section>

      <section aria-labelledby="still-here-heading">
        <h2 id="still-here-heading" className="h4 mb-2">
          {t`Still here`}
        </h2>
        <p className="text-body-secondary">
          {t`Children checked in today and not yet checked out, in every class. The list is brought up to date every ${refreshSeconds} seconds.`}
        </p>
        {/* Always in the page, so a change in the count is announced as the list refreshes. */}
        <p role="status" className={stillHere?.length > 0 ? "fw-semibold mb-2" : "mb-0"}>
          {stillHere?.length > 0 ? stillHereCount(stillHere.length) : ""}
        </p>
        <QueryResult
          data={stillHere}
          error={stillHereError}
          loadingLabel={t`Loading who is still here…`}
          errorTitle={t`The list of children still here could not be loaded.`}
          emptyMessage={t`No child is waiting to be checked out.`}
        >
          {(rows) => <StillHereList rows={rows} />}
        </QueryResult>
      </section>
    </section>
  );
}
