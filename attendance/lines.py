"""Reads of attendance: when a meeting's attendance may be taken, who may collect each child, and
each child's line on a meeting's roster, the fold of the actions taken about them.

`attendance_line_fold` is the one answer to "where is this child": the Today screen, the admins'
counts, the end-of-day check and the families' view all read it. Its order is the time each
action was taken (`at`), then its id, so an action sent late from a device that was offline
takes its place where it happened; an undone action, and the undo, count for nothing.
"""

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db.models import QuerySet

from accounts.models import Participant, Role, User
from attendance.models import AttendanceAction, AttendanceActionKind, CollectorKind
from care.models import CarePart, CareRecord
from care.selectors import CareFlags, records_of
from classes.models import Class, Meeting
from core.school_time import school_timezone, school_today
from enrolments.selectors import RosterLine, roster_for, roster_lines, same_day_meetings

EXPECTED = "expected"
PRESENT = "present"
ABSENT = "absent"
LEFT = "left"
# Where a child stands at a meeting, in the order a day goes.
ATTENDANCE_STATUSES = (EXPECTED, PRESENT, ABSENT, LEFT)

_STATUS_AFTER = {
    AttendanceActionKind.CHECK_IN: PRESENT,
    AttendanceActionKind.ABSENT: ABSENT,
    AttendanceActionKind.CHECK_OUT: LEFT,
}


def attendance_opens_at(meeting: Meeting) -> datetime:
    """When an instructor may start taking the meeting's attendance."""
    return meeting.start - timedelta(minutes=settings.ATTENDANCE_OPENS_MINUTES_BEFORE)


def attendance_closes_at(meeting: Meeting) -> datetime:
    """Midnight at the school at the end of the meeting's day: an instructor's last moment."""
    return datetime.combine(meeting.day + timedelta(days=1), time(0), tzinfo=school_timezone())


@dataclass(frozen=True)
class Collector:
    """Someone who may collect a child: their family's account holder, or one of the care
    record's authorized pick-ups. `id` is stable while the entry is unchanged."""

    kind: str
    id: str
    name: str
    relationship: str
    phone: str


def pickup_id(pickup: dict) -> str:
    """A pick-up's stable id: the care record keeps its pick-ups as a list with no ids, so the
    id is made of what names the person (the name, whatever its case and spacing, and phone)."""
    name = " ".join(str(pickup.get("name", "")).split()).casefold()
    phone = "".join(str(pickup.get("phone", "")).split())
    return hashlib.sha256(f"{name}|{phone}".encode()).hexdigest()[:12]


def collectors_for(participant: Participant, record: CareRecord | None) -> list[Collector]:
    """Who may collect the participant: for a child, the family's account holder first, then
    the record's pick-ups in its order. An adult taking their own class collects themself."""
    collectors = []
    if not participant.is_account_holder:
        account = participant.account
        collectors.append(
            Collector(
                kind=CollectorKind.GUARDIAN,
                id=str(account.pk),
                name=account.name or account.email,
                relationship="Parent",
                phone="",
            )
        )
    for pickup in record.pickups if record is not None else []:
        collectors.append(
            Collector(
                kind=CollectorKind.PICKUP,
                id=pickup_id(pickup),
                name=pickup.get("name", ""),
                relationship=pickup.get("relationship", ""),
                phone=pickup.get("phone", ""),
            )
        )
    return collectors


def may_leave_alone(participant: Participant, record: CareRecord | None) -> bool:
    return participant.is_account_holder or (record is not None and record.may_leave_alone)


