"""What the school does with care records around enrolments: the roster's flags (and nothing
an instructor may not see), the admins' list of missing records and their reminder, reminders
before a first meeting, and the end of retention."""

import csv
import io
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from care.models import CareRead, CareRecord, CareRecordVersion, CareReminder
from classes.models import ClassStatus
from core.school_time import school_timezone, school_today
from enrolments.services import care_reminders_due, care_retention_pass
from notifications.models import Message
from testing.care import care_completed, policies_accepted
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

MEDICAL = {
    "allergies": [
        {"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen in the front pocket"},
        {"name": "Bees", "severity": "mild", "action": "Ice"},
    ],
    "medications": [
        {"name": "Ventolin", "dose": "2 puffs", "schedule": "before sport", "at_camp": True}
    ],
    "conditions": "Mild asthma",
    "dietary": "Vegetarian",
    "doctor": {"name": "Dr Ruiz", "phone": "+14155550100"},
}


@pytest.fixture
def teacher():
    return UserFactory(role=Role.INSTRUCTOR, name="Pat Teacher")


def a_class(teacher, *, in_days: int, name="Watercolour for Kids"):
    first = school_today() + timedelta(days=in_days)
    return scheduled_class(
        name=name,
        start=first,
        end=first + timedelta(days=4),
        days=tuple(sorted({first.weekday(), (first.weekday() + 2) % 7})),
        hours=(time(9), time(12)),
        instructor=teacher,
        status=ClassStatus.APPROVED,
    )


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def mia(family):
    child = ChildFactory(account=family, first_name="Mia")
    care_completed(
        child,
        medical=MEDICAL,
        pickups=[{"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"}],
        photo_consent=False,
    )
    return child


class TestTheRoster:
    def test_each_line_carries_the_care_flags(self, api_client_for, teacher, family, mia):
        watercolour = a_class(teacher, in_days=20)
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        for child in (mia, leo):
            EnrolmentFactory(student=family, participant=child, camp_class=watercolour)

        response = api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster")

        assert response.status_code == 200
        flags = {line["participantName"]: line["careFlags"] for line in response.json()}
        assert flags == {
            "Mia Lopez": {
                "allergy": "anaphylactic",
                "allergies": ["Peanuts", "Bees"],
                "medicationAtCamp": True,
                "photoConsent": False,
                "pickups": ["Luis Lopez"],
                "mayLeaveAlone": False,
                "complete": True,
                "missing": [],
                # Her anaphylactic allergy's action plan, which the family uploaded.
                "actionPlanOnFile": True,
            },
            "Leo Lopez": {
                "allergy": None,
                "allergies": [],
                "medicationAtCamp": False,
                "photoConsent": None,
                "pickups": [],
                "mayLeaveAlone": False,
                "complete": False,
                "missing": [
                    "record",
                    "policy:liability-waiver",
                    "policy:code-of-conduct",
                ],
                "actionPlanOnFile": False,
            },
        }

    def test_the_instructors_roster_holds_no_hidden_field(
        self, api_client_for, teacher, family, mia
    ):
        watercolour = a_class(teacher, in_days=20)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)

        roster = api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster")
        csv_file = api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster.csv")

        for answer in (roster.content.decode(), csv_file.content.decode()):
            for hidden in ("Mild asthma", "Vegetarian", "Dr Ruiz", "+14155550100", "EpiPen in"):
                assert hidden not in answer
        for key in ("conditions", "dietary", "doctor", "medications"):
            assert key not in roster.json()[0]
            assert key not in roster.json()[0]["careFlags"]

    def test_the_csv_shows_the_flags(self, api_client_for, teacher, family, mia):
        watercolour = a_class(teacher, in_days=20)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)

        response = api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster.csv")

        header, row = list(csv.reader(io.StringIO(response.content.decode())))
        cells = dict(zip(header, row, strict=True))
        assert [cells[name] for name in header[-5:]] == [
            "Peanuts; Bees (anaphylactic)",
            "yes",
            "no",
            "Luis Lopez",
            "complete",
        ]

    def test_an_instructors_roster_read_is_logged_for_each_family(
        self, api_client_for, teacher, family, mia
    ):
        watercolour = a_class(teacher, in_days=20)
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        for child in (mia, leo):
            EnrolmentFactory(student=family, participant=child, camp_class=watercolour)

        with CaptureQueriesContext(connection) as queries:
            roster = api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster")
        # One INSERT for the whole roster (read before the next request empties the list).
        assert [q["sql"].split()[0] for q in queries.captured_queries].count("INSERT") == 1

        assert roster.json()[1]["careFlags"]["allergies"] == ["Peanuts", "Bees"]
        for child in (mia, leo):
            log = api_client_for(family).get(f"/api/participants/{child.pk}/care/access-log")
            assert [(r["readerName"], r["readerRole"], r["part"]) for r in log.json()] == [
                ("Pat Teacher", "instructor", "roster")
            ]

    def test_a_roster_downloaded_is_logged_as_an_export(self, api_client_for, teacher, family, mia):
        watercolour = a_class(teacher, in_days=20)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)
        admin = UserFactory(role=Role.ADMIN, name="Ada Admin")

        for reader in (teacher, admin):
            response = api_client_for(reader).get(f"/api/classes/{watercolour.pk}/roster.csv")
            assert "Peanuts; Bees (anaphylactic)" in response.content.decode()

        assert list(
            CareRead.objects.filter(participant=mia).values_list("reader_name", "part")
        ) == [("Ada Admin", "export"), ("Pat Teacher", "export")]

    def test_an_instructors_own_child_on_their_roster_is_not_logged(
        self, api_client_for, teacher, family, mia
    ):
        watercolour = a_class(teacher, in_days=20)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)
        own = ChildFactory(account=teacher, first_name="Sam")
        EnrolmentFactory(student=teacher, participant=own, camp_class=watercolour)

        assert api_client_for(teacher).get(f"/api/classes/{watercolour.pk}/roster").json()

        assert list(CareRead.objects.values_list("participant_id", flat=True)) == [mia.pk]

    def test_the_roster_reads_care_in_a_fixed_number_of_queries(
        self, api_client_for, teacher, django_assert_max_num_queries
    ):
        watercolour = a_class(teacher, in_days=20)
        for _ in range(6):
            parent = UserFactory(role=Role.STUDENT)
            EnrolmentFactory(
                student=parent,
                participant=ChildFactory(account=parent),
                camp_class=watercolour,
            )
        client = api_client_for(teacher)

        with django_assert_max_num_queries(9):
            assert client.get(f"/api/classes/{watercolour.pk}/roster").status_code == 200


