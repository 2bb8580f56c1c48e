"""A class's calendar file: every meeting once, in school time, known by the same UID across
schedule changes, with a SEQUENCE that rises and cancelled meetings kept as cancelled."""

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from classes.calendars import calendar_document
from classes.models import ClassStatus, Meeting
from classes.selectors import calendar_meetings
from testing.calendars import (
    calendar_of,
    event_by_uid,
    events_of,
    lines_are_rfc5545,
    offset_by_vtimezone,
)
from testing.factories import ClassFactory, scheduled_class

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
SPEC_FIELDS = {
    "seats": 10,
    "price": "30.00",
    "image": "https://images.camp.test/classes/raku.jpg",
}
SCHEDULE = {
    "startDate": "2027-06-14",
    "endDate": "2027-06-18",
    "meetingDays": ["mon", "wed", "fri"],
    "startTime": "09:00",
    "endTime": "12:00",
}


@pytest.fixture
def raku(people):
    """An approved class meeting Monday, Wednesday and Friday mornings in June 2027."""
    return scheduled_class(
        name="Raku Firing",
        start=date(2027, 6, 14),
        end=date(2027, 6, 18),
        days=(0, 2, 4),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
        location="Kiln Yard",
    )


def calendar_path(camp_class) -> str:
    return f"/api/classes/{camp_class.pk}/calendar.ics"


def edit(client_as, camp_class, **schedule):
    response = client_as("instructor").put(
        f"/api/classes/{camp_class.pk}",
        {"nameClass": camp_class.name, **SPEC_FIELDS, **SCHEDULE, **schedule},
        format="json",
    )
    assert response.status_code == 200, response.json()


def test_each_meeting_is_an_event_in_school_time(client_as, raku):
    response = client_as("anonymous").get(calendar_path(raku))

    calendar = calendar_of(response)
    assert response["Content-Disposition"] == 'attachment; filename="raku-firing.ics"'
    assert calendar["CALSCALE"] == "GREGORIAN"
    assert calendar["METHOD"] == "PUBLISH"
    assert calendar["X-WR-CALNAME"] == "Raku Firing"
    assert calendar["REFRESH-INTERVAL"].dt == timedelta(hours=12)
    assert calendar["X-PUBLISHED-TTL"] == "PT12H"
    [zone] = calendar.walk("VTIMEZONE")
    assert zone["TZID"] == "America/Los_Angeles"

    meetings = list(Meeting.objects.filter(camp_class=raku).order_by("start"))
    events = events_of(calendar)
    assert [str(event["UID"]) for event in events] == [meeting.uid for meeting in meetings]
    assert [event.decoded("DTSTART") for event in events] == [
        datetime(2027, 6, day, 9, tzinfo=LOS_ANGELES) for day in (14, 16, 18)
    ]
    first = events[0]
    assert str(first["UID"]) == f"class-{raku.pk}-2027-06-14@calendar.camp-school"
    assert first["DTSTART"].params["TZID"] == "America/Los_Angeles"
    assert first["SEQUENCE"] == 0
    assert first["STATUS"] == "CONFIRMED"
    assert first["SUMMARY"] == "Raku Firing"
    assert first["LOCATION"] == "Kiln Yard"
    assert first["URL"] == f"http://localhost:8000/classes/{raku.pk}"
    assert first["DESCRIPTION"] == (
        f"Raku Firing with Maya Lindqvist.\nClass page: http://localhost:8000/classes/{raku.pk}"
    )
    # Written as the school's wall-clock time with its zone, not converted to UTC.
    assert b"DTSTART;TZID=America/Los_Angeles:20270614T090000\r\n" in response.content
    assert b"DTEND;TZID=America/Los_Angeles:20270614T120000\r\n" in response.content


@pytest.mark.parametrize(
    ("day", "offset"),
    [(date(2027, 6, 14), timedelta(hours=-7)), (date(2027, 12, 6), timedelta(hours=-8))],
    ids=["summer time", "winter time"],
)
def test_the_calendar_s_own_time_zone_puts_9_am_at_9_am_all_year(client_as, people, day, offset):
    workshop = scheduled_class(start=day, hours=(time(9), time(11)))

    calendar = calendar_of(client_as("anonymous").get(calendar_path(workshop)))

    [event] = events_of(calendar)
    local = event.decoded("DTSTART")
    assert (local.hour, local.minute) == (9, 0)
    # A calendar app that reads only the VTIMEZONE in the file finds the same moment.
    assert offset_by_vtimezone(calendar, "America/Los_Angeles", local) == offset
    assert local.replace(tzinfo=None) - offset == workshop.starts_at.replace(tzinfo=None)


def test_a_new_time_keeps_each_uid_and_raises_its_sequence(client_as, raku):
    before = event_by_uid(calendar_of(client_as("anonymous").get(calendar_path(raku))))

    edit(client_as, raku, startTime="10:00", endTime="13:00")

    after = event_by_uid(calendar_of(client_as("anonymous").get(calendar_path(raku))))
    assert after.keys() == before.keys()
    for uid, event in after.items():
        assert event["SEQUENCE"] == before[uid]["SEQUENCE"] + 1
        assert event.decoded("DTSTART").hour == 10
        assert event.decoded("DTSTART").date() == before[uid].decoded("DTSTART").date()


