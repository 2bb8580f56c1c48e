"""The school's reads of attendance: per meeting counts of a day, the children still here, a
day's record as CSV, and each family's view of their own seats.

A line's status is the fold of its actions (`attendance.lines.attendance_line_fold`). The
admins' counts and the "still here" list ask the database for the action that stands last on
each line (`last_standing_actions`, the fold's rule written as a query) so that they count
rows in SQL instead of folding every line of the school in Python; a test holds the two to the
same answer. The CSV and the families' view fold in Python, through the fold itself.
"""

from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import Participant, User
from attendance.lines import (
    ABSENT,
    LEFT,
    PRESENT,
    AttendanceLine,
    attendance_line_fold,
    attendance_lines_by_meeting,
    meetings_on,
)
from attendance.models import AttendanceAction, AttendanceActionKind
from care.selectors import records_of
from classes.models import Meeting
from classes.selectors import meeting_ids_read
from core.school_time import school_timezone, school_today
from core.spreadsheets import SafeCsvWriter
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.selectors import enrolment_list_for, roster_name

_STATUS_OF = {
    AttendanceActionKind.CHECK_IN: PRESENT,
    AttendanceActionKind.ABSENT: ABSENT,
    AttendanceActionKind.CHECK_OUT: LEFT,
}


def _standing() -> QuerySet[AttendanceAction]:
    """Actions that count: neither an undo nor undone by one."""
    return AttendanceAction.objects.exclude(action=AttendanceActionKind.UNDO).exclude(
        Exists(AttendanceAction.objects.filter(undoes=OuterRef("pk")))
    )


def last_standing_actions(meetings: QuerySet[Meeting]) -> QuerySet[AttendanceAction]:
    """On each line of these meetings (a child holding a seat in the class), the standing
    action with the latest `at`, then id: the one `attendance_line_fold` ends on, whose kind
    is the line's status (check-in: present; absent: absent; check-out: left)."""
    later = (
        _standing()
        .filter(meeting=OuterRef("meeting"), participant=OuterRef("participant"))
        .filter(Q(at__gt=OuterRef("at")) | Q(at=OuterRef("at"), pk__gt=OuterRef("pk")))
    )
    seat = Enrolment.objects.filter(
        camp_class=OuterRef("meeting__camp_class"),
        participant=OuterRef("participant"),
        status=EnrolmentStatus.ACTIVE,
    )
    return _standing().filter(meeting__in=meetings).exclude(Exists(later)).filter(Exists(seat))


@dataclass(frozen=True)
class MeetingCounts:
    meeting: Meeting
    expected: int
    present: int
    absent: int
    left: int

    @property
    def still_here(self) -> int:
        # Present is checked in and not checked out.
        return self.present


def attendance_counts_on(*, day: date, class_id: int | None = None) -> list[MeetingCounts]:
    """Each meeting on the day at the school (one class's, when asked), by start, with how many
    children hold a seat and are expected yet, present, absent or gone home. Two queries however
    many meetings and children."""
    meetings = meetings_on(day=day)
    if class_id is not None:
        meetings = meetings.filter(camp_class_id=class_id)
    # Children holding a seat, not the class's seats: the seats free are availability's alone.
    holders = (
        Enrolment.objects.filter(camp_class=OuterRef("camp_class"), status=EnrolmentStatus.ACTIVE)
        .order_by()
        .values("camp_class")
        .annotate(n=Count("pk"))
        .values("n")
    )
    meetings = list(
        meetings.annotate(holders=Coalesce(Subquery(holders, output_field=IntegerField()), 0))
    )
    counted: dict[tuple[int, str], int] = {}
    rows = (
        last_standing_actions(Meeting.objects.filter(pk__in=[m.pk for m in meetings]))
        .order_by()
        .values("meeting_id", "action")
        .annotate(n=Count("pk"))
    )
    for row in rows:
        counted[(row["meeting_id"], _STATUS_OF[row["action"]])] = row["n"]
    answer = []
    for meeting in meetings:
        present, absent, left = (counted.get((meeting.pk, s), 0) for s in (PRESENT, ABSENT, LEFT))
        answer.append(
            MeetingCounts(
                meeting=meeting,
                expected=meeting.holders - present - absent - left,
                present=present,
                absent=absent,
                left=left,
            )
        )
    return answer


def contacts_of(participant: Participant, records: dict) -> list[dict]:
    """The participant's emergency contacts ({name, relationship, phone}): their care record's,
    or before one is saved, the contact the family gave when they added the child."""
    record = records.get(participant.pk)
    if record is not None:
        return [
            {
                "name": contact.get("name", ""),
                "relationship": contact.get("relationship", ""),
                "phone": contact.get("phone", ""),
            }
            for contact in record.emergency_contacts
        ]
    if participant.emergency_contact_name:
        return [
            {
                "name": participant.emergency_contact_name,
                "relationship": "",
                "phone": participant.emergency_contact_phone,
            }
        ]
    return []


