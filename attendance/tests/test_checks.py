"""The school's checks on a day of camp (attendance.services.checks), on a moved
clock and read off the SMTP sink: END_OF_DAY_CHECK minutes after a class's last meeting of the
day, each child still checked in is told once to its instructor and every admin, with whom to
call; when ABSENCE_NOTICE_MINUTES is set, a child neither checked in nor marked absent is told
once to their family."""

import uuid
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import Role
from attendance import tasks
from attendance.models import AttendanceNotice
from attendance.services import attendance_checks_due, attendance_record
from classes.models import Meeting
from core.school_time import school_timezone
from notifications.models import Message
from testing.care import care_completed
from testing.dates import summer
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

DAY = summer(6, 14)
ROSA_PHONE = "+14155550134"
LUIS_PHONE = "+14155550177"


def at(hour: int, minute: int = 0, day=DAY) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=school_timezone())


class Camp:
    """A class meeting 9:00 to 12:00 on DAY, its instructor, two admins and four children of
    two families: Mia and Leo Silva, Ivo and Zoe Ortiz."""

    def __init__(self):
        self.instructor = UserFactory(
            role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test"
        )
        self.admins = [
            UserFactory(role=Role.ADMIN, name="Rosa Admin", email="rosa@camp.test"),
            UserFactory(role=Role.ADMIN, name="Sam Admin", email="sam@camp.test"),
        ]
        self.camp_class = scheduled_class(
            name="Clay Creatures",
            start=DAY,
            days=(DAY.weekday(),),
            hours=(time(9), time(12)),
            instructor=self.instructor,
        )
        self.meeting = Meeting.objects.get(camp_class=self.camp_class)
        self.silva = UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")
        self.ortiz = UserFactory(role=Role.STUDENT, name="Ben Ortiz", email="ben@camp.test")
        self.mia = self.child(self.silva, "Mia")
        self.leo = self.child(self.silva, "Leo")
        self.ivo = self.child(self.ortiz, "Ivo")
        self.zoe = self.child(self.ortiz, "Zoe")

    def child(self, family, first_name):
        child = ChildFactory(account=family, first_name=first_name, care=False)
        care_completed(
            child,
            emergency_contacts=[
                {"name": "Rosa Lopez", "relationship": "Aunt", "phone": ROSA_PHONE},
                {"name": "Luis Lopez", "relationship": "Grandfather", "phone": LUIS_PHONE},
            ],
        )
        EnrolmentFactory(student=family, participant=child, camp_class=self.camp_class)
        return child

    def record(self, child, action, **more):
        attendance_record(
            actor=self.instructor,
            meeting_id=self.meeting.pk,
            client_id=uuid.uuid4().hex,
            participant_id=child.pk,
            action=action,
            at=timezone.now(),
            **more,
        )


@pytest.fixture
def camp():
    return Camp()


@pytest.fixture
def the_day(camp):
    """Mia checked in and never out; Leo checked in and collected; Ivo marked absent; Zoe
    nothing at all."""
    with time_machine.travel(at(9, 5), tick=False):
        camp.record(camp.mia, "check_in")
        camp.record(camp.leo, "check_in")
        camp.record(camp.ivo, "absent")
    with time_machine.travel(at(11, 50), tick=False):
        camp.record(
            camp.leo, "check_out", collected_by={"kind": "guardian", "id": str(camp.silva.pk)}
        )
    return camp


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def mail_of(kind):
    return Message.objects.filter(kind=kind)


# --- The end of the day.


def test_a_child_still_checked_in_is_told_to_the_instructor_and_every_admin_once_with_whom_to_call(
    smtp_sink, settings, the_day
):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(12, 30), tick=False):
        attendance_checks_due()
        attendance_checks_due()
        send_queued()

    sent = smtp_sink.messages()
    assert sorted(message["To"] for message in sent) == [
        "maya@camp.test",
        "rosa@camp.test",
        "sam@camp.test",
    ]
    for message in sent:
        assert message["Subject"] == "Mia Silva is still checked in to Clay Creatures"
        text = text_of(message)
        assert "Mia Silva was checked in to Clay Creatures on " in text
        assert "at 9:05 AM by Maya Lindqvist and has not been checked out." in text
        assert f"- Rosa Lopez (Aunt): {ROSA_PHONE}" in text
        assert f"- Luis Lopez (Grandfather): {LUIS_PHONE}" in text
        assert "Family: Ana Silva <ana@camp.test>" in text
        # Leo went home, Ivo never came, Zoe was never seen: none of them is named.
        for name in ("Leo", "Ivo", "Zoe"):
            assert name not in text
    assert list(AttendanceNotice.objects.values_list("key", flat=True)) == [
        f"still-checked-in:{the_day.mia.pk}:{DAY.isoformat()}"
    ]


def test_nothing_is_sent_before_the_end_of_day_check_falls_due(settings, the_day):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(12, 29), tick=False):
        attendance_checks_due()

    assert not mail_of("still_checked_in").exists()

    settings.END_OF_DAY_CHECK = 45
    with time_machine.travel(at(12, 44), tick=False):
        attendance_checks_due()
    assert not mail_of("still_checked_in").exists()
    with time_machine.travel(at(12, 45), tick=False):
        attendance_checks_due()
    assert mail_of("still_checked_in").count() == 3


def test_no_child_checked_out_or_absent_is_told_about(settings, camp):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(9, 5), tick=False):
        camp.record(camp.ivo, "absent")
        camp.record(camp.mia, "check_in")
    with time_machine.travel(at(11, 55), tick=False):
        camp.record(
            camp.mia, "check_out", collected_by={"kind": "guardian", "id": str(camp.silva.pk)}
        )

    with time_machine.travel(at(12, 30), tick=False):
        assert attendance_checks_due().still_checked_in == 0

    assert not mail_of("still_checked_in").exists()
    assert not AttendanceNotice.objects.exists()