def test_an_edit_that_keeps_the_times_keeps_the_sequence(client_as, raku):
    before = event_by_uid(calendar_of(client_as("anonymous").get(calendar_path(raku))))

    edit(client_as, raku)

    after = event_by_uid(calendar_of(client_as("anonymous").get(calendar_path(raku))))
    assert {uid: event["SEQUENCE"] for uid, event in after.items()} == {
        uid: event["SEQUENCE"] for uid, event in before.items()
    }


def test_a_cancelled_meeting_stays_in_the_calendar_as_cancelled(client_as, raku):
    edit(client_as, raku, noMeetingDates=["2027-06-16"])

    events = event_by_uid(calendar_of(client_as("anonymous").get(calendar_path(raku))))

    assert len(events) == 3
    cancelled = events[f"class-{raku.pk}-2027-06-16@calendar.camp-school"]
    assert cancelled["STATUS"] == "CANCELLED"
    assert cancelled["SEQUENCE"] == 1
    assert cancelled["SUMMARY"] == "Cancelled: Raku Firing"
    assert str(cancelled["DESCRIPTION"]).startswith("This meeting is cancelled.\n")
    kept = events[f"class-{raku.pk}-2027-06-14@calendar.camp-school"]
    assert (kept["STATUS"], kept["SEQUENCE"]) == ("CONFIRMED", 0)


def test_a_class_whose_schedule_is_to_be_announced_is_an_empty_calendar(client_as):
    announced_later = ClassFactory(name="Paper Marbling", status=ClassStatus.APPROVED)

    calendar = calendar_of(client_as("anonymous").get(calendar_path(announced_later)))

    assert events_of(calendar) == []
    assert calendar.walk("VTIMEZONE") == []
    assert calendar["X-WR-CALNAME"] == "Paper Marbling"


@pytest.mark.parametrize("status", [ClassStatus.PENDING, ClassStatus.DENIED])
@pytest.mark.parametrize(
    ("caller", "expected"),
    [
        ("anonymous", 404),
        ("student", 404),
        ("other instructor", 404),
        ("instructor", 200),
        ("admin", 200),
    ],
)
def test_a_class_not_approved_is_its_instructor_s_and_the_admins(
    client_as, people, status, caller, expected
):
    camp_class = scheduled_class(
        start=date(2027, 6, 14), status=status, instructor=people["instructor"]
    )

    response = client_as(caller).get(calendar_path(camp_class))

    assert response.status_code == expected
    if expected == 404:
        assert response.json() == {"message": "No such class."}
    else:
        assert len(events_of(calendar_of(response))) == 1


def test_an_approved_class_is_everyone_s(client_as, raku):
    for caller in ("anonymous", "student", "other instructor", "instructor", "admin"):
        assert len(events_of(calendar_of(client_as(caller).get(calendar_path(raku))))) == 3


def test_a_missing_class_is_not_found(client_as):
    response = client_as("anonymous").get("/api/classes/999999/calendar.ics")

    assert response.status_code == 404
    assert response.json() == {"message": "No such class."}


def test_a_calendar_app_asking_for_text_calendar_is_answered(client_as, raku):
    # DRF would answer 406 to this Accept header with only its JSON renderer.
    response = client_as("anonymous").get(calendar_path(raku), HTTP_ACCEPT="text/calendar")

    assert len(events_of(calendar_of(response))) == 3


def test_a_refusal_is_json_whatever_the_caller_accepts(client_as):
    response = client_as("anonymous").get(
        "/api/classes/999999/calendar.ics", HTTP_ACCEPT="text/calendar"
    )

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"message": "No such class."}


def test_the_file_is_always_asked_for_again(client_as, raku):
    response = client_as("anonymous").get(calendar_path(raku))

    assert response["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        ('Clay "&" Glaze\r\n', "clay-glaze.ics"),
        ("../../etc/passwd", "etcpasswd.ics"),
        ("Tie-dye für alle", "tie-dye-fur-alle.ics"),
        ("!!!", None),
    ],
)
def test_the_file_name_is_made_safe_from_the_class_name(client_as, name, filename):
    camp_class = ClassFactory(name=name, status=ClassStatus.APPROVED)

    response = client_as("anonymous").get(calendar_path(camp_class))

    expected = filename or f"class-{camp_class.pk}.ics"
    assert response["Content-Disposition"] == f'attachment; filename="{expected}"'
    assert "\n" not in str(calendar_of(response)["X-WR-CALNAME"])


def test_long_text_is_folded_and_non_ascii_kept(people):
    camp_class = scheduled_class(
        name="Céramique & émaux: été",
        start=date(2027, 7, 5),
        instructor=people["instructor"],
        location="Atelier de céramique, bâtiment B, deuxième étage, au fond du couloir à gauche",
    )

    body = calendar_document(
        name=camp_class.name, meetings=calendar_meetings(classes=[camp_class.pk])
    )

    lines_are_rfc5545(body)
    assert b"\r\n " in body
    assert "Céramique & émaux: été".encode() in body


def test_control_characters_in_a_name_do_not_reach_the_calendar(people):
    camp_class = scheduled_class(
        name="Clay\x01 and\r\nglaze\x7f", start=date(2027, 7, 5), instructor=people["instructor"]
    )

    body = calendar_document(
        name=camp_class.name, meetings=calendar_meetings(classes=[camp_class.pk])
    )

    lines_are_rfc5545(body)
    assert not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", body.replace(b"\r\n", b""))
    [event] = events_of(Calendar.from_ical(body))
    assert event["SUMMARY"] == "Clay and glaze"
