"""A class changed after families chose it: its meetings, times, location or instructor. Every
family holding a seat or waiting on the list gets one e-mail saying what changed (old -> new),
with the class's calendar, `CLASS_CHANGE_NOTICE_DELAY_MINUTES` after the first edit: several
edits in that time make one message, and edits that end where they began send none.

`class_change_noted` is called by each edit with the class as it was before it; the first of a
run keeps that picture (`ClassChange.before`). `class_change_notices_due`, run each minute by
beat, compares it with the class as it is once the delay is over, and tells the families.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop

from classes.mail import class_mail
from classes.message_kinds import ClassMessage
from classes.models import Class, ClassChange, Meeting
from classes.schedule import school_timezone
from core import events
from notifications.services import message_queue


def class_picture(camp_class: Class, *, now: datetime | None = None) -> dict:
    """What families planned around: the meetings still to come, where, and who teaches."""
    now = now or timezone.now()
    meetings = Meeting.objects.filter(camp_class=camp_class, cancelled=False, end__gt=now)
    return {
        "location": camp_class.location,
        "instructor": camp_class.instructor.name,
        "meetings": {
            meeting.day.isoformat(): [meeting.start.isoformat(), meeting.end.isoformat()]
            for meeting in meetings.order_by("start")
        },
    }


def has_families(camp_class: Class) -> bool:
    """Whether anyone holds a seat in the class or waits for one: only then is a change told."""
    return any(
        events.ask(question, class_id=camp_class.pk).exists()
        for question in (events.SEAT_HOLDERS, events.WAITING_FAMILIES)
    )


def class_change_noted(camp_class: Class, *, before: dict, at: datetime | None = None) -> None:
    """An edit of the class made `at` (now by default), `before` being the class as it was: the
    first edit of a run opens a change, due after the delay; later ones join it (in the
    caller's transaction)."""
    now = at or timezone.now()
    if ClassChange.objects.filter(camp_class=camp_class, told_at__isnull=True).exists():
        return
    delay = timedelta(minutes=settings.CLASS_CHANGE_NOTICE_DELAY_MINUTES)
    try:
        with transaction.atomic():
            change = ClassChange.objects.create(
                camp_class=camp_class, before=before, started_at=now, due_at=now + delay
            )
    except IntegrityError:
        # A parallel edit opened the run first: its picture is the one from before both.
        return
    if not delay:
        # No delay: told with the edit, in its transaction.
        _tell(change.pk, now)


def _words(words: str, **parts) -> str:
    return gettext(words).format(**parts)


# Each line is said when it is read: an e-mail renders it in its reader's language.
_said = lazy(_words, str)


def _clock(moment: str, shown: str) -> str:
    return lazy(date_format, str)(_at_school(moment), _said(shown))


def _at_school(moment: str) -> datetime:
    return datetime.fromisoformat(moment).astimezone(school_timezone())


def _hours(start: str, end: str) -> str:
    shown = {"start": _clock(start, gettext_noop("g:i A")), "end": _clock(end, "g:i A T")}
    return _said(gettext_noop("{start} to {end}"), **shown)


def _when(start: str, end: str) -> str:
    day = _clock(start, gettext_noop("l, F j"))
    return _said(gettext_noop("{day}, {hours}"), day=day, hours=_hours(start, end))


def changes_in_words(before: dict, after: dict) -> list[str]:
    """What changed between two pictures of a class, one line each, old -> new, each said in
    the language of whoever reads it."""
    lines = []
    if before["location"] != after["location"]:
        unknown = _said(gettext_noop("to be announced"))
        where = {"before": before["location"] or unknown, "after": after["location"] or unknown}
        lines.append(_said(gettext_noop("Where: {before} → {after}"), **where))
    if before["instructor"] != after["instructor"]:
        who = {"before": before["instructor"], "after": after["instructor"]}
        lines.append(_said(gettext_noop("Instructor: {before} → {after}"), **who))
    old, new = before["meetings"], after["meetings"]
    for day in sorted(set(old) | set(new)):
        if day in old and day in new and old[day] != new[day]:
            moved = {"before": _hours(*old[day]), "after": _hours(*new[day])}
            named = _clock(old[day][0], "l, F j")
            lines.append(_said(gettext_noop("{day}: {before} → {after}"), day=named, **moved))
        elif day in old and day not in new:
            lines.append(_said(gettext_noop("Cancelled: {meeting}"), meeting=_when(*old[day])))
        elif day in new and day not in old:
            lines.append(_said(gettext_noop("Added: {meeting}"), meeting=_when(*new[day])))
    return lines


def _families_of(camp_class: Class):
    """Everyone holding a seat or waiting for one, each account once (enrolments knows them)."""
    people = {}
    for question in (events.SEAT_HOLDERS, events.WAITING_FAMILIES):
        for person in events.ask(question, class_id=camp_class.pk):
            people.setdefault(person.pk, person)
    return list(people.values())


def _full_refund_until(camp_class: Class, change: ClassChange) -> datetime | None:
    moved_at = camp_class.first_meeting_moved_at
    if moved_at is None or moved_at < change.started_at:
        return None
    return moved_at + timedelta(days=settings.CHANGE_FULL_REFUND_DAYS)


@transaction.atomic
def _tell(change_id: int, now: datetime) -> bool:
    change = (
        ClassChange.objects.select_for_update().filter(pk=change_id, told_at__isnull=True).first()
    )
    if change is None:
        return False
    camp_class = Class.objects.select_related("instructor").get(pk=change.camp_class_id)
    # The meetings to come as the first edit counted them: one that ended since is not "off".
    lines = changes_in_words(change.before, class_picture(camp_class, now=change.started_at))
    change.told_at = now
    change.undone = not lines
    change.save(update_fields=["told_at", "undone"])
    if not lines:
        return False
    details, calendar = class_mail(camp_class)
    full_refund_until = _full_refund_until(camp_class, change)
    for person in _families_of(camp_class):
        message_queue(
            kind=ClassMessage.SCHEDULE_CHANGED,
            about=f"class-change:{change.pk}",
            # One change is read before the next.
            in_order_of=f"class:{camp_class.pk}:changes",
            recipient=person.email,
            calendar=calendar,
            context={
                **details,
                "name": person.name,
                "changes": lines,
                "full_refund_until": full_refund_until,
            },
        )
    return True


def class_change_notices_due(*, now: datetime | None = None) -> int:
    """Tell the families of every class whose run of edits is over; how many changes were told
    (a run that ended where it began is closed and tells nobody)."""
    now = now or timezone.now()
    due = ClassChange.objects.filter(told_at__isnull=True, due_at__lte=now).order_by("due_at")
    return sum(_tell(change_id, now) for change_id in due.values_list("pk", flat=True))
