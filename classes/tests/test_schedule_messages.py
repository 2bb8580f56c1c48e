"""A change to a class after families chose it (its meetings, times, place or instructor) is
told to every family holding a seat or waiting for one, once, CLASS_CHANGE_NOTICE_DELAY_MINUTES
after the first edit: several edits in that time make one message saying what changed (old ->
new), edits undone in it send none. Through the outbox and a real SMTP server."""

from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from icalendar import Calendar
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from accounts.services import account_holder_of
from classes.changes import class_change_notices_due
from classes.message_kinds import ClassMessage
from classes.models import ClassChange
from classes.schedule import WEEKDAY_NAMES
from classes.tests.test_catalog_admin import class_form
from enrolments.models import EnrolmentStatus, WaitlistEntry
from notifications.models import Message, MessageStatus
from testing.factories import EnrolmentFactory, SelectionFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]


@pytest.fixture
def pottery(people):
    """Mondays and Wednesdays, 9:00 to 12:00, for two weeks of June 2027."""
    return scheduled_class(
        name="Wheel Pottery",
        start=date(2027, 6, 14),
        end=date(2027, 6, 23),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
        location="Clay Studio",
    )


@pytest.fixture
def enrolled(people, pottery):
    """Two students holding a seat in the class."""
    ada = UserFactory(role=Role.STUDENT, name="Ada Okafor", email="ada@camp.test")
    sam = UserFactory(role=Role.STUDENT, name="Sam Reyes", email="sam@camp.test")
    for student in (ada, sam):
        EnrolmentFactory(student=student, camp_class=pottery)
    return [ada, sam]


def edit(client_as, camp_class, who="instructor", **changes):
    camp_class.refresh_from_db()
    response = client_as(who).put(
        f"/api/classes/{camp_class.pk}",
        {
            "nameClass": camp_class.name,
            "seats": camp_class.seats,
            "price": str(camp_class.price),
            "image": camp_class.image,
            **changes,
        },
        format="json",
    )
    assert response.status_code == 200, response.json()


def after_the_delay(minutes: int = 11) -> int:
    """The beat's pass, run as if `minutes` had gone by since the edits."""
    return class_change_notices_due(now=timezone.now() + timedelta(minutes=minutes))


def plain(received) -> str:
    return received.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def html(received) -> str:
    return received.get_body(preferencelist=("html",)).get_content()


def change_messages() -> list[Message]:
    return list(Message.objects.filter(kind=ClassMessage.SCHEDULE_CHANGED).order_by("recipient"))


def test_a_new_time_is_told_to_each_family_once_the_delay_is_over(
    smtp_sink, client_as, api_client, pottery, enrolled
):
    edit(client_as, pottery, startTime="10:00", endTime="13:00")

    assert after_the_delay(minutes=9) == 0
    assert change_messages() == []
    assert after_the_delay() == 1
    send_queued()

    received = sorted(smtp_sink.messages(), key=lambda email: email["To"])
    assert [email["To"] for email in received] == ["ada@camp.test", "sam@camp.test"]
    for email, person in zip(received, enrolled, strict=True):
        assert email["Subject"] == "Changed: Wheel Pottery"
        assert email["X-Camp-Kind"] == ClassMessage.SCHEDULE_CHANGED
        text = plain(email)
        assert f"Hello {person.name}," in text
        assert (
            "Wheel Pottery has changed:\n\n"
            "- Monday, June 14: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT\n"
            "- Wednesday, June 16: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT\n"
            "- Monday, June 21: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT\n"
            "- Wednesday, June 23: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT\n"
        ) in text
        assert "When: Mondays and Wednesdays, 10:00 AM to 1:00 PM PDT" in text
        assert "Where: Clay Studio" in text
        assert f"http://localhost:8000/classes/{pottery.pk}" in text
        assert (
            "<li>Monday, June 14: 9:00 AM to 12:00 PM PDT → 10:00 AM to 1:00 PM PDT</li>"
            in html(email)
        )
        [part] = [p for p in email.iter_attachments() if p.get_content_type() == "text/calendar"]
        feed = Calendar.from_ical(api_client.get(f"/api/classes/{pottery.pk}/calendar.ics").content)
        assert {str(e["UID"]) for e in Calendar.from_ical(part.get_content()).walk("VEVENT")} == {
            str(e["UID"]) for e in feed.walk("VEVENT")
        }
    assert [message.status for message in change_messages()] == [MessageStatus.SENT] * 2
    # The pass again: the change was told.
    assert after_the_delay(minutes=30) == 0
    assert len(change_messages()) == 2


