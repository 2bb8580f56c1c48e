"""A change to the meetings of a class tells everyone who holds a seat in it, once per change,
through the outbox and a real SMTP server; nobody else, and nothing for an edit that moves no
meeting."""

from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from classes.message_kinds import ClassMessage
from classes.schedule import WEEKDAY_NAMES
from enrolments.models import EnrolmentStatus
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


def plain(received) -> str:
    return received.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def html(received) -> str:
    return received.get_body(preferencelist=("html",)).get_content()


def schedule_messages() -> list[Message]:
    return list(Message.objects.filter(kind=ClassMessage.SCHEDULE_CHANGED).order_by("recipient"))


def test_a_new_time_is_sent_to_each_person_holding_a_seat(smtp_sink, client_as, pottery, enrolled):
    edit(client_as, pottery, startTime="10:00", endTime="13:00")

    send_queued()

    received = sorted(smtp_sink.messages(), key=lambda email: email["To"])
    assert [email["To"] for email in received] == ["ada@camp.test", "sam@camp.test"]
    for email, person in zip(received, enrolled, strict=True):
        assert email["Subject"] == "Schedule change: Wheel Pottery"
        assert email["X-Camp-Kind"] == ClassMessage.SCHEDULE_CHANGED
        text = plain(email)
        assert f"Hello {person.name}," in text
        assert (
            "Its meetings from now on:\n\n"
            "- Monday, June 14, 10:00 AM to 1:00 PM PDT (new time)\n"
            "- Wednesday, June 16, 10:00 AM to 1:00 PM PDT (new time)\n"
            "- Monday, June 21, 10:00 AM to 1:00 PM PDT (new time)\n"
            "- Wednesday, June 23, 10:00 AM to 1:00 PM PDT (new time)\n"
        ) in text
        assert "Where: Clay Studio" in text
        assert f"http://localhost:8000/classes/{pottery.pk}" in text
        assert "it updates by itself" in text
        assert "Cancelled" not in text
        page = html(email)
        assert f'href="http://localhost:8000/classes/{pottery.pk}"' in page
        assert "10:00 AM to 1:00 PM PDT <strong>(new time)</strong>" in page
    assert [message.status for message in schedule_messages()] == [MessageStatus.SENT] * 2


def test_a_dropped_day_is_told_as_cancelled_and_the_others_as_they_were(
    smtp_sink, client_as, pottery, enrolled
):
    edit(client_as, pottery, noMeetingDates=["2027-06-16"])

    send_queued()

    [email, _] = smtp_sink.messages()
    text = plain(email)
    assert (
        "Its meetings from now on:\n\n"
        "- Monday, June 14, 9:00 AM to 12:00 PM PDT\n"
        "- Monday, June 21, 9:00 AM to 12:00 PM PDT\n"
        "- Wednesday, June 23, 9:00 AM to 12:00 PM PDT\n"
    ) in text
    assert "Cancelled:\n\n- Wednesday, June 16, 9:00 AM to 12:00 PM PDT\n" in text
    assert "(new time)" not in text
    assert "<s>Wednesday, June 16, 9:00 AM to 12:00 PM PDT</s>" in html(email)


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

    send_queued()

    [email, _] = smtp_sink.messages()
    text = plain(email)
    assert "Its new dates are to be announced" in text
    assert "Cancelled:\n\n- Monday, June 14" in text


def test_each_change_is_its_own_message_and_a_retried_edit_sends_nothing_more(
    smtp_sink, client_as, pottery, enrolled
):
    edit(client_as, pottery, startTime="10:00", endTime="13:00")
    # The same request again (a retry, a second click): no meeting changes, nothing is sent.
    edit(client_as, pottery, startTime="10:00", endTime="13:00")
    edit(client_as, pottery, startTime="14:00", endTime="16:00")

    # A person's second message waits for their first (the outbox keeps their order).
    send_queued()
    send_queued()

    messages = schedule_messages()
    assert len(messages) == 4
    assert len({message.about for message in messages}) == 2
    assert sorted(email["To"] for email in smtp_sink.messages()) == [
        "ada@camp.test",
        "ada@camp.test",
        "sam@camp.test",
        "sam@camp.test",
    ]
    latest = [email for email in smtp_sink.messages() if "2:00 PM to 4:00 PM" in plain(email)]
    assert len(latest) == 2


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
    send_queued()

    assert schedule_messages() == []
    assert smtp_sink.messages() == []


def test_only_the_seat_holders_of_this_class_hear_of_it(smtp_sink, client_as, people, pottery):
    EnrolmentFactory(student=people["student"], camp_class=pottery)
    other_class = scheduled_class(start=date(2027, 6, 14), hours=(time(13), time(15)))
    EnrolmentFactory(student=people["other student"], camp_class=other_class)

    edit(client_as, pottery, startTime="10:00", endTime="13:00")
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
    send_queued()

    assert last_summer.meetings.get().sequence == 1
    assert schedule_messages() == []


def test_only_the_meetings_still_to_come_are_listed(smtp_sink, client_as, people):
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
    send_queued()

    [email] = smtp_sink.messages()
    text = plain(email)
    next_week = today + timedelta(days=7)
    last_week = today - timedelta(days=7)
    assert f"from now on:\n\n- {next_week:%A, %B} {next_week.day}, 12:00 AM to 12:45 AM" in text
    assert f"{last_week:%B} {last_week.day}," not in text


def test_an_edit_that_moves_no_meeting_sends_nothing(smtp_sink, client_as, pottery, enrolled):
    edit(client_as, pottery, description="Bring an apron.", location="Clay Studio 2")
    send_queued()

    assert schedule_messages() == []
    assert smtp_sink.messages() == []


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
    send_queued()

    [email] = smtp_sink.messages()
    assert "- Monday, July 5, 9:00 AM to 11:00 AM PDT (new time)" in plain(email)


def test_the_message_is_queued_with_the_change_and_never_without_it(client_as, pottery, enrolled):
    refused = APIClient()
    refused.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(enrolled[0])}")
    # Not the class's instructor: nothing changes, nothing is queued.
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

    assert schedule_messages() == []
