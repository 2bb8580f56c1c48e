"""Writes to classes: instructors propose and edit, admins review."""

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import admin_list
from classes.changes import class_change_noted, class_picture, has_families
from classes.message_kinds import ClassMessage
from classes.models import Booking, Class, ClassStatus, Meeting, Season, SeasonEarlyAccess
from classes.schedule import SCHEDULE_FIELDS, MeetingTime, meeting_times, schedule_from
from classes.search import search_document
from classes.selectors import pending_classes, season_open_now, seat_holders_of
from classes.series import series_units_make, units_follow_series
from core import events
from core.errors import Conflict, InvalidInput, NotFound, Refused
from core.school_time import school_today
from notifications.services import message_queue, message_rerender_queued

# What an instructor may say of a class beyond the spec's four fields, by the model's names.
DETAIL_FIELDS = (
    "description",
    "category",
    "level",
    "location",
    "what_to_bring",
    "age_min",
    "age_max",
    "registration_closes_at",
    "season",
    *SCHEDULE_FIELDS,
)


@transaction.atomic
def class_create(
    *,
    instructor: User,
    name: str,
    image: str,
    price: Decimal,
    seats: int,
    booking: str = Booking.WHOLE,
    **details,
) -> Class:
    """A new class waits for an admin's review, with nobody enrolled yet.

    `details` are any of DETAIL_FIELDS; a class given none has its schedule to be announced.
    A class sold by the week or the day (`booking`) is made with its units, each of `seats`
    seats at `price` (`classes.series`).
    """
    if booking not in Booking.values:
        raise InvalidInput({"booking": [_("Book a class whole, by the week or by the day.")]})
    camp_class = Class(
        instructor=instructor,
        name=name,
        image=image,
        price=price,
        seats=seats,
        status=ClassStatus.PENDING,
        enroll=0,
        booking=booking,
    )
    meetings = _details_apply(camp_class, details)
    if "season" not in details:
        camp_class.season = season_for(camp_class.start_date)
    camp_class.search_vector = _search_document(camp_class, instructor)
    camp_class.save()
    if booking != Booking.WHOLE:
        series_units_make(series=camp_class)
    elif meetings:
        _meetings_keep(camp_class, meetings)
    return camp_class


def season_for(first_day: date | None) -> Season | None:
    """The season a new class joins when none is named: the one its first day falls in, else
    the one taking registrations now, else none."""
    if first_day is not None:
        season = Season.objects.filter(starts_on__lte=first_day, ends_on__gte=first_day).first()
        if season is not None:
            return season
    return season_open_now()


def early_access_emails(text: str) -> list[str]:
    """The addresses of an uploaded list: one per line, the first column of a CSV; a header
    line and blank lines are skipped, each address lower-cased once."""
    emails: dict[str, None] = {}
    problems = []
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cell = row[0].strip() if row else ""
        if not cell or (number == 1 and "@" not in cell):
            continue
        try:
            validate_email(cell)
        except ValidationError:
            problems.append(
                _("Line %(number)s: %(value)s is not an e-mail address.")
                % {"number": number, "value": cell[:80]}
            )
            continue
        emails.setdefault(cell.lower())
    if problems:
        raise InvalidInput({"emails": problems[:20]})
    return list(emails)


@transaction.atomic
def season_early_access_replace(*, season: Season, emails: list[str]) -> None:
    """The season's early-access list becomes these addresses."""
    SeasonEarlyAccess.objects.filter(season=season).delete()
    SeasonEarlyAccess.objects.bulk_create(
        SeasonEarlyAccess(season=season, email=email) for email in emails
    )


@transaction.atomic
def season_opening_move(*, season: Season, opens_at: datetime) -> Season:
    """The season opens to every family at `opens_at` instead, its early access (if it has one)
    moved with it, as long before as it was; the opening-morning line follows it. Registration
    must still close after it: the database refuses a season that closes before it opens."""
    if season.early_access_opens_at is not None:
        season.early_access_opens_at = opens_at - (season.opens_at - season.early_access_opens_at)
    season.opens_at = opens_at
    season.save(update_fields=["opens_at", "early_access_opens_at"])
    events.publish(events.SEASON_CHANGED, season=season)
    return season