@dataclass(frozen=True)
class AttendanceFold:
    """Where one child stands at one meeting after its actions."""

    status: str = EXPECTED
    checked_in_at: datetime | None = None
    checked_out_at: datetime | None = None
    late: bool = False
    early: bool = False
    # {kind, id, name} of the check-out that stands, else None.
    collected_by: dict | None = None
    # The newest action that stands (not undone, not an undo).
    last_action: AttendanceAction | None = None

    @property
    def handed_over_to(self) -> str | None:
        """Where the check-out that stands handed the child over to (their class, after-care)."""
        if self.collected_by and self.collected_by["kind"] == CollectorKind.HANDED_OVER:
            return self.collected_by["name"]
        return None

    @property
    def collector_name(self) -> str | None:
        """Who collected the child, when the check-out that stands was to a person."""
        if self.collected_by and self.handed_over_to is None:
            return self.collected_by["name"]
        return None


def standing_actions(actions) -> list[AttendanceAction]:
    """Of one child's actions at one meeting, those that count, in the order they were taken:
    neither an undo nor undone by one."""
    actions = list(actions)
    undone = {action.undoes_id for action in actions if action.undoes_id is not None}
    return sorted(
        (
            action
            for action in actions
            if action.action != AttendanceActionKind.UNDO and action.pk not in undone
        ),
        key=lambda action: (action.at, action.pk),
    )


def attendance_line_fold(meeting: Meeting, actions) -> AttendanceFold:
    """The status one child's actions at one meeting leave: each standing action, by `at` then
    id, sets it (check-in: present; absent: absent; check-out: left), so of two members of staff
    marking the same child the later action stands. Late: checked in after the start; early:
    checked out before the end."""
    status, checked_in_at, checked_out_at, collected_by, last = EXPECTED, None, None, None, None
    for action in standing_actions(actions):
        status = _STATUS_AFTER[action.action]
        if action.action == AttendanceActionKind.CHECK_IN:
            checked_in_at, checked_out_at, collected_by = action.at, None, None
        elif action.action == AttendanceActionKind.ABSENT:
            checked_in_at, checked_out_at, collected_by = None, None, None
        else:
            checked_out_at = action.at
            collected_by = {
                "kind": action.collected_by_kind,
                "id": action.collected_by_id or None,
                "name": action.collected_by_name,
            }
        last = action
    return AttendanceFold(
        status=status,
        checked_in_at=checked_in_at,
        checked_out_at=checked_out_at,
        late=checked_in_at is not None and checked_in_at > meeting.start,
        early=checked_out_at is not None and checked_out_at < meeting.end,
        collected_by=collected_by,
        last_action=last,
    )


@dataclass(frozen=True)
class AttendanceLine:
    """One child on one meeting's roster: the roster's line (name, care flags), who may collect
    them, and their attendance so far."""

    meeting: Meeting
    roster: RosterLine
    fold: AttendanceFold
    collectors: list[Collector] = field(default_factory=list)
    may_leave_alone: bool = False
    # The child's other meetings that day (`enrolments.selectors.same_day_meetings`).
    same_day: list[Meeting] = field(default_factory=list)

    @property
    def participant_id(self) -> int:
        return self.roster.participant_id

    @property
    def extended_care(self) -> list[Meeting]:
        """The child's before- and after-care that day: where they go after this class, or
        come from before it, and who looks after them."""
        return [m for m in self.same_day if m.camp_class.extended_care_id is not None]

    @property
    def classes(self) -> list[Meeting]:
        """The child's classes that day: on a day of care, the class they are handed to or
        come from."""
        return [m for m in self.same_day if m.camp_class.extended_care_id is None]

    @property
    def name(self) -> str:
        return self.roster.participant_name

    @property
    def flags(self) -> CareFlags:
        return self.roster.care


