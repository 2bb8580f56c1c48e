"""The school's checks on a day of camp, run every minute by Celery beat
(`attendance.tasks.attendance_checks`):

- the end of the day: `END_OF_DAY_CHECK` minutes after a class's last meeting of the day ends,
  each child still checked in (checked in, never checked out) is told to the class's instructor
  and every admin, with the child's emergency contacts. Once per child per day.
- the absence notice, when the school turns it on (`ABSENCE_NOTICE_MINUTES`): a child neither
  checked in nor marked absent that long after a meeting's start is told to their family. Once
  per child per meeting.

Each e-mail is sent once: its `AttendanceNotice` row, whose key is unique, is claimed in the
transaction that queues the e-mail, so two passes (or two beats) cannot both send it. A child's
status is the one fold of their actions (`attendance.lines`).
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Participant, Role, User
from attendance.lines import (
    EXPECTED,
    PRESENT,
    AttendanceLine,
    attendance_lines_by_meeting,
)
from attendance.message_kinds import AttendanceMessage
from attendance.models import AttendanceAction, AttendanceNotice
from attendance.selectors import contacts_of
from care.selectors import records_of
from classes.models import Meeting
from enrolments.models import Enrolment
from notifications.services import message_queue

# How long after it falls due a check is still made: a beat stopped for longer (a deploy, an
# outage) does not wake up to e-mail about a day long over.
CATCH_UP = timedelta(hours=6)


@dataclass(frozen=True)
class ChecksDone:
    """How many e-mails each check queued in one pass (one per child, whatever the recipients)."""

    still_checked_in: int
    not_checked_in: int


def _claimed(*, key: str, kind: str, participant: Participant, meeting: Meeting) -> bool:
    """The notice's ledger row, ours if no pass took it before (a savepoint: the caller's
    transaction stays usable when another did)."""
    try:
        with transaction.atomic():
            AttendanceNotice.objects.create(
                key=key, kind=kind, participant=participant, meeting=meeting
            )
    except IntegrityError:
        return False
    return True


def still_checked_in_key(*, participant_id: int, day: date) -> str:
    return f"still-checked-in:{participant_id}:{day.isoformat()}"


def not_checked_in_key(*, participant_id: int, meeting_id: int) -> str:
    return f"not-checked-in:{participant_id}:{meeting_id}"


def _meetings_ended(now: datetime) -> list[Meeting]:
    """The meetings whose end-of-day check fell due within CATCH_UP. A class meets at most once
    a day (`meeting_one_per_class_day`), so its meeting is its last of the day."""
    due = now - timedelta(minutes=settings.END_OF_DAY_CHECK)
    return list(
        Meeting.objects.filter(cancelled=False, end__lte=due, end__gt=due - CATCH_UP)
        .select_related("camp_class__instructor")
        .order_by("end", "id")
    )


def still_checked_in_due(*, now: datetime | None = None) -> int:
    """The end-of-day check: one e-mail per child still checked in at a class's last meeting
    of the day, to its instructor and every admin. How many children were told about."""
    now = now or timezone.now()
    meetings = _meetings_ended(now)
    if not meetings:
        return 0
    # The school's own check: the e-mail names no allergy or pick-up, so no read to log.
    lines = attendance_lines_by_meeting(meetings, reader=None, part=None)
    here = [
        (meeting, line)
        for meeting in meetings
        for line in lines[meeting.pk]
        if line.fold.status == PRESENT
    ]
    told = set(
        AttendanceNotice.objects.filter(
            key__in=[
                still_checked_in_key(participant_id=line.participant_id, day=meeting.day)
                for meeting, line in here
            ]
        ).values_list("key", flat=True)
    )
    here = [
        (meeting, line)
        for meeting, line in here
        if still_checked_in_key(participant_id=line.participant_id, day=meeting.day) not in told
    ]
    if not here:
        return 0
    records = records_of([line.participant_id for _, line in here], medical=False)
    admins = list(User.objects.filter(role=Role.ADMIN, is_active=True).order_by("id"))
    sent = 0
    for meeting, line in here:
        sent += _still_checked_in_tell(
            meeting=meeting,
            line=line,
            contacts=contacts_of(line.roster.enrolment.participant, records),
            admins=admins,
        )
    return sent


def _still_checked_in_tell(
    *, meeting: Meeting, line: AttendanceLine, contacts: list[dict], admins: list[User]
) -> int:
    participant = line.roster.enrolment.participant
    camp_class = meeting.camp_class
    key = still_checked_in_key(participant_id=participant.pk, day=meeting.day)
    recipients = {}
    for person in [camp_class.instructor, *admins]:
        if person is not None and person.email:
            recipients.setdefault(person.email.lower(), person)
    family = participant.account
    with transaction.atomic():
        if not _claimed(
            key=key,
            kind=AttendanceMessage.STILL_CHECKED_IN,
            participant=participant,
            meeting=meeting,
        ):
            return 0
        for person in recipients.values():
            message_queue(
                kind=AttendanceMessage.STILL_CHECKED_IN,
                about=key,
                recipient=person.email,
                context={
                    "name": person.name,
                    "participant_name": line.name,
                    "class_name": camp_class.name,
                    "checked_in_at": line.fold.checked_in_at,
                    # Present only after a check-in: the action that stands is that one.
                    "checked_in_by": line.fold.last_action.by_name,
                    "meeting_end": meeting.end,
                    "contacts": contacts,
                    "family_name": family.name,
                    "family_email": family.email,
                },
            )
    return 1


def not_checked_in_due(*, now: datetime | None = None) -> int:
    """The absence notice, when `ABSENCE_NOTICE_MINUTES` is set: one e-mail to the family of
    each child with a seat who is neither checked in nor marked absent that long after the
    meeting's start. How many children were told about.

    Only a meeting whose attendance is being taken (anyone checked in or marked) tells: a
    meeting with none recorded is one whose instructor has not opened Today yet, and a dozen
    families told their children are missing would be told wrong."""
    minutes = settings.ABSENCE_NOTICE_MINUTES
    if minutes is None:
        return 0
    now = now or timezone.now()
    due = now - timedelta(minutes=minutes)
    meetings = list(
        Meeting.objects.filter(
            cancelled=False,
            start__lte=due,
            start__gt=due - CATCH_UP,
            pk__in=AttendanceAction.objects.values("meeting_id"),
        )
        .select_related("camp_class")
        .order_by("start", "id")
    )
    if not meetings:
        return 0
    # Told to the family, about their own child: no read by staff to log.
    lines = attendance_lines_by_meeting(meetings, reader=None, part=None)
    told = set(
        AttendanceNotice.objects.filter(
            kind=AttendanceMessage.NOT_CHECKED_IN, meeting__in=meetings
        ).values_list("key", flat=True)
    )
    sent = 0
    for meeting in meetings:
        for line in lines[meeting.pk]:
            enrolment = line.roster.enrolment
            key = not_checked_in_key(participant_id=line.participant_id, meeting_id=meeting.pk)
            # A seat taken after the start was never expected at this meeting.
            if enrolment.created_at > meeting.start or key in told:
                continue
            if line.fold.status == EXPECTED:
                sent += _not_checked_in_tell(meeting=meeting, enrolment=enrolment, key=key)
    return sent


def _not_checked_in_tell(*, meeting: Meeting, enrolment: Enrolment, key: str) -> int:
    participant = enrolment.participant
    family = enrolment.student
    with transaction.atomic():
        if not _claimed(
            key=key,
            kind=AttendanceMessage.NOT_CHECKED_IN,
            participant=participant,
            meeting=meeting,
        ):
            return 0
        message_queue(
            kind=AttendanceMessage.NOT_CHECKED_IN,
            about=key,
            recipient=family.email,
            context={
                "name": family.name,
                "participant_name": participant.name,
                "for_child": not participant.is_account_holder,
                "class_name": meeting.camp_class.name,
                "meeting_start": meeting.start,
                "location": meeting.camp_class.location,
                "school_phone": settings.SCHOOL_PHONE,
            },
        )
    return 1


def attendance_checks_due(*, now: datetime | None = None) -> ChecksDone:
    """Both checks, as the minute's beat runs them."""
    now = now or timezone.now()
    return ChecksDone(
        still_checked_in=still_checked_in_due(now=now),
        not_checked_in=not_checked_in_due(now=now),
    )
