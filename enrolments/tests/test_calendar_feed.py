"""A person's private calendar feed: the meetings of the classes they hold a seat in, at an
address whose long random token is the only key, replaced when they reset it."""

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.models import Role, User
from classes.calendars import class_page_url
from classes.models import ClassStatus
from core.school_time import school_today
from enrolments.models import EnrolmentStatus
from testing.calendars import calendar_of, event_by_uid, events_of
from testing.day_camp import (
    a_day_camp,
    after_care,
    booked,
    care_day,
    day_camp_season,
)
from testing.factories import (
    ChildFactory,
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
FEED_URL = re.compile(r"^http://testserver/api/calendar/(?P<token>[A-Za-z0-9_-]{43})\.ics$")


@pytest.fixture
def pottery(people):
    return scheduled_class(
        name="Wheel Pottery",
        start=date(2027, 6, 14),
        end=date(2027, 6, 16),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
    )


@pytest.fixture
def weaving():
    return scheduled_class(
        name="Loom Weaving", start=date(2027, 7, 6), hours=(time(13, 30), time(16))
    )


def feed_url(client) -> str:
    response = client.get("/api/calendarFeed")
    assert response.status_code == 200, response.json()
    return response.json()["url"]


def feed_path(url: str) -> str:
    return url.removeprefix("http://testserver")


def test_the_feed_address_is_made_once_and_holds_a_long_random_token(client_as, people):
    sam = people["student"]

    first = client_as("student").get("/api/calendarFeed")
    again = feed_url(client_as("student"))

    assert first.status_code == 200
    assert first.json() == {"url": again}
    token = FEED_URL.match(again)["token"]
    sam.refresh_from_db()
    assert sam.calendar_token == token
    assert sam.email not in again
    # No copy of the address anywhere but the person's own browser.
    assert first["Cache-Control"] == "no-store"


def test_each_person_has_their_own_feed(client_as):
    assert feed_url(client_as("student")) != feed_url(client_as("other student"))


def test_the_feed_lists_the_meetings_of_the_classes_held_in_school_time(
    client_as, api_client, people, pottery, weaving
):
    sam = people["student"]
    EnrolmentFactory(student=sam, camp_class=pottery)
    EnrolmentFactory(student=sam, camp_class=weaving)

    response = api_client.get(feed_path(feed_url(client_as("student"))))

    calendar = calendar_of(response)
    assert calendar["X-WR-CALNAME"] == "My Camp classes"
    assert calendar["METHOD"] == "PUBLISH"
    [zone] = calendar.walk("VTIMEZONE")
    assert zone["TZID"] == "America/Los_Angeles"
    events = events_of(calendar)
    assert [(str(event["SUMMARY"]), event.decoded("DTSTART")) for event in events] == [
        ("Wheel Pottery", datetime(2027, 6, 14, 9, tzinfo=LOS_ANGELES)),
        ("Wheel Pottery", datetime(2027, 6, 16, 9, tzinfo=LOS_ANGELES)),
        ("Loom Weaving", datetime(2027, 7, 6, 13, 30, tzinfo=LOS_ANGELES)),
    ]
    assert {event["DTSTART"].params["TZID"] for event in events} == {"America/Los_Angeles"}
    assert b"DTSTART;TZID=America/Los_Angeles:20270706T133000\r\n" in response.content
    assert set(event_by_uid(calendar)) == {
        meeting.uid for camp_class in (pottery, weaving) for meeting in camp_class.meetings.all()
    }


def test_only_seats_held_count(client_as, api_client, people, pottery, weaving):
    sam = people["student"]
    # Selected but not paid for, and a seat given back: neither is in the feed.
    SelectionFactory(student=sam, camp_class=weaving)
    EnrolmentFactory(
        student=sam,
        camp_class=pottery,
        status=EnrolmentStatus.CANCELLED,
        ended_at=timezone.now(),
        end_reason="Refunded",
    )
    # Someone else's seat is theirs alone.
    EnrolmentFactory(student=people["other student"], camp_class=pottery)

    calendar = calendar_of(api_client.get(feed_path(feed_url(client_as("student")))))

    assert events_of(calendar) == []


def test_a_class_to_be_announced_is_left_out(client_as, api_client, people, pottery):
    sam = people["student"]
    EnrolmentFactory(student=sam, camp_class=pottery)
    EnrolmentFactory(student=sam, camp_class=ClassFactory(status=ClassStatus.APPROVED))

    calendar = calendar_of(api_client.get(feed_path(feed_url(client_as("student")))))

    assert {str(event["SUMMARY"]) for event in events_of(calendar)} == {"Wheel Pottery"}


def test_a_person_with_no_class_has_a_valid_empty_calendar(client_as, api_client):
    calendar = calendar_of(api_client.get(feed_path(feed_url(client_as("instructor")))))

    assert events_of(calendar) == []
    assert calendar["PRODID"]


def test_a_change_of_schedule_reaches_the_feed_with_the_same_uids(
    client_as, api_client, people, pottery
):
    EnrolmentFactory(student=people["student"], camp_class=pottery)
    path = feed_path(feed_url(client_as("student")))
    before = event_by_uid(calendar_of(api_client.get(path)))

    response = client_as("instructor").put(
        f"/api/classes/{pottery.pk}",
        {
            "nameClass": pottery.name,
            "seats": pottery.seats,
            "price": str(pottery.price),
            "image": pottery.image,
            "startTime": "10:00",
            "noMeetingDates": ["2027-06-16"],
        },
        format="json",
    )
    assert response.status_code == 200, response.json()

    after = event_by_uid(calendar_of(api_client.get(path)))
    assert after.keys() == before.keys()
    monday, wednesday = (
        after[f"class-{pottery.pk}-2027-06-{day}@calendar.camp-school"] for day in (14, 16)
    )
    assert (monday["STATUS"], monday["SEQUENCE"]) == ("CONFIRMED", 1)
    assert monday.decoded("DTSTART") == datetime(2027, 6, 14, 10, tzinfo=LOS_ANGELES)
    assert (wednesday["STATUS"], wednesday["SEQUENCE"]) == ("CANCELLED", 1)


def test_resetting_gives_a_new_address_and_the_old_one_is_gone(client_as, api_client, people):
    old = feed_url(client_as("student"))

    response = client_as("student").post("/api/calendarFeed/reset")

    assert response.status_code == 200
    new = response.json()["url"]
    assert FEED_URL.match(new) and new != old
    assert response["Cache-Control"] == "no-store"
    assert feed_url(client_as("student")) == new
    assert api_client.get(feed_path(new)).status_code == 200
    gone = api_client.get(feed_path(old))
    assert gone.status_code == 404
    assert gone.json() == {"message": "No such calendar."}


def test_resetting_before_asking_makes_an_address(client_as, people):
    response = client_as("student").post("/api/calendarFeed/reset")

    assert response.status_code == 200
    assert FEED_URL.match(response.json()["url"])


@pytest.mark.parametrize(
    "token",
    [
        "x" * 43,
        "",
        "short",
        # A person who never asked for a feed has no token: nothing matches "no token".
        "None",
    ],
)
def test_an_unknown_token_is_not_found(api_client, people, token):
    response = api_client.get(f"/api/calendar/{token}.ics")

    assert response.status_code == 404
    assert "message" in response.json()


def test_the_feed_of_a_person_whose_account_is_closed_is_gone(client_as, api_client, people):
    path = feed_path(feed_url(client_as("student")))
    User.objects.filter(pk=people["student"].pk).update(is_active=False)

    assert api_client.get(path).status_code == 404


def test_the_feed_asks_no_sign_in_and_ignores_a_stale_one(client_as, api_client, people):
    path = feed_path(feed_url(client_as("student")))
    api_client.credentials(HTTP_AUTHORIZATION="Bearer expired.or.made.up")

    response = api_client.get(path, HTTP_ACCEPT="text/calendar")

    calendar_of(response)
    assert response["Cache-Control"] == "private, max-age=300"
    assert response["Referrer-Policy"] == "no-referrer"
    assert response["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", "/api/calendarFeed"), ("post", "/api/calendarFeed/reset")],
)
def test_the_address_is_only_for_the_signed_in(api_client, method, path):
    response = getattr(api_client, method)(path)

    assert response.status_code == 401
    assert not User.objects.exclude(calendar_token=None).exists()