def attendance_lines_by_meeting(
    meetings: list[Meeting],
    *,
    reader: User | None,
    part: CarePart | None,
    participant_id: int | None = None,
) -> dict[int, list[AttendanceLine]]:
    """Each meeting's lines, by meeting id, every child holding a seat in its class in the
    roster's order (`enrolments.selectors.roster_for`, by name); one child's only, when asked;
    each with the child's other meetings that day (their extended care, their classes).
    A fixed number of queries however many meetings, children and actions: the roster, its care
    flags, the records' pick-ups, the children's days and the actions; and the flags' read by
    `reader`, logged as `part` (`enrolments.selectors.roster_lines`)."""
    if not meetings:
        return {}
    class_ids = {meeting.camp_class_id for meeting in meetings}
    enrolments = roster_for(classes=Class.objects.filter(pk__in=class_ids)).select_related(
        "participant__account"
    )
    if participant_id is not None:
        enrolments = enrolments.filter(participant_id=participant_id)
    lines_of_class: dict[int, list[RosterLine]] = {}
    for line in roster_lines(enrolments, reader=reader, part=part):
        lines_of_class.setdefault(line.enrolment.camp_class_id, []).append(line)
    participant_ids = {line.participant_id for lines in lines_of_class.values() for line in lines}
    records = records_of(list(participant_ids), medical=False)
    same_day = same_day_meetings(
        participant_ids=participant_ids, days={meeting.day for meeting in meetings}
    )
    actions: dict[tuple[int, int], list[AttendanceAction]] = {}
    for action in AttendanceAction.objects.filter(meeting__in=[m.pk for m in meetings]).order_by(
        "at", "id"
    ):
        actions.setdefault((action.meeting_id, action.participant_id), []).append(action)
    answer = {}
    for meeting in meetings:
        answer[meeting.pk] = [
            AttendanceLine(
                meeting=meeting,
                roster=line,
                fold=attendance_line_fold(
                    meeting, actions.get((meeting.pk, line.participant_id), [])
                ),
                collectors=collectors_for(
                    line.enrolment.participant, records.get(line.participant_id)
                ),
                may_leave_alone=may_leave_alone(
                    line.enrolment.participant, records.get(line.participant_id)
                ),
                same_day=[
                    other
                    for other in same_day.get((line.participant_id, meeting.day), [])
                    if other.pk != meeting.pk
                ],
            )
            for line in lines_of_class.get(meeting.camp_class_id, [])
        ]
    return answer


def attendance_lines(meeting: Meeting, *, reader: User) -> list[AttendanceLine]:
    """One meeting's roster with each child's attendance, as `reader` reads it (logged)."""
    return attendance_lines_by_meeting([meeting], reader=reader, part=CarePart.ATTENDANCE)[
        meeting.pk
    ]


def attendance_line_of(
    meeting: Meeting, participant_id: int, *, reader: User
) -> AttendanceLine | None:
    """One child's line at one meeting (the answer to an action), None if they hold no seat;
    only this child's flags are read, and logged."""
    lines = attendance_lines_by_meeting(
        [meeting], reader=reader, part=CarePart.ATTENDANCE, participant_id=participant_id
    )[meeting.pk]
    return lines[0] if lines else None


def meetings_on(*, day: date, user: User | None = None) -> QuerySet[Meeting]:
    """The meetings that take place on a day at the school, with their class, by start: of the
    classes `user` teaches, or every class's for an admin (or with no user)."""
    meetings = Meeting.objects.filter(day=day, cancelled=False).select_related(
        "camp_class__extended_care__led_by"
    )
    if user is not None and user.role != Role.ADMIN:
        meetings = meetings.filter(camp_class__instructor=user)
    return meetings.order_by("start", "camp_class__name", "id")


@dataclass(frozen=True)
class TodayMeeting:
    meeting: Meeting
    opens_at: datetime
    lines: list[AttendanceLine]


def attendance_today(user: User) -> list[TodayMeeting]:
    """The Today screen: the meetings of the user's classes today at the school (every class's
    for an admin), by start time, each with its lines (their flags' read logged)."""
    meetings = list(meetings_on(day=school_today(), user=user))
    lines = attendance_lines_by_meeting(meetings, reader=user, part=CarePart.TODAY)
    return [
        TodayMeeting(
            meeting=meeting, opens_at=attendance_opens_at(meeting), lines=lines[meeting.pk]
        )
        for meeting in meetings
    ]