class TestTheAdminsList:
    def test_incomplete_records_of_upcoming_classes_soonest_first(
        self, api_client_for, teacher, family, mia
    ):
        soon, later = a_class(teacher, in_days=5), a_class(teacher, in_days=30, name="Clay")
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        for camp_class in (later, soon):
            EnrolmentFactory(student=family, participant=leo, camp_class=camp_class)
        EnrolmentFactory(student=family, participant=mia, camp_class=soon)

        answer = api_client_for(UserFactory(role=Role.ADMIN)).get("/api/care/missing").json()

        assert [
            (row["className"], row["participantName"], row["daysToFirstMeeting"]) for row in answer
        ] == [
            ("Watercolour for Kids", "Leo Lopez", 5),
            ("Clay", "Leo Lopez", 30),
        ]
        assert answer[0]["familyEmail"] == "ana@camp.test"
        assert answer[0]["missing"] == [
            "record",
            "policy:liability-waiver",
            "policy:code-of-conduct",
        ]

    def test_a_reminder_goes_once_a_day_and_names_no_medical_detail(
        self, api_client_for, teacher, family, mia, smtp_sink
    ):
        watercolour = a_class(teacher, in_days=5)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)
        CareRecord.objects.filter(participant=mia).update(emergency_contacts=[])
        admin = api_client_for(UserFactory(role=Role.ADMIN))

        first = admin.post("/api/care/reminders", {"accountId": family.pk}, format="json")
        second = admin.post("/api/care/reminders", {"accountId": family.pk}, format="json")

        assert (first.status_code, first.json()) == (202, {"sent": True})
        assert (second.status_code, second.json()) == (202, {"sent": False})
        send_queued()
        [received] = smtp_sink.messages()
        assert received["To"] == "ana@camp.test"
        body = received.get_body(preferencelist=("plain",)).get_content()
        assert "Mia Lopez:\r\n- emergency contacts" in body
        for secret in ("Peanuts", "Ventolin", "asthma", "Vegetarian", "Ruiz"):
            assert secret not in received.as_string()

    def test_a_family_with_nothing_missing_is_not_found(self, api_client_for, family, mia):
        admin = api_client_for(UserFactory(role=Role.ADMIN))

        response = admin.post("/api/care/reminders", {"accountId": family.pk}, format="json")

        assert response.status_code == 404