@transaction.atomic
def class_update(
    *, class_id: int, editor: User, name: str, image: str, price: Decimal, seats: int, **details
) -> int:
    """The class's instructor, or one of the school's admins, edits it; a denied class goes back
    for another review.

    Of `details`, only those given change: a client that knows only the spec's four fields
    leaves the description and the schedule as they were. Once families are enrolled, an
    instructor moves no meeting into the past or to within SCHEDULE_CHANGE_MIN_NOTICE_DAYS of
    today (`_notice_check`); an admin may. A move of the first meeting lets the families
    enrolled so far cancel for a full refund for a while (`Class.first_meeting_moved_at`), and
    the change's e-mail says until when.
    """
    camp_class = (
        Class.objects.select_related("category", "instructor")
        .select_for_update(of=("self",))
        .filter(pk=class_id)
        .first()
    )
    if camp_class is None:
        raise NotFound(_("No such class."))
    if not editor.is_admin and camp_class.instructor_id != editor.pk:
        raise Refused(_("You can only update your own classes."))
    if camp_class.status in CLOSED_FOR_GOOD:
        raise Conflict(
            _("This class was %(status)s, so it cannot be changed.")
            % {"status": camp_class.status.lower()}
        )
    # Seats held for families paying or offered from the waitlist are theirs until the holds
    # run out: the enrolments app counts them, read under the class's lock.
    held = events.ask(events.SEATS_HELD, class_id=camp_class.pk, now=timezone.now())
    if seats < held:
        raise InvalidInput(
            {
                "seats": [
                    _(
                        "%(held)s seats are held for families right now; seats cannot go below "
                        "%(held)s."
                    )
                    % {"held": held}
                ]
            }
        )
    seats_before = camp_class.seats
    starts_before = camp_class.starts_at
    # The class as its families planned around it, when it has families to tell of a change.
    before = class_picture(camp_class) if has_families(camp_class) else None
    camp_class.name = name
    camp_class.image = image
    camp_class.price = price
    camp_class.seats = seats
    meetings = _details_apply(camp_class, details)
    if camp_class.status == ClassStatus.DENIED:
        # The admin's feedback stays: it is what the instructor answered with this edit,
        # and what the admin reviews the new version against.
        camp_class.status = ClassStatus.PENDING
    now = timezone.now()
    first_meeting_moved = starts_before is not None and camp_class.starts_at != starts_before
    if first_meeting_moved:
        camp_class.first_meeting_moved_at = now
    camp_class.search_vector = _search_document(camp_class, camp_class.instructor)
    camp_class.save()
    change = _meetings_keep(camp_class, meetings)
    if change and not editor.is_admin:
        # Checked once the meetings are compared; the transaction undoes the edit on a refusal.
        _notice_check(camp_class, change)
    if before is not None and class_picture(camp_class) != before:
        # Told once the run of edits is over (`classes.changes`), with what changed.
        class_change_noted(camp_class, before=before, at=now)
    if seats > seats_before:
        events.publish(events.SEATS_ADDED, camp_class=camp_class)
    return 1


def _notice_check(camp_class: Class, change: "MeetingsChange") -> None:
    """An instructor's change to the meetings of a class with families enrolled: every meeting
    it adds, moves or cancels is at least SCHEDULE_CHANGE_MIN_NOTICE_DAYS away, so nobody's
    plans (and nobody's refund window) are overturned at short notice. The school's admins are
    not held to it."""
    if not seat_holders_of(class_id=camp_class.pk).exists():
        return
    earliest = school_today() + timedelta(days=settings.SCHEDULE_CHANGE_MIN_NOTICE_DAYS)
    touched = [*change.changed_days, *(meeting.day for meeting in change.cancelled)]
    if any(day < earliest for day in touched):
        raise InvalidInput(
            {
                "start_date": [
                    _(
                        "Families are enrolled in this class, so no meeting can be added, "
                        "moved or cancelled before %(earliest)s %(day)s "
                        "(%(SCHEDULE_CHANGE_MIN_NOTICE_DAYS)s days from today). Please ask the "
                        "school to make this change."
                    )
                    % {
                        "earliest": f"{earliest:%A, %B}",
                        "day": earliest.day,
                        "SCHEDULE_CHANGE_MIN_NOTICE_DAYS": settings.SCHEDULE_CHANGE_MIN_NOTICE_DAYS,
                    }
                ]
            }
        )


def _search_document(camp_class: Class, instructor: User):
    # Written with the class in the same statement, so a search finds it at once.
    return search_document(
        name=camp_class.name,
        description=camp_class.description,
        category_name=camp_class.category.name if camp_class.category else "",
        instructor_name=instructor.name,
    )


def class_details_check(**details) -> None:
    """Raises InvalidInput, by field, if these details could not make a new class; writes
    nothing. An import checks every row this way before it writes any."""
    _details_apply(Class(), details)


