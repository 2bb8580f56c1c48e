import { Link } from "react-router-dom";
import { t } from "ttag";

import { LongText } from "../../../components/ui/LongText";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatDate } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { formatSchoolTime } from "../../../lib/schoolClock";

const COLUMNS = [t`Class`, t`Time`, t`Expected`, t`Present`, t`Absent`, t`Left`, t`Still here`];

// "9:00 AM–12:00 PM", on the school's clock.
function MeetingTime({ start, end }) {
  return (
    <time dateTime={start}>
      {formatSchoolTime(start)}–{formatSchoolTime(end)}
    </time>
  );
}

/*
 * Each meeting of the day, in the server's order (by start time): the class, leading to its
 * roster, when it meets, and how many children were expected, came, were marked absent, went
 * home, and are checked in and not yet checked out. A meeting with children still here stands
 * out: someone has to be signed out before the day ends.
 */
export function MeetingCountsTable({ day, meetings }) {
  const shownDay = formatDate(day);
  return (
    <StackedTable
      caption={t`Attendance by meeting on ${shownDay}`}
      columns={COLUMNS}
      className="table-striped"
    >
      {meetings.map((meeting) => (
        <Row key={meeting.meetingId}>
          <RowHeader label={COLUMNS[0]}>
            <Link to={paths.dashboard.classRoster(meeting.classId)}>
              <LongText text={meeting.className} />
            </Link>
          </RowHeader>
          <Cell label={COLUMNS[1]}>
            <MeetingTime start={meeting.start} end={meeting.end} />
          </Cell>
          <Cell label={COLUMNS[2]}>{meeting.expected}</Cell>
          <Cell label={COLUMNS[3]}>{meeting.present}</Cell>
          <Cell label={COLUMNS[4]}>{meeting.absent}</Cell>
          <Cell label={COLUMNS[5]}>{meeting.left}</Cell>
          <Cell
            label={COLUMNS[6]}
            className={meeting.stillHere > 0 ? "fw-semibold text-danger-emphasis" : undefined}
          >
            {meeting.stillHere}
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}