@dataclass(frozen=True)
class StillHere:
    participant: Participant
    name: str
    meeting: Meeting
    checked_in_at: datetime
    emergency_contacts: list[dict]


def still_here_today() -> list[StillHere]:
    """The children checked in and not checked out at any meeting today at the school, by class
    and name, with their emergency contacts. Three queries however many."""
    checked_in = (
        last_standing_actions(meetings_on(day=school_today()))
        .filter(action=AttendanceActionKind.CHECK_IN)
        .select_related("participant__account", "meeting__camp_class")
    )
    checked_in = list(checked_in)
    records = records_of([action.participant_id for action in checked_in], medical=False)
    here = [
        StillHere(
            participant=action.participant,
            name=roster_name(action.participant),
            meeting=action.meeting,
            checked_in_at=action.at,
            emergency_contacts=contacts_of(action.participant, records),
        )
        for action in checked_in
    ]
    return sorted(
        here,
        key=lambda child: (
            child.meeting.camp_class.name,
            child.meeting.camp_class_id,
            child.meeting.start,
            child.name.casefold(),
        ),
    )


CSV_COLUMNS = (
    "day",
    "class",
    "meeting start",
    "meeting end",
    "participant",
    "status",
    "checked in",
    "checked out",
    "late",
    "early",
    "collected by",
    "collector",
    "override reason",
    "last action by",
)


def _at_school(moment: datetime | None) -> str:
    if moment is None:
        return ""
    return timezone.localtime(moment, school_timezone()).isoformat(timespec="minutes")


def attendance_csv_cells(line: AttendanceLine) -> list:
    meeting, fold = line.meeting, line.fold
    collected = fold.collected_by or {}
    last = fold.last_action
    return [
        meeting.day.isoformat(),
        meeting.camp_class.name,
        _at_school(meeting.start),
        _at_school(meeting.end),
        line.name,
        fold.status,
        _at_school(fold.checked_in_at),
        _at_school(fold.checked_out_at),
        "yes" if fold.late else "",
        "yes" if fold.early else "",
        collected.get("name", ""),
        collected.get("kind", ""),
        last.override_reason if last is not None and fold.collected_by else "",
        last.by_name if last is not None else "",
    ]


def attendance_csv_write(*, day: date, class_id: int | None, target) -> None:
    """A day's attendance as CSV into `target`: a row per child per meeting (one class's, when
    asked), meetings by start and children in the roster's order, every cell spreadsheet-safe."""
    meetings = meetings_on(day=day)
    if class_id is not None:
        meetings = meetings.filter(camp_class_id=class_id)
    meetings = list(meetings)
    # The file leaves the care flags out: nobody reads them here, nothing to log.
    lines = attendance_lines_by_meeting(meetings, reader=None, part=None)
    writer = SafeCsvWriter(target)
    writer.writerow(CSV_COLUMNS)
    for meeting in meetings:
        for line in lines[meeting.pk]:
            writer.writerow(attendance_csv_cells(line))


def family_attendance_of(enrolments: list[Enrolment]) -> list[Enrolment]:
    """Each of a family's seats given `family_attendance`: the meetings of its class that have
    any action about its participant, oldest first, each `(meeting, fold)`. One query however
    many seats: every action about the family's participants, with its meeting."""
    participant_ids = {e.participant_id for e in enrolments if e.participant_id is not None}
    taken: dict[tuple[int, int], dict[int, list[AttendanceAction]]] = {}
    if participant_ids:
        actions = (
            AttendanceAction.objects.filter(participant_id__in=participant_ids)
            .select_related("meeting")
            .order_by("meeting__start", "meeting_id", "at", "id")
        )
        for action in actions:
            seat = (action.meeting.camp_class_id, action.participant_id)
            taken.setdefault(seat, {}).setdefault(action.meeting_id, []).append(action)
    for enrolment in enrolments:
        of_seat = taken.get((enrolment.camp_class_id, enrolment.participant_id), {})
        enrolment.family_attendance = [
            (actions[0].meeting, attendance_line_fold(actions[0].meeting, actions))
            for actions in of_seat.values()
        ]
    # Their classes' answers give each meeting its id: read for the whole list at once.
    meeting_ids_read([enrolment.camp_class for enrolment in enrolments])
    return enrolments


class SeatsWithAttendance:
    """A family's seats (`enrolments.selectors.enrolment_list_for`'s list) whose rows, the whole
    list or a page of it, come with their attendance (`family_attendance_of`); a count and
    anything else asked of it are the list's own."""

    def __init__(self, seats):
        self.seats = seats

    def __iter__(self):
        return iter(family_attendance_of(list(self.seats)))

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return family_attendance_of(list(self.seats[key]))
        return family_attendance_of([self.seats[key]])[0]

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.seats, name)


def family_seats_with_attendance(
    *, student: User, participant_id: int | None = None
) -> SeatsWithAttendance:
    """My Enrolled Classes: the family's seats (`enrolment_list_for`), each with its child's
    attendance so far."""
    return SeatsWithAttendance(enrolment_list_for(student=student, participant_id=participant_id))
