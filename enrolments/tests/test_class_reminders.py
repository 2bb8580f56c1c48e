"""The reminder before a class's first meeting: one per enrolment, CLASS_REMINDER_DAYS before,
however often the pass runs; at once with the receipt for a seat taken inside the window, and
not again later. Read off the SMTP sink."""

from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone
from icalendar import Calendar

from accounts.models import Role
from core.school_time import school_timezone, school_today
from enrolments.models import EnrolmentStatus
from enrolments.services.class_reminders import class_reminders_due
from notifications.models import Message
from testing.factories import (
    ChildFactory,
    EnrolmentFactory,
    UserFactory,
    scheduled_class,
)
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db


def clay_in(days: int):
    start = school_today() + timedelta(days=days)
    return scheduled_class(
        name="Clay Creatures",
        start=start,
        end=start + timedelta(days=4),
        days=tuple(range(7)),
        hours=(time(9), time(12)),
        price=Decimal("80.00"),
        location="Studio A, 12 Kiln Lane",
        what_to_bring="Old clothes and a water bottle",
        instructor=UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist"),
    )


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")


def enrolled(family, camp_class, **more):
    return EnrolmentFactory(
        student=family, participant=ChildFactory(account=family), camp_class=camp_class, **more
    )


def reminders():
    return Message.objects.filter(kind="class_reminder")


def test_the_pass_reminds_each_enrolment_once_with_when_where_what_and_the_calendar(
    smtp_sink, settings, family, api_client
):
    settings.SCHOOL_PHONE = "+1 707 555 0100"
    camp_class = clay_in(2)
    mia = ChildFactory(account=family, first_name="Mia", last_name="Silva")
    EnrolmentFactory(student=family, participant=mia, camp_class=camp_class)

    class_reminders_due()
    class_reminders_due()
    send_queued()

    [reminder] = smtp_sink.messages()
    assert reminder["Subject"].startswith("Clay Creatures starts ")
    text = reminder.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert "Mia Silva's class Clay Creatures starts soon." in text
    assert "Where: Studio A, 12 Kiln Lane" in text
    assert "What to bring: Old clothes and a water bottle" in text
    assert "Call the school at +1 707 555 0100" in text
    assert "Still missing" not in text
    [part] = [p for p in reminder.iter_attachments() if p.get_content_type() == "text/calendar"]
    feed = Calendar.from_ical(api_client.get(f"/api/classes/{camp_class.pk}/calendar.ics").content)
    assert {str(e["UID"]) for e in Calendar.from_ical(part.get_content()).walk("VEVENT")} == {
        str(e["UID"]) for e in feed.walk("VEVENT")
    }


def test_a_class_further_off_waits_until_the_window_opens(family):
    camp_class = clay_in(6)
    EnrolmentFactory(
        student=family, participant=ChildFactory(account=family), camp_class=camp_class
    )

    class_reminders_due()
    assert not reminders().exists()

    # The window opens CLASS_REMINDER_DAYS before the first meeting by the school's clock,
    # whatever the hour now (camp/tests/test_hard_days.py: across the night the clocks change).
    opens = timezone.localtime(camp_class.starts_at, school_timezone()) - timedelta(days=3)
    class_reminders_due(now=opens - timedelta(minutes=1))
    assert not reminders().exists()
    class_reminders_due(now=opens + timedelta(minutes=1))
    assert reminders().count() == 1


def test_paperwork_still_missing_is_named(smtp_sink, family):
    newcomer = ChildFactory(account=family, first_name="Ivo", care=False)
    EnrolmentFactory(student=family, participant=newcomer, camp_class=clay_in(1))

    class_reminders_due()
    send_queued()

    [reminder] = smtp_sink.messages()
    text = reminder.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert f"Still missing before the first meeting for {newcomer.name}:" in text
    assert "- the care record (allergies, medication, contacts, pick-ups, photo consent)" in text


def test_a_cancelled_enrolment_or_a_class_begun_is_not_reminded(family):
    enrolled(family, clay_in(2), status=EnrolmentStatus.CANCELLED, ended_at=timezone.now())
    EnrolmentFactory(
        student=family, participant=ChildFactory(account=family), camp_class=clay_in(-1)
    )

    assert class_reminders_due() == 0
    assert not reminders().exists()


def test_the_command_runs_the_pass_now(family):
    EnrolmentFactory(
        student=family, participant=ChildFactory(account=family), camp_class=clay_in(2)
    )

    call_command("send_class_reminders")

    assert reminders().count() == 1