def _details_apply(camp_class: Class, details: dict) -> list[MeetingTime]:
    """Sets the given details on the class, unsaved, after checking them together with what it
    keeps; answers the meetings its schedule makes. Nothing is written on a problem."""
    unknown = set(details) - set(DETAIL_FIELDS)
    if unknown:
        raise TypeError(f"Not a detail of a class: {', '.join(sorted(unknown))}")
    for field, value in details.items():
        if field in ("description", "location", "level", "what_to_bring"):
            value = value or ""
        if field in ("meeting_days", "no_meeting_dates"):
            value = list(value or [])
        setattr(camp_class, field, value)
    problems: dict[str, list[str]] = {}
    if (
        camp_class.age_min is not None
        and camp_class.age_max is not None
        and camp_class.age_max < camp_class.age_min
    ):
        problems["age_max"] = [_("The oldest age must not be below the youngest.")]
    try:
        schedule = schedule_from(
            start_date=camp_class.start_date,
            end_date=camp_class.end_date,
            meeting_days=camp_class.meeting_days,
            start_time=camp_class.start_time,
            end_time=camp_class.end_time,
            no_meeting_dates=[date.fromisoformat(str(day)) for day in camp_class.no_meeting_dates],
        )
    except InvalidInput as invalid:
        raise InvalidInput({**problems, **invalid.problems}) from invalid
    meetings = meeting_times(schedule) if schedule else []
    if (
        meetings
        and camp_class.registration_closes_at is not None
        and camp_class.registration_closes_at >= meetings[-1].end
    ):
        problems["registration_closes_at"] = [_("Registration must close before the class ends.")]
    if problems:
        raise InvalidInput(problems)
    if schedule is not None:
        # Kept as the schedule reads once defaults are applied: one day, its own weekday.
        camp_class.end_date = schedule.end_date
        camp_class.meeting_days = list(schedule.meeting_days)
        camp_class.no_meeting_dates = [day.isoformat() for day in schedule.no_meeting_dates]
    camp_class.starts_at = meetings[0].start if meetings else None
    camp_class.ends_at = meetings[-1].end if meetings else None
    return meetings


@dataclass(frozen=True)
class MeetingsChange:
    """What an edit did to a class's meetings; false when nothing changed."""

    # Days whose meeting is new (the first ones of a schedule just announced, too) or has a
    # new time, or is back after being cancelled.
    changed_days: frozenset[date] = frozenset()
    cancelled: tuple[Meeting, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.changed_days or self.cancelled)


def _meetings_keep(camp_class: Class, meetings: list[MeetingTime]) -> MeetingsChange:
    """Brings the class's Meeting rows in step with its schedule; what changed for anyone who
    planned around them.

    A meeting is known by its day: a new time raises its sequence, a day no longer in the
    schedule is kept as cancelled, and a day that comes back is the same meeting again.
    """
    kept = {meeting.day: meeting for meeting in Meeting.objects.filter(camp_class=camp_class)}
    changed_days = set()
    wanted_days = set()
    for wanted in meetings:
        wanted_days.add(wanted.day)
        meeting = kept.get(wanted.day)
        if meeting is None:
            Meeting.objects.create(
                camp_class=camp_class, day=wanted.day, start=wanted.start, end=wanted.end
            )
            changed_days.add(wanted.day)
        elif meeting.cancelled or meeting.start != wanted.start or meeting.end != wanted.end:
            meeting.start, meeting.end, meeting.cancelled = wanted.start, wanted.end, False
            meeting.sequence += 1
            meeting.save(update_fields=["start", "end", "cancelled", "sequence", "updated_at"])
            changed_days.add(wanted.day)
    cancelled = []
    for day, meeting in sorted(kept.items()):
        if day not in wanted_days and not meeting.cancelled:
            meeting.cancelled = True
            meeting.sequence += 1
            meeting.save(update_fields=["cancelled", "sequence", "updated_at"])
            cancelled.append(meeting)
    return MeetingsChange(changed_days=frozenset(changed_days), cancelled=tuple(cancelled))


# A denial waits this long before it is sent, so the feedback an admin writes just after
# denying (Manage Classes asks for it next) goes out with it.
CLOSED_FOR_GOOD = (ClassStatus.WITHDRAWN, ClassStatus.CANCELLED)


