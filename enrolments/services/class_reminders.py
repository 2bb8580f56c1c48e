"""The reminder before a class's first meeting: when and where, what to bring, who to call, the
class's calendar, and any paperwork still missing. One per enrolment, `CLASS_REMINDER_DAYS`
before the first meeting, whichever of the hourly pass (`class_reminders_due`, also
`manage.py send_class_reminders`) and the seat taken inside that window (`seat_take`) comes
first: the message's key (`enrolment:<id>:reminder`) makes the second a no-op."""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from care.selectors import care_missing_for
from care.services import missing_in_words
from classes.mail import class_mail
from core.school_time import school_timezone
from enrolments.message_kinds import EnrolmentMessage
from enrolments.models import Enrolment, EnrolmentStatus
from notifications.services import message_queue


def _window_end(now: datetime) -> datetime:
    """The last first meeting reminded at `now`: CLASS_REMINDER_DAYS on by the school's clock,
    the same time of day that many days later. A reminder then goes on its school day, at its
    hour, even across the night the clocks change, when that many days are an hour more or less
    than that many times 24 hours."""
    return timezone.localtime(now, school_timezone()) + timedelta(days=settings.CLASS_REMINDER_DAYS)


def is_reminder_due(enrolment: Enrolment, *, now: datetime | None = None) -> bool:
    """Whether the enrolment's class starts within the reminder window and has not started."""
    now = now or timezone.now()
    starts_at = enrolment.camp_class.starts_at
    return starts_at is not None and now < starts_at <= _window_end(now)


def class_reminder_queue(enrolment: Enrolment) -> None:
    """Queue the enrolment's reminder, once (in the caller's transaction)."""
    camp_class = enrolment.camp_class
    participant = enrolment.participant
    family = enrolment.student
    missing = care_missing_for([participant]).get(participant.pk, [])
    details, calendar = class_mail(camp_class)
    message_queue(
        kind=EnrolmentMessage.CLASS_REMINDER,
        about=f"enrolment:{enrolment.pk}:reminder",
        recipient=family.email,
        calendar=calendar,
        context={
            **details,
            "name": family.name,
            "participant_name": participant.name,
            "for_child": not participant.is_account_holder,
            "school_phone": settings.SCHOOL_PHONE,
            "missing": [missing_in_words(item) for item in missing],
        },
    )


def class_reminder_if_due(enrolment: Enrolment) -> None:
    """A seat taken inside the window: its reminder goes now, with the receipt, and the hourly
    pass finds it sent."""
    if is_reminder_due(enrolment):
        class_reminder_queue(enrolment)


def class_reminders_due(*, now: datetime | None = None) -> int:
    """Queue the reminder of every active enrolment whose class starts within the window; those
    queued before are left as they are. How many enrolments were looked at."""
    now = now or timezone.now()
    due = (
        Enrolment.objects.filter(
            status=EnrolmentStatus.ACTIVE,
            camp_class__starts_at__gt=now,
            camp_class__starts_at__lte=_window_end(now),
        )
        .select_related("camp_class__instructor", "participant", "student")
        .order_by("id")
    )
    count = 0
    for enrolment in due:
        class_reminder_queue(enrolment)
        count += 1
    return count