def a_monday_ahead() -> date:
    """A Monday some weeks after the school's today, whatever day the clock says it is."""
    today = school_today()
    return today + timedelta(weeks=4, days=7 - today.weekday())


def at(monday: date, days_after: int, hour: int) -> datetime:
    """`hour` o'clock at the school, `days_after` days after `monday`."""
    return datetime.combine(monday + timedelta(days=days_after), time(hour), LOS_ANGELES)


def test_a_childs_weeks_and_days_of_extended_care_are_events_beside_each_other(
    client_as, api_client, people
):
    monday = a_monday_ahead()
    season = day_camp_season(monday)
    series = a_day_camp(season, instructor=people["instructor"], weeks=2, name="Art Adventures")
    after = after_care(season, led_by=UserFactory(role=Role.INSTRUCTOR, name="Sam Okafor"))
    week_1 = series.units.order_by("start_date").first()
    mia = ChildFactory(account=people["student"], first_name="Mia")
    booked(people["student"], mia, week_1, care_day(after, monday + timedelta(days=2)))

    calendar = calendar_of(api_client.get(feed_path(feed_url(client_as("student")))))

    events = events_of(calendar)
    assert [(str(event["SUMMARY"]), event.decoded("DTSTART")) for event in events] == [
        *[("Art Adventures", at(monday, day, 9)) for day in (0, 1, 2)],
        ("After-care, 15:00–18:00", at(monday, 2, 15)),
        *[("Art Adventures", at(monday, day, 9)) for day in (3, 4)],
    ]
    care = events[3]
    assert care.decoded("DTEND") == at(monday, 2, 18)
    assert "URL" not in care
    assert str(care["DESCRIPTION"]) == "After-care with Sam Okafor."
    # A week's meetings are read on its class's page.
    assert str(events[0]["URL"]) == class_page_url(series.pk)
    assert str(events[0]["DESCRIPTION"]).startswith(
        f"Art Adventures, {week_1.unit_label} with {people['instructor'].name}."
    )


def test_a_class_sold_by_the_week_has_its_weeks_meetings_in_its_calendar(
    client_as, api_client, people
):
    season = day_camp_season(a_monday_ahead())
    series = a_day_camp(season, instructor=people["instructor"], weeks=2)

    calendar = calendar_of(api_client.get(f"/api/classes/{series.pk}/calendar.ics"))

    assert len(events_of(calendar)) == 10
    assert set(event_by_uid(calendar)) == {
        meeting.uid for unit in series.units.all() for meeting in unit.meetings.all()
    }
