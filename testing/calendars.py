"""Reading the calendars the API answers as a calendar app would, and holding them to RFC 5545."""

from datetime import datetime, timedelta

from icalendar import Calendar, Event

CALENDAR_MEDIA_TYPE = "text/calendar; charset=utf-8"
# RFC 5545 3.1: content lines are folded so none is longer than 75 octets, without the CRLF.
MAX_LINE_OCTETS = 75


def calendar_of(response) -> Calendar:
    """The calendar a 200 answer holds, once its bytes are checked line by line and its
    components against the properties RFC 5545 requires."""
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == CALENDAR_MEDIA_TYPE
    body = response.content
    lines_are_rfc5545(body)
    calendar = Calendar.from_ical(body)
    has_required_properties(calendar)
    return calendar


def lines_are_rfc5545(body: bytes) -> None:
    assert body.startswith(b"BEGIN:VCALENDAR\r\n")
    assert body.endswith(b"END:VCALENDAR\r\n")
    # Every line ends with CRLF: no bare LF or CR anywhere else.
    assert b"\n" not in body.replace(b"\r\n", b"")
    assert b"\r" not in body.replace(b"\r\n", b"")
    for line in body.split(b"\r\n"):
        assert len(line) <= MAX_LINE_OCTETS, line
    body.decode("utf-8")


def has_required_properties(calendar: Calendar) -> None:
    assert calendar.name == "VCALENDAR"
    assert calendar["PRODID"]
    assert calendar["VERSION"] == "2.0"
    for event in events_of(calendar):
        for required in ("UID", "DTSTAMP", "DTSTART", "DTEND"):
            assert required in event, f"{required} missing from {event.get('UID')}"
        assert event.decoded("DTSTAMP").utcoffset() == timedelta(0)
        assert event.decoded("DTEND") > event.decoded("DTSTART")
        tzid = event["DTSTART"].params.get("TZID")
        # Every zone an event names is defined in the calendar itself.
        assert tzid in {zone["TZID"] for zone in calendar.walk("VTIMEZONE")}
        assert event["DTEND"].params.get("TZID") == tzid


def events_of(calendar: Calendar) -> list[Event]:
    return calendar.walk("VEVENT")


def event_by_uid(calendar: Calendar) -> dict[str, Event]:
    return {str(event["UID"]): event for event in events_of(calendar)}


def offset_by_vtimezone(calendar: Calendar, tzid: str, local: datetime) -> timedelta:
    """The UTC offset the calendar's own VTIMEZONE gives a local time, as a calendar app that
    knows no zone names (Outlook) works it out: the observance whose latest onset (DTSTART or
    RDATE, a local time) is the last before it."""
    [zone] = [zone for zone in calendar.walk("VTIMEZONE") if zone["TZID"] == tzid]
    local = local.replace(tzinfo=None)
    onsets = []
    for observance in zone.subcomponents:
        starts = [observance.decoded("DTSTART")]
        rdates = observance.get("RDATE", [])
        for rdate in rdates if isinstance(rdates, list) else [rdates]:
            starts += [period.dt for period in rdate.dts]
        for start in starts:
            if start <= local:
                onsets.append((start, observance.decoded("TZOFFSETTO")))
    assert onsets, f"{tzid} does not cover {local}"
    return max(onsets)[1]
