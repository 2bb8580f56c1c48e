"""What every e-mail about a class says of it, in the same words wherever it is sent: when it
meets (each time with the school's time zone: the templates render in it), where, who teaches,
what to bring; and its meetings as a calendar to attach, the same events as the class's iCal
file and a family's feed (one UID per meeting), so a calendar never shows a meeting twice.

The templates `notifications/class_details.txt` and `.html` show the context this answers.
"""

from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from classes.calendars import calendar_document, class_page_url
from classes.models import Class, Meeting

WEEKDAYS = (
    gettext_lazy("Mondays"),
    gettext_lazy("Tuesdays"),
    gettext_lazy("Wednesdays"),
    gettext_lazy("Thursdays"),
    gettext_lazy("Fridays"),
    gettext_lazy("Saturdays"),
    gettext_lazy("Sundays"),
)


def _days_in_words(meeting_days: list[int]) -> str:
    names = [str(WEEKDAYS[day]) for day in sorted(meeting_days) if 0 <= day < len(WEEKDAYS)]
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(days)s and %(last)s") % {"days": ", ".join(names[:-1]), "last": names[-1]}


# Put in words when the message is rendered, in its reader's language (a context is made in
# whatever request or worker queues the message).
_days = lazy(_days_in_words, str)


def _meetings(camp_class: Class):
    return Meeting.objects.filter(camp_class=camp_class).select_related("camp_class__instructor")


def class_mail_details(camp_class: Class, meetings: list[Meeting] | None = None) -> dict:
    """The class as every message about it shows it (`class_details.txt` / `.html`); its
    `meetings` when the caller read them already."""
    if meetings is None:
        meetings = list(_meetings(camp_class))
    coming = [
        meeting for meeting in meetings if not meeting.cancelled and meeting.end > timezone.now()
    ]
    return {
        "class_id": camp_class.pk,
        "class_name": camp_class.name,
        "class_url": class_page_url(camp_class.pk),
        "instructor_name": camp_class.instructor.name,
        "location": camp_class.location,
        "what_to_bring": camp_class.what_to_bring,
        "days": _days(camp_class.meeting_days or []),
        # The first meeting to come and the last: dates and times, in the school's zone.
        "first_meeting": coming[0] if coming else None,
        "last_meeting": coming[-1] if coming else None,
        "meeting_count": len(coming),
    }


def class_mail(camp_class: Class, *, method: str = "PUBLISH") -> tuple[dict, bytes]:
    """The class's details for a message and its meetings as an iCalendar document to attach
    (METHOD PUBLISH, or CANCEL when the seat or the class is given up); one read of them."""
    meetings = list(_meetings(camp_class))
    document = calendar_document(name=camp_class.name, meetings=meetings, method=method)
    return class_mail_details(camp_class, meetings), document


def classes_mail(
    classes: list[Class],
    *,
    name: str,
    method: str = "PUBLISH",
    in_calendar: list[Class] | None = None,
) -> tuple[dict[int, dict], bytes]:
    """Several classes told in one message (a family's checkout): each one's details, by its
    id, and the meetings of those `in_calendar` (all of them unless named) in one iCalendar
    document called `name`, each meeting once; one read of them."""
    meetings = list(
        Meeting.objects.filter(camp_class__in={c.pk for c in classes}).select_related(
            "camp_class__instructor"
        )
    )
    details = {
        camp_class.pk: class_mail_details(
            camp_class, [meeting for meeting in meetings if meeting.camp_class_id == camp_class.pk]
        )
        for camp_class in classes
    }
    kept = {c.pk for c in (classes if in_calendar is None else in_calendar)}
    document = calendar_document(
        name=name,
        meetings=[meeting for meeting in meetings if meeting.camp_class_id in kept],
        method=method,
    )
    return details, document