@transaction.atomic
def class_withdraw(*, class_id: int, instructor: User) -> int:
    """An instructor takes back their own class while it waits for review (Pending, or Denied
    and not yet answered): it leaves the review queue and is never shown. An approved class
    has families choosing it; only the school cancels it (payments.services.class_cancel). A
    series' weeks or days are withdrawn with it."""
    # One UPDATE for the class and a series' units, which share its instructor and its review.
    withdrawn = Class.objects.filter(
        Q(pk=class_id) | Q(unit_of_id=class_id),
        instructor=instructor,
        status__in=(ClassStatus.PENDING, ClassStatus.DENIED),
    ).update(status=ClassStatus.WITHDRAWN, updated_at=timezone.now())
    if withdrawn:
        return 1
    camp_class = Class.objects.filter(pk=class_id).first()
    if camp_class is None:
        raise NotFound(_("No such class."))
    if camp_class.instructor_id != instructor.pk:
        raise Refused(_("You can only withdraw your own classes."))
    if camp_class.status == ClassStatus.APPROVED:
        raise Conflict(
            _(
                "This class is open to families: ask the school to cancel it, so that everyone who "
                "chose it is told and refunded."
            )
        )
    raise Conflict(_("This class was %(status)s already.") % {"status": camp_class.status.lower()})


DENIAL_FEEDBACK_WAIT = timedelta(minutes=10)


def _class_review(*, class_id: int, status: str, verb: str) -> int:
    now = timezone.now()
    # One conditional UPDATE: of two admins deciding at once, only the first finds it Pending.
    reviewed = Class.objects.filter(pk=class_id, status=ClassStatus.PENDING).update(
        status=status, updated_at=now
    )
    if reviewed:
        camp_class = Class.objects.select_related("instructor").get(pk=class_id)
        if camp_class.booking != Booking.WHOLE:
            units_follow_series(series_id=class_id, status=status, updated_at=now)
        _review_message_queue(camp_class, now)
        return reviewed
    if not Class.objects.filter(pk=class_id).exists():
        raise NotFound(_("No such class."))
    raise Conflict(_("Only a pending class can be %(verb)s.") % {"verb": verb})


def _review_message_queue(camp_class: Class, reviewed_at) -> None:
    denied = camp_class.status == ClassStatus.DENIED
    message_queue(
        kind=ClassMessage.CLASS_DENIED if denied else ClassMessage.CLASS_APPROVED,
        # Each review is its own message: a class denied, changed and reviewed again.
        about=f"class:{camp_class.pk}:{reviewed_at.isoformat()}",
        recipient=camp_class.instructor.email,
        context=_review_context(camp_class),
        send_after=reviewed_at + DENIAL_FEEDBACK_WAIT if denied else None,
    )


def _review_context(camp_class: Class) -> dict:
    return {
        "name": camp_class.instructor.name,
        "class_name": camp_class.name,
        "feedback": camp_class.feedback,
    }


@transaction.atomic
def class_approve(*, class_id: int) -> int:
    return _class_review(class_id=class_id, status=ClassStatus.APPROVED, verb="approved")


@transaction.atomic
def class_deny(*, class_id: int) -> int:
    return _class_review(class_id=class_id, status=ClassStatus.DENIED, verb="denied")


@transaction.atomic
def class_send_feedback(*, class_id: int, feedback: str) -> int:
    """An admin's note to the instructor; the latest one replaces the one before."""
    sent = Class.objects.filter(pk=class_id).update(feedback=feedback, updated_at=timezone.now())
    if not sent:
        raise NotFound(_("No such class."))
    camp_class = Class.objects.select_related("instructor").get(pk=class_id)
    # A denial not sent yet carries the feedback written since.
    message_rerender_queued(
        kind=ClassMessage.CLASS_DENIED,
        about_prefix=f"class:{class_id}:",
        context=_review_context(camp_class),
    )
    return sent


def review_digest_send(*, today: date | None = None) -> int:
    """One message to each admin listing every class waiting for review, once a day at most;
    the number queued (none when nothing waits)."""
    today = today or school_today()
    waiting = [
        {
            "name": camp_class.name,
            "instructor_name": camp_class.instructor.name or camp_class.instructor.email,
            "created_at": camp_class.created_at,
        }
        for camp_class in pending_classes()
    ]
    if not waiting:
        return 0
    queued = 0
    with transaction.atomic():
        for admin in admin_list():
            message_queue(
                kind=ClassMessage.REVIEW_DIGEST,
                about=f"review-digest:{today.isoformat()}",
                recipient=admin.email,
                context={"name": admin.name, "classes": waiting},
            )
            queued += 1
    return queued
