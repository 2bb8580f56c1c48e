"""iCalendar documents (RFC 5545) of classes' meetings: one class's file, and a person's feed of
the classes they hold a seat in (enrolments.apis).

Every meeting is one VEVENT known by `Meeting.uid` for its whole life, with the `sequence`
classes.services raises at each change of it, so a calendar that copied the meeting replaces it
rather than adding a second. A cancelled meeting stays, marked CANCELLED, so calendars take it
off. Times are written in SCHOOL_TIMEZONE with its VTIMEZONE: a class at 9:00 is at 9:00 in
summer and in winter, wherever the reader's calendar is set.
"""

import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone
from icalendar import Calendar, Event, Timezone, vDuration

from classes.models import Meeting
from classes.schedule import school_timezone

PRODID = "-//Camp art school//Class calendars//EN"
MEDIA_TYPE = "text/calendar; charset=utf-8"
# How often a subscribed calendar should look again: REFRESH-INTERVAL (RFC 7986), and
# X-PUBLISHED-TTL, which Outlook and Apple Calendar read.
REFRESH_INTERVAL = timedelta(hours=12)
# RFC 5545's TEXT has no control characters; a name typed with one would break strict readers.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")


def class_page_url(class_id: int) -> str:
    """The class's page in the browser app, on the site's public address."""
    return f"{settings.SITE_URL.rstrip('/')}/classes/{class_id}"


def calendar_document(
    *,
    name: str,
    meetings: Iterable[Meeting],
    now: datetime | None = None,
    method: str = "PUBLISH",
) -> bytes:
    """The calendar called `name` holding these meetings (each read with its class and the
    class's instructor), as the bytes to send: CRLF lines folded at 75 octets. With no
    meetings (a schedule to be announced, a person with no class) it is a valid empty one.
    With `method` CANCEL (a class the school cancelled), every meeting in it is cancelled."""
    now = now or timezone.now()
    zone = school_timezone()
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", method)
    # NAME and X-WR-CALNAME, the name a subscribing calendar shows.
    calendar.calendar_name = _one_line(name)
    calendar.add("x-wr-timezone", settings.SCHOOL_TIMEZONE)
    calendar.refresh_interval = REFRESH_INTERVAL
    calendar.add("x-published-ttl", vDuration(REFRESH_INTERVAL))
    meetings = list(meetings)
    if meetings:
        calendar.add_component(
            _school_timezone(
                zone,
                first=min(meeting.day for meeting in meetings),
                last=max(meeting.day for meeting in meetings),
            )
        )
    for meeting in meetings:
        if method == "CANCEL" and not meeting.cancelled:
            # As the meeting now stands: off, one change later than the copy a calendar holds.
            meeting.cancelled = True
            meeting.sequence += 1
        calendar.add_component(_event(meeting, zone=zone, now=now))
    return calendar.to_ical()


def _school_timezone(zone: ZoneInfo, *, first: date, last: date) -> Timezone:
    # The zone's offsets for the years the meetings fall in, not the library's default of 1970
    # to 2038: a few lines instead of two screens of dates in every download.
    return Timezone.from_tzinfo(
        zone,
        tzid=settings.SCHOOL_TIMEZONE,
        first_date=date(first.year, 1, 1),
        last_date=date(last.year + 1, 1, 1),
    )


def event_title(meeting: Meeting, *, zone: ZoneInfo) -> str:
    """A meeting's name in a calendar: its class's; a day of extended care's, with its hours
    ("After-care, 15:00–18:00"), since the class it goes with is an event beside it."""
    camp_class = meeting.camp_class
    if camp_class.extended_care_id is None:
        return _one_line(camp_class.name)
    start, end = meeting.start.astimezone(zone), meeting.end.astimezone(zone)
    return f"{_one_line(camp_class.extended_care.label)}, {start:%H:%M}–{end:%H:%M}"


def _event(meeting: Meeting, *, zone: ZoneInfo, now: datetime) -> Event:
    camp_class = meeting.camp_class
    # A week or a day is read on its series' page; a day of care has no page of its own.
    url = (
        None
        if camp_class.extended_care_id
        else class_page_url(camp_class.unit_of_id or camp_class.pk)
    )
    event = Event()
    event.add("uid", meeting.uid)
    # With METHOD, DTSTAMP is when this document was made; the meeting's own last change is
    # LAST-MODIFIED.
    event.add("dtstamp", now)
    event.add("last-modified", meeting.updated_at)
    event.add("sequence", meeting.sequence)
    event.add("dtstart", meeting.start.astimezone(zone))
    event.add("dtend", meeting.end.astimezone(zone))
    # Some calendars show a cancelled event until they next drop it: its title says so too.
    name = event_title(meeting, zone=zone)
    event.add("summary", f"Cancelled: {name}" if meeting.cancelled else name)
    if camp_class.location:
        event.add("location", _one_line(camp_class.location))
    event.add("description", _description(meeting, url))
    if url:
        event.add("url", url)
    event.add("status", "CANCELLED" if meeting.cancelled else "CONFIRMED")
    event.add("transp", "OPAQUE")
    return event


def _one_line(text: str) -> str:
    return " ".join(_CONTROL_CHARACTERS.sub(" ", text).split())


def _description(meeting: Meeting, url: str | None) -> str:
    camp_class = meeting.camp_class
    name = _one_line(camp_class.name)
    if camp_class.unit_label and camp_class.extended_care_id is None:
        name = f"{name}, {_one_line(camp_class.unit_label)}"
    instructor = _one_line(camp_class.instructor.name)
    lines = []
    if meeting.cancelled:
        lines.append("This meeting is cancelled.")
    lines.append(f"{name} with {instructor}." if instructor else f"{name}.")
    if url:
        lines.append(f"Class page: {url}")
    return "\n".join(lines)
