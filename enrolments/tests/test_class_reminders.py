"""The reminder before a class's first meeting: one per enrolment, CLASS_REMINDER_DAYS before,
however often the pass runs; at once with the receipt for a seat taken inside the window, and
not again later. Read off the SMTP sink."""

from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone, translation
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


def test_a_spanish_reading_family_is_reminded_in_spanish_and_an_english_one_in_english(
    smtp_sink, settings
):
    settings.SCHOOL_PHONE = "+1 707 555 0100"
    camp_class = clay_in(2)
    rosa = UserFactory(role=Role.STUDENT, name="Rosa Lopez", language="es")
    noa = ChildFactory(account=rosa, first_name="Noa", last_name="Lopez")
    EnrolmentFactory(student=rosa, participant=noa, camp_class=camp_class)
    ana = UserFactory(role=Role.STUDENT, name="Ana Silva", language="en")
    EnrolmentFactory(student=ana, participant=ChildFactory(account=ana), camp_class=camp_class)
    first = timezone.localtime(camp_class.starts_at, school_timezone())
    spanish_days = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
    spanish_months = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto")
    spanish_months += ("septiembre", "octubre", "noviembre", "diciembre")

    # Whatever language is active where the pass runs (a worker, an office's request).
    with translation.override("es"):
        class_reminders_due()
    send_queued()

    by_reader = {message["To"]: message for message in smtp_sink.messages()}
    spanish, english = by_reader[rosa.email], by_reader[ana.email]
    assert spanish["Content-Language"] == "es"
    assert spanish["Subject"] == (
        f"Clay Creatures empieza el {spanish_days[first.weekday()]} {first.day} de "
        f"{spanish_months[first.month - 1]}: lo que debe saber"
    )
    text = spanish.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith("Hola, Rosa Lopez:\n")
    assert "La clase Clay Creatures de Noa Lopez empieza pronto." in text
    assert "Dónde: Studio A, 12 Kiln Lane" in text
    assert "Qué traer: Old clothes and a water bottle" in text
    assert "de 9:00 a 12:00" in text
    assert "Llame a la escuela al +1 707 555 0100" in text
    for words in ("Hello", "starts soon", "Where:", "What to bring", "9:00 AM", "Call the school"):
        assert words not in text
    assert '<html lang="es">' in spanish.get_body(preferencelist=("html",)).get_content()
    assert english["Content-Language"] == "en"
    assert english["Subject"].startswith("Clay Creatures starts ")
    text = english.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert "class Clay Creatures starts soon. Here is what to know." in text
    assert "Where: Studio A, 12 Kiln Lane" in text
    assert "Dónde" not in text and "Hola" not in text