def test_several_edits_within_the_delay_make_one_message_from_the_first_picture_to_the_last(
    smtp_sink, client_as, pottery, enrolled
):
    edit(client_as, pottery, startTime="10:00", endTime="13:00")
    edit(client_as, pottery, startTime="14:00", endTime="16:00")
    edit(client_as, pottery, startTime="14:00", endTime="16:00", location="Clay Studio 2")

    after_the_delay()
    send_queued()

    assert len(change_messages()) == 2
    text = plain(smtp_sink.messages()[0])
    assert "- Where: Clay Studio → Clay Studio 2\n" in text
    assert "- Monday, June 14: 9:00 AM to 12:00 PM PDT → 2:00 PM to 4:00 PM PDT\n" in text
    assert "10:00 AM" not in text


def test_a_change_undone_within_the_delay_sends_nothing(smtp_sink, client_as, pottery, enrolled):
    edit(client_as, pottery, startTime="10:00", endTime="13:00", location="Clay Studio 2")
    edit(client_as, pottery, startTime="09:00", endTime="12:00", location="Clay Studio")

    assert after_the_delay() == 0
    send_queued()

    assert change_messages() == []
    assert ClassChange.objects.get().undone is True


def test_a_dropped_day_is_told_as_cancelled(smtp_sink, client_as, pottery, enrolled):
    edit(client_as, pottery, noMeetingDates=["2027-06-16"])
    after_the_delay()
    send_queued()

    text = plain(smtp_sink.messages()[0])
    assert (
        "Wheel Pottery has changed:\n\n- Cancelled: Wednesday, June 16, 9:00 AM to 12:00 PM PDT\n"
        in text
    )


def test_a_schedule_cleared_says_the_dates_are_to_be_announced(
    smtp_sink, client_as, pottery, enrolled
):
    edit(
        client_as,
        pottery,
        startDate=None,
        endDate=None,
        meetingDays=[],
        startTime=None,
        endTime=None,
    )
    after_the_delay()
    send_queued()

    text = plain(smtp_sink.messages()[0])
    assert "- Cancelled: Monday, June 14, 9:00 AM to 12:00 PM PDT" in text
    assert "When: to be announced" in text


def test_families_waiting_on_the_list_are_told_too(smtp_sink, client_as, people, pottery):
    EnrolmentFactory(student=people["student"], camp_class=pottery)
    waiting = UserFactory(role=Role.STUDENT, email="wait@camp.test")
    WaitlistEntry.objects.create(
        student=waiting,
        participant=account_holder_of(waiting),
        camp_class=pottery,
        rank=1,
    )

    edit(client_as, pottery, location="Clay Studio 2")
    after_the_delay()
    send_queued()

    assert sorted(email["To"] for email in smtp_sink.messages()) == sorted(
        [people["student"].email, "wait@camp.test"]
    )


def test_a_class_nobody_holds_a_seat_in_sends_nothing(smtp_sink, client_as, people, pottery):
    # Selected but not paid for, and a seat given back: neither holds a seat.
    SelectionFactory(student=people["student"], camp_class=pottery)
    EnrolmentFactory(
        student=people["other student"],
        camp_class=pottery,
        status=EnrolmentStatus.CANCELLED,
        ended_at=timezone.now(),
    )

    edit(client_as, pottery, startTime="10:00", endTime="13:00")
    after_the_delay()
    send_queued()

    assert not ClassChange.objects.exists()
    assert change_messages() == []


def test_only_the_families_of_this_class_hear_of_it(smtp_sink, client_as, people, pottery):
    EnrolmentFactory(student=people["student"], camp_class=pottery)
    other_class = scheduled_class(start=date(2027, 6, 14), hours=(time(13), time(15)))
    EnrolmentFactory(student=people["other student"], camp_class=other_class)

    edit(client_as, pottery, startTime="10:00", endTime="13:00")
    after_the_delay()
    send_queued()

    assert [email["To"] for email in smtp_sink.messages()] == [people["student"].email]