class TestRemindersBeforeTheFirstMeeting:
    def test_seven_and_two_days_before_once_each(self, settings, teacher, family):
        settings.CARE_REQUIRED_AT = "first_meeting"
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        EnrolmentFactory(student=family, participant=leo, camp_class=a_class(teacher, in_days=10))

        # Noon at the school each day: an hour on from now crosses the school's midnight when
        # the suite runs in its last hour.
        noon = datetime.combine(school_today(), time(12), school_timezone())
        sent = []
        for day in range(11):
            with time_machine.travel(noon + timedelta(days=day)):
                sent.append(care_reminders_due())
                # The beat runs every hour: a second pass the same day sends nothing.
                sent[-1] += care_reminders_due()

        assert sent == [0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]
        assert Message.objects.filter(kind="care_reminder").count() == 2

    def test_a_complete_record_is_not_reminded(self, settings, teacher, family, mia):
        settings.CARE_REQUIRED_AT = "first_meeting"
        EnrolmentFactory(student=family, participant=mia, camp_class=a_class(teacher, in_days=2))

        assert care_reminders_due() == 0

    def test_at_checkout_a_record_missing_is_not_reminded(self, teacher, family):
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        policies_accepted(leo)
        EnrolmentFactory(student=family, participant=leo, camp_class=a_class(teacher, in_days=2))

        assert care_reminders_due() == 0
        assert not CareReminder.objects.exists()

    def test_at_checkout_the_policies_a_desk_seat_left_are_reminded(self, teacher, family):
        # A seat taken at the front desk: the record taken by phone, the policies left to the
        # family to accept online.
        leo = ChildFactory(account=family, first_name="Leo", care=False)
        EnrolmentFactory(student=family, participant=leo, camp_class=a_class(teacher, in_days=2))

        assert care_reminders_due() == 1
        [reminder] = Message.objects.filter(kind="care_reminder")
        assert "Leo Lopez" in reminder.text
        assert "acceptance of the liability waiver" in reminder.text
        assert "the care record (" not in reminder.text


class TestRetention:
    def test_medical_fields_are_erased_a_year_after_the_last_class(self, teacher, family, mia):
        watercolour = a_class(teacher, in_days=3)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)
        ended = watercolour.ends_at

        with time_machine.travel(ended + timedelta(days=364)):
            assert care_retention_pass() == 0
        with time_machine.travel(ended + timedelta(days=366)):
            assert care_retention_pass() == 1
            assert care_retention_pass() == 0

        record = CareRecord.objects.get(participant=mia)
        assert record.medical["allergies"] == []
        assert record.medical["conditions"] == ""
        # Contacts and consents stay: they are not medical.
        assert record.emergency_contacts
        assert record.photo_consent is False
        for version in CareRecordVersion.objects.filter(participant=mia):
            assert version.snapshot.get("allergies", []) == []
        assert CareRecordVersion.objects.filter(participant=mia).first().change == "erased"

    def test_a_record_taken_by_phone_and_never_confirmed_is_erased_in_its_turn(
        self, teacher, family, mia
    ):
        watercolour = a_class(teacher, in_days=3)
        EnrolmentFactory(student=family, participant=mia, camp_class=watercolour)
        CareRecord.objects.filter(participant=mia).update(
            confirmed_at=None, taken_at=timezone.now()
        )
        ended = watercolour.ends_at

        with time_machine.travel(ended + timedelta(days=364)):
            assert care_retention_pass() == 0
        with time_machine.travel(ended + timedelta(days=366)):
            assert care_retention_pass() == 1

        assert CareRecord.objects.get(participant=mia).medical["allergies"] == []

    def test_a_class_still_ahead_keeps_the_record(self, teacher, family, mia):
        past = a_class(teacher, in_days=3)
        EnrolmentFactory(student=family, participant=mia, camp_class=past)
        ahead = a_class(teacher, in_days=400, name="Clay")
        EnrolmentFactory(student=family, participant=mia, camp_class=ahead)

        with time_machine.travel(past.ends_at + timedelta(days=366)):
            assert care_retention_pass() == 0