def test_a_check_in_undone_is_no_child_still_here(settings, camp):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(9, 5), tick=False):
        camp.record(camp.zoe, "check_in")
        camp.record(camp.zoe, "undo")

    with time_machine.travel(at(12, 30), tick=False):
        attendance_checks_due()

    assert not mail_of("still_checked_in").exists()


def test_each_class_is_checked_at_the_end_of_its_own_day(settings, the_day):
    settings.END_OF_DAY_CHECK = 30
    # Zoe spends the afternoon in another class, which ends at 16:00.
    afternoon = scheduled_class(
        name="Loom Weaving",
        start=DAY,
        days=(DAY.weekday(),),
        hours=(time(14), time(16)),
        instructor=the_day.instructor,
    )
    EnrolmentFactory(student=the_day.ortiz, participant=the_day.zoe, camp_class=afternoon)
    with time_machine.travel(at(14, 5), tick=False):
        attendance_record(
            actor=the_day.instructor,
            meeting_id=Meeting.objects.get(camp_class=afternoon).pk,
            client_id=uuid.uuid4().hex,
            participant_id=the_day.zoe.pk,
            action="check_in",
            at=timezone.now(),
        )

    with time_machine.travel(at(12, 30), tick=False):
        attendance_checks_due()
    assert set(mail_of("still_checked_in").values_list("about", flat=True)) == {
        f"still-checked-in:{the_day.mia.pk}:{DAY.isoformat()}"
    }

    with time_machine.travel(at(16, 30), tick=False):
        attendance_checks_due()
    assert set(mail_of("still_checked_in").values_list("about", flat=True)) == {
        f"still-checked-in:{the_day.mia.pk}:{DAY.isoformat()}",
        f"still-checked-in:{the_day.zoe.pk}:{DAY.isoformat()}",
    }


def test_the_minute_s_beat_runs_the_checks_as_a_celery_task(settings, the_day):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(12, 31), tick=False):
        tasks.attendance_checks.apply()
        tasks.attendance_checks.apply()

    assert mail_of("still_checked_in").count() == 3
    assert "enrolments.tasks.attendance_checks" in {
        entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }


def test_a_day_long_over_is_not_told_when_the_beat_comes_back(settings, the_day):
    settings.END_OF_DAY_CHECK = 30
    with time_machine.travel(at(9, 0, day=DAY + timedelta(days=1)), tick=False):
        attendance_checks_due()

    assert not mail_of("still_checked_in").exists()


# --- The absence notice.


def test_the_absence_notice_is_off_unless_the_school_turns_it_on(settings, the_day):
    assert settings.ABSENCE_NOTICE_MINUTES is None

    with time_machine.travel(at(11), tick=False):
        assert attendance_checks_due().not_checked_in == 0

    assert not mail_of("not_checked_in").exists()


def test_a_child_not_checked_in_is_told_to_the_family_once(smtp_sink, settings, camp):
    settings.ABSENCE_NOTICE_MINUTES = 20
    settings.SCHOOL_PHONE = "+1 707 555 0100"
    with time_machine.travel(at(9, 5), tick=False):
        camp.record(camp.mia, "check_in")
        camp.record(camp.leo, "check_in")
        camp.record(camp.ivo, "absent")

    with time_machine.travel(at(9, 19), tick=False):
        attendance_checks_due()
    assert not mail_of("not_checked_in").exists()

    with time_machine.travel(at(9, 20), tick=False):
        attendance_checks_due()
        attendance_checks_due()
        send_queued()
    with time_machine.travel(at(9, 40), tick=False):
        attendance_checks_due()
        send_queued()

    [notice] = smtp_sink.messages()
    assert notice["To"] == "ben@camp.test"
    assert notice["Subject"] == "Zoe Ortiz has not been checked in to Clay Creatures"
    text = text_of(notice)
    assert "Hello Ben Ortiz," in text
    assert "Zoe Ortiz has not been checked in to Clay Creatures, which started at 9:00 AM" in text
    assert "call +1 707 555 0100" in text


def test_a_child_checked_in_late_or_marked_absent_before_the_notice_is_not_told_about(
    settings, camp
):
    settings.ABSENCE_NOTICE_MINUTES = 20
    with time_machine.travel(at(9, 10), tick=False):
        for child in (camp.mia, camp.leo):
            camp.record(child, "check_in")
    with time_machine.travel(at(9, 15), tick=False):
        camp.record(camp.ivo, "absent")
        camp.record(camp.zoe, "check_in")

    with time_machine.travel(at(9, 20), tick=False):
        assert attendance_checks_due().not_checked_in == 0

    assert not mail_of("not_checked_in").exists()


def test_a_meeting_whose_attendance_nobody_has_taken_tells_no_family(settings, camp):
    settings.ABSENCE_NOTICE_MINUTES = 20

    with time_machine.travel(at(9, 30), tick=False):
        assert attendance_checks_due().not_checked_in == 0
    # Once the instructor starts taking it, the children still expected are told about.
    with time_machine.travel(at(9, 35), tick=False):
        camp.record(camp.mia, "check_in")
        assert attendance_checks_due().not_checked_in == 3

    assert sorted(mail_of("not_checked_in").values_list("recipient", flat=True)) == [
        "ana@camp.test",
        "ben@camp.test",
        "ben@camp.test",
    ]