def test_a_change_to_meetings_already_over_sends_nothing(smtp_sink, client_as, people):
    last_summer = scheduled_class(
        start=date(2025, 6, 16),
        days=(0,),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
    )
    EnrolmentFactory(student=people["student"], camp_class=last_summer)

    # Meetings in the past move only by the school's hand (`_notice_check`).
    edit(
        client_as,
        last_summer,
        who="admin",
        startDate="2025-06-16",
        startTime="10:00",
        endTime="12:00",
    )
    after_the_delay()

    assert last_summer.meetings.get().sequence == 1
    assert change_messages() == []


def test_only_the_meetings_still_to_come_are_compared(smtp_sink, client_as, people):
    # Weekly on today's weekday, from last week to next, but not today: one meeting over, one
    # to come.
    today = timezone.localdate(timezone=ZoneInfo("America/Los_Angeles"))
    running = scheduled_class(
        start=today - timedelta(days=7),
        end=today + timedelta(days=7),
        days=(today.weekday(),),
        hours=(time(0, 0), time(0, 30)),
        instructor=people["instructor"],
        no_meeting_dates=[today],
    )
    EnrolmentFactory(student=people["student"], camp_class=running)

    edit(
        client_as,
        running,
        who="admin",
        startDate=running.start_date.isoformat(),
        endDate=running.end_date.isoformat(),
        meetingDays=[WEEKDAY_NAMES[today.weekday()]],
        noMeetingDates=[today.isoformat()],
        startTime="00:00",
        endTime="00:45",
    )
    after_the_delay()
    send_queued()

    [email] = smtp_sink.messages()
    text = plain(email)
    next_week = today + timedelta(days=7)
    last_week = today - timedelta(days=7)
    assert f"- {next_week:%A, %B} {next_week.day}: 12:00 AM to 12:30 AM" in text
    assert f"{last_week:%B} {last_week.day}:" not in text


def test_an_edit_of_nothing_families_planned_around_sends_nothing(
    smtp_sink, client_as, pottery, enrolled
):
    edit(client_as, pottery, description="Bring an apron.", whatToBring="An apron")
    after_the_delay()

    assert change_messages() == []
    assert not ClassChange.objects.exists()


def test_a_schedule_announced_for_a_class_with_seats_taken_is_told(smtp_sink, client_as, people):
    to_be_announced = scheduled_class(start=date(2027, 6, 14), instructor=people["instructor"])
    edit(  # The schedule cleared: the class is to be announced, with a seat taken.
        client_as,
        to_be_announced,
        startDate=None,
        endDate=None,
        meetingDays=[],
        startTime=None,
        endTime=None,
    )
    EnrolmentFactory(student=people["student"], camp_class=to_be_announced)

    edit(
        client_as,
        to_be_announced,
        startDate="2027-07-05",
        meetingDays=["mon"],
        startTime="09:00",
        endTime="11:00",
    )
    after_the_delay()
    send_queued()

    [email] = smtp_sink.messages()
    assert "- Added: Monday, July 5, 9:00 AM to 11:00 AM PDT" in plain(email)


def test_a_new_instructor_set_in_the_back_office_is_told(
    smtp_sink, admin_client, people, pottery, enrolled
):
    other = UserFactory(role=Role.INSTRUCTOR, name="Rosa Lindqvist")
    pottery.refresh_from_db()
    form = class_form(pottery, instructor=other.pk)

    answer = admin_client.post(f"/admin/classes/class/{pottery.pk}/change/", form)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    after_the_delay()
    send_queued()

    assert f"- Instructor: {people['instructor'].name} → Rosa Lindqvist" in plain(
        smtp_sink.messages()[0]
    )


def test_the_message_is_queued_with_the_change_and_never_without_it(client_as, pottery, enrolled):
    refused = APIClient()
    refused.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(enrolled[0])}")
    # Not the class's instructor: nothing changes, nothing is noted.
    response = refused.put(
        f"/api/classes/{pottery.pk}",
        {
            "nameClass": pottery.name,
            "seats": 1,
            "price": "1.00",
            "image": pottery.image,
            "startTime": "10:00",
        },
        format="json",
    )
    assert response.status_code == 403
    # A bad schedule is refused as a whole.
    bad = client_as("instructor").put(
        f"/api/classes/{pottery.pk}",
        {
            "nameClass": pottery.name,
            "seats": 1,
            "price": "1.00",
            "image": pottery.image,
            "startTime": "13:00",
        },
        format="json",
    )
    assert bad.status_code == 400

    after_the_delay()
    assert not ClassChange.objects.exists()
    assert change_messages() == []
