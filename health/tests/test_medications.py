"""The medication log: from each care record's medications given at camp, a meeting lists the
doses due (the family's instructions, the time they name); the class's instructor or an admin
records each dose given, refused or missed, only ever adding (a correction is a new entry naming
the one it corrects); a missed dose tells every admin once; the family reads the log. Every
staff read is in the family's access log. The clock is moved to the class's day."""

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from accounts.services import participant_delete
from care.models import CarePart, CareRead, empty_medical
from classes.models import Meeting
from core.errors import Conflict, InvalidInput
from enrolments.services import seat_give_back
from health.models import MedicationAdministration
from health.selectors.medications import schedule_time
from health.services.medications import medication_administration_record
from notifications.models import Message
from testing import services
from testing.care import care_completed
from testing.dates import SCHOOL, summer
from testing.factories import ChildFactory, PaymentFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

DAY = summer(6, 14)
INHALER = {"name": "Inhaler", "dose": "2 puffs", "schedule": "12:00 with lunch", "at_camp": True}
MELATONIN = {"name": "Melatonin", "dose": "1 mg", "schedule": "at bedtime", "at_camp": False}
RITALIN = {"name": "Ritalin", "dose": "5 mg", "schedule": "10 am with a snack", "at_camp": True}
CREAM = {"name": "Eczema cream", "dose": "", "schedule": "when itchy", "at_camp": True}


def at(hour: int, minute: int = 0, *, day: date = DAY) -> datetime:
    return datetime.combine(day, time(hour, minute), SCHOOL)


def on(hour: int, minute: int = 0, *, day: date = DAY):
    """The clock stopped at that moment at the school."""
    return time_machine.travel(at(hour, minute, day=day), tick=False)


def _medical(*medications) -> dict:
    return {**empty_medical(), "medications": list(medications)}


@pytest.fixture
def pottery(people):
    """A class meeting 9:00 to 12:00 on DAY."""
    return scheduled_class(
        name="Pottery",
        start=DAY,
        days=(DAY.weekday(),),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
    )


@pytest.fixture
def meeting(pottery) -> Meeting:
    return pottery.meetings.get()


def _enrolled(parent, first_name, pottery, *medications):
    child = ChildFactory(account=parent, first_name=first_name, last_name="Lopez", care=False)
    care_completed(child, medical=_medical(*medications))
    PaymentFactory(student=parent, participant=child, camp_class=pottery, status="enrolled")
    return child


@pytest.fixture
def family(people, pottery):
    """The student's children: Mia, who takes an inhaler at lunch (and melatonin at home), and
    Leo, Ritalin at ten and a cream when itchy. Ivo, of another family, takes nothing at camp."""
    parent = people["student"]
    return {
        "parent": parent,
        "mia": _enrolled(parent, "Mia", pottery, INHALER, MELATONIN),
        "leo": _enrolled(parent, "Leo", pottery, CREAM, RITALIN),
        "ivo": _enrolled(people["other student"], "Ivo", pottery, MELATONIN),
    }


class Phone:
    """One person's calls about the meeting, their token made on the moved clock."""

    def __init__(self, client_for, person, meeting):
        self.client_for, self.person, self.meeting = client_for, person, meeting

    @property
    def client(self):
        return self.client_for(self.person)

    def doses(self):
        return self.client.get(f"/api/meetings/{self.meeting.pk}/medications")

    def record(self, child, outcome, medication="Inhaler", **more):
        body = {
            "clientId": str(uuid.uuid4()),
            "participantId": child.pk,
            "meetingId": self.meeting.pk,
            "medication": medication,
            "outcome": outcome,
            "at": timezone.now().isoformat(),
            **more,
        }
        return self.client.post("/api/medications/administrations", body, format="json")


@pytest.fixture
def phone_of(api_client_for, people, meeting):
    def build(who: str) -> Phone:
        return Phone(api_client_for, people[who], meeting)

    return build


def _reads(child) -> list[tuple[str, str]]:
    return list(
        CareRead.objects.filter(participant=child, part=CarePart.MEDICATION).values_list(
            "reader_name", "reader_role"
        )
    )


@pytest.mark.parametrize(
    ("schedule", "time_named"),
    [
        ("12:00 with lunch", "12:00"),
        ("9:30", "09:30"),
        ("1 pm after lunch", "13:00"),
        ("9am", "09:00"),
        ("10:30 AM", "10:30"),
        ("12.30pm", "12:30"),
        ("at 12 am", "00:00"),
        ("1:05 p.m.", "13:05"),
        ("8:00 and 12:00", "08:00"),
        ("12:00 a day", "12:00"),
        ("with lunch", None),
        ("2 puffs at 12", None),
        ("every 4 hours", None),
        ("25:00", None),
        ("", None),
    ],
)
def test_a_schedule_names_a_time_when_the_family_wrote_one(schedule, time_named):
    assert schedule_time(schedule) == time_named


class TestDosesDue:
    def test_each_medication_given_at_camp_by_time_then_name_with_the_family_s_words(
        self, phone_of, family
    ):
        with on(8, 30):
            response = phone_of("instructor").doses()
        assert response.status_code == 200
        line = {"status": "due", "entries": []}
        assert response.json() == [
            {
                "participantId": family["leo"].pk,
                "name": "Leo Lopez",
                "medication": "Ritalin",
                "dose": "5 mg",
                "schedule": "10 am with a snack",
                "time": "10:00",
                **line,
            },
            {
                "participantId": family["mia"].pk,
                "name": "Mia Lopez",
                "medication": "Inhaler",
                "dose": "2 puffs",
                "schedule": "12:00 with lunch",
                "time": "12:00",
                **line,
            },
            {
                "participantId": family["leo"].pk,
                "name": "Leo Lopez",
                "medication": "Eczema cream",
                "dose": "",
                "schedule": "when itchy",
                "time": None,
                **line,
            },
        ]

    def test_the_read_is_in_the_family_s_access_log_for_the_children_listed(self, phone_of, family):
        with on(8, 30):
            phone_of("instructor").doses()
            phone_of("admin").doses()
        for child in (family["mia"], family["leo"]):
            assert sorted(role for _, role in _reads(child)) == [Role.ADMIN, Role.INSTRUCTOR]
        assert _reads(family["ivo"]) == []

    def test_another_instructor_and_the_family_are_refused(self, phone_of, family, client_as):
        with on(8, 30):
            assert phone_of("other instructor").doses().status_code == 404
            assert phone_of("student").doses().status_code == 403
        assert _reads(family["mia"]) == []

    def test_the_status_is_the_latest_entry_not_corrected(self, phone_of, family):
        with on(12, 5):
            phone = phone_of("instructor")
            given = phone.record(family["mia"], "given", at=at(12).isoformat()).json()
            refused = phone.record(
                family["mia"],
                "refused",
                at=at(12).isoformat(),
                corrects=given["id"],
                note="She spat it out: not given.",
            ).json()
            doses = {(d["name"], d["medication"]): d for d in phone.doses().json()}
        inhaler = doses["Mia Lopez", "Inhaler"]
        assert inhaler["status"] == "refused"
        assert inhaler["entries"] == [
            {
                "id": given["id"],
                "outcome": "given",
                "at": at(12).isoformat(),
                "note": "",
                "by": "Maya Lindqvist",
                "corrects": None,
                "correctedBy": refused["id"],
            },
            {
                "id": refused["id"],
                "outcome": "refused",
                "at": at(12).isoformat(),
                "note": "She spat it out: not given.",
                "by": "Maya Lindqvist",
                "corrects": given["id"],
                "correctedBy": None,
            },
        ]
        assert doses["Leo Lopez", "Ritalin"]["status"] == "due"

    def test_an_entry_whose_medication_the_record_no_longer_lists_stays_in_sight(
        self, phone_of, family
    ):
        with on(12, 5):
            phone = phone_of("instructor")
            phone.record(family["mia"], "given")
            care_completed(family["mia"], medical=_medical(MELATONIN))
            doses = [(d["name"], d["medication"], d["status"]) for d in phone.doses().json()]
        assert ("Mia Lopez", "Inhaler", "given") in doses

    def test_reading_costs_the_same_queries_for_two_children_or_many(
        self, phone_of, family, pottery, people
    ):
        def counted(phone):
            with CaptureQueriesContext(connection) as queries:
                assert phone.doses().status_code == 200
            return len(queries)

        with on(12, 5):
            phone = phone_of("instructor")
            phone.record(family["mia"], "given")
            small = counted(phone)
            parent = UserFactory(role=Role.STUDENT)
            for number in range(6):
                child = _enrolled(parent, f"Child{number}", pottery, INHALER, RITALIN)
                given = phone.record(child, "given").json()
                phone.record(child, "missed", corrects=given["id"], note="Not given after all.")
            large = counted(phone)
        # The caller; the meeting with its class; the class (the instructor's check); the
        # roster; the records; the entries; the reads logged, in one INSERT.
        assert small == large == 7


class TestRecording:
    def test_a_dose_recorded_is_answered_and_kept(self, phone_of, family):
        with on(12, 5):
            response = phone_of("instructor").record(
                family["mia"], "given", medication=" inhaler ", clientId="phone-dose-0001"
            )
        entry = MedicationAdministration.objects.get()
        assert response.status_code == 201
        assert response.json() == {
            "id": entry.pk,
            "participantId": family["mia"].pk,
            "meetingId": entry.meeting_id,
            "medication": "Inhaler",
            "dose": "2 puffs",
            "outcome": "given",
            "at": at(12, 5).isoformat(),
            "note": "",
            "by": "Maya Lindqvist",
            "corrects": None,
            "recordedAt": at(12, 5).isoformat(),
        }

    def test_the_same_client_id_again_answers_the_first_entry(self, phone_of, family):
        with on(12, 5):
            phone = phone_of("instructor")
            first = phone.record(family["mia"], "given", clientId="phone-dose-0001")
        with on(12, 30):
            again = phone.record(family["mia"], "missed", clientId="phone-dose-0001")
            stolen = phone_of("admin").record(family["mia"], "given", clientId="phone-dose-0001")
        assert again.status_code == 200
        assert again.json() == first.json()
        assert stolen.status_code == 409
        assert MedicationAdministration.objects.count() == 1
        assert not Message.objects.exists()

    def test_a_dose_needs_no_client_id_from_the_school_s_own_pages(self, phone_of, family):
        with on(12, 5):
            phone = phone_of("admin")
            body = {
                "participantId": family["leo"].pk,
                "meetingId": phone.meeting.pk,
                "medication": "Ritalin",
                "outcome": "given",
                "at": at(10).isoformat(),
            }
            response = phone.client.post("/api/medications/administrations", body, format="json")
        assert response.status_code == 201
        assert len(MedicationAdministration.objects.get().client_id) == 32

    @pytest.mark.parametrize(
        ("change", "field", "message"),
        [
            (
                {"medication": "Melatonin"},
                "medication",
                "Mia Lopez's care record lists no Melatonin given at camp.",
            ),
            ({"outcome": "forgotten"}, "outcome", "Choose given, refused or missed."),
            ({"at": at(12, 10)}, "at", "The time of a dose cannot be in the future."),
            (
                {"at": at(12, day=DAY - timedelta(days=1))},
                "at",
                f"The time of a dose is on the meeting's day, {DAY:%A, %B} {DAY.day}.",
            ),
            ({"corrects": 1}, "note", "Say what was wrong with the entry this corrects."),
        ],
    )
    def test_a_dose_the_record_or_the_day_does_not_allow_is_refused_naming_the_field(
        self, phone_of, family, change, field, message
    ):
        change = {
            name: value.isoformat() if isinstance(value, datetime) else value
            for name, value in change.items()
        }
        outcome = change.pop("outcome", "given")
        with on(12, 5):
            response = phone_of("instructor").record(family["mia"], outcome, **change)
        assert response.status_code == 400
        assert response.json() == {
            "message": f"Please check these fields: {field}.",
            "errors": {field: [message]},
        }
        assert not MedicationAdministration.objects.exists()

    def test_a_child_with_no_seat_in_the_class_is_refused(self, phone_of, people, family):
        stranger = ChildFactory(account=people["other student"], care=False)
        care_completed(stranger, medical=_medical(INHALER))
        with on(12, 5):
            response = phone_of("admin").record(stranger, "given")
        assert response.status_code == 400
        assert response.json()["errors"] == {
            "participantId": ["This person holds no seat in this class."]
        }

    def test_another_instructor_a_family_and_the_office_are_refused(
        self, phone_of, people, family, api_client_for
    ):
        with on(12, 5):
            assert phone_of("other instructor").record(family["mia"], "given").status_code == 404
            assert phone_of("student").record(family["mia"], "given").status_code == 403
            office = Phone(api_client_for, UserFactory(role=Role.OFFICE), phone_of("admin").meeting)
            assert office.record(family["mia"], "given").status_code == 403
        assert not MedicationAdministration.objects.exists()

    def test_a_cancelled_meeting_takes_no_dose(self, phone_of, family, meeting):
        Meeting.objects.filter(pk=meeting.pk).update(cancelled=True)
        with on(12, 5):
            response = phone_of("admin").record(family["mia"], "given")
        assert response.status_code == 409


class TestCorrections:
    def test_a_correction_names_an_entry_of_the_same_child_meeting_and_medication_once(
        self, phone_of, family
    ):
        with on(12, 5):
            phone = phone_of("instructor")
            mia = phone.record(family["mia"], "given").json()
            leo = phone.record(family["leo"], "given", medication="Ritalin").json()
            note = {"note": "Wrong child."}
            of_another_child = phone.record(
                family["leo"], "missed", "Ritalin", corrects=mia["id"], **note
            )
            of_another_medication = phone.record(
                family["leo"], "missed", "Eczema cream", corrects=leo["id"], **note
            )
            first = phone.record(family["mia"], "refused", corrects=mia["id"], **note)
            second = phone.record(family["mia"], "missed", corrects=mia["id"], **note)
            of_nothing = phone.record(family["mia"], "missed", corrects=10**12, **note)
        assert first.status_code == 201
        assert first.json()["corrects"] == mia["id"]
        for refused, message in [
            (of_another_child, "No entry of Ritalin for Leo Lopez here."),
            (of_another_medication, "No entry of Eczema cream for Leo Lopez here."),
            (second, "This entry was corrected already."),
            (of_nothing, "No entry of Inhaler for Mia Lopez here."),
        ]:
            assert refused.status_code == 400
            assert refused.json()["errors"] == {"corrects": [message]}
        assert MedicationAdministration.objects.count() == 3

    def test_the_corrected_entry_is_left_as_it_was(self, phone_of, family):
        with on(12, 5):
            phone = phone_of("instructor")
            given = phone.record(family["mia"], "given").json()
            phone.record(family["mia"], "refused", corrects=given["id"], note="Not given.")
        assert MedicationAdministration.objects.get(pk=given["id"]).outcome == "given"


class TestMissedDose:
    @pytest.fixture
    def admins(self, people):
        rosa = UserFactory(role=Role.ADMIN, name="Rosa Admin", email="rosa@camp.test")
        UserFactory(role=Role.ADMIN, email="gone@camp.test", is_active=False)
        return [people["admin"], rosa]

    def test_every_admin_is_told_once_per_missed_dose(self, phone_of, family, admins, smtp_sink):
        with on(12, 40):
            phone = phone_of("instructor")
            missed = phone.record(
                family["mia"], "missed", clientId="phone-dose-0001", note="On the bus at lunch."
            )
            phone.record(family["mia"], "missed", clientId="phone-dose-0001")
            phone.record(family["leo"], "given", medication="Ritalin")
            send_queued()
        sent = smtp_sink.messages()
        assert missed.status_code == 201
        assert sorted(message["To"] for message in sent) == sorted(a.email for a in admins)
        assert {message["Subject"] for message in sent} == {
            "Mia Lopez missed a dose of Inhaler at Pottery"
        }
        text = sent[0].get_body(preferencelist=("plain",)).get_content()
        assert "Mia Lopez missed a dose of Inhaler (2 puffs) at Pottery on " in text
        assert "Maya Lindqvist recorded it at 12:40 PM." in text
        assert "The family's instructions: 12:00 with lunch" in text
        assert "Note: On the bus at lunch." in text
        assert f"{family['parent'].email}" in text
        # The admins read of the child's medication, in the family's access log.
        assert {role for _, role in _reads(family["mia"])} == {Role.ADMIN}
        assert len(_reads(family["mia"])) == 2

    def test_a_correction_to_missed_tells_but_one_of_a_missed_dose_does_not_again(
        self, phone_of, family, admins
    ):
        with on(12, 40):
            phone = phone_of("instructor")
            given = phone.record(family["mia"], "given").json()
            missed = phone.record(
                family["mia"], "missed", corrects=given["id"], note="Not given after all."
            ).json()
            phone.record(family["mia"], "missed", corrects=missed["id"], note="At 12:30.")
        told = Message.objects.filter(kind="medication_missed")
        assert set(told.values_list("about", flat=True)) == {f"medication-missed:{missed['id']}"}
        assert told.count() == len(admins)


class TestTheFamilysLog:
    def test_the_family_reads_every_entry_newest_first_with_its_class_and_day(
        self, phone_of, family, client_as, meeting
    ):
        with on(12, 40):
            phone = phone_of("instructor")
            given = phone.record(family["mia"], "given", at=at(12).isoformat()).json()
            fixed = phone.record(
                family["mia"], "refused", corrects=given["id"], note="Spat it out."
            ).json()
            phone.record(family["leo"], "given", medication="Ritalin")
            response = client_as("student").get(f"/api/participants/{family['mia'].pk}/medications")
        assert response.status_code == 200
        common = {
            "meetingId": meeting.pk,
            "classId": meeting.camp_class_id,
            "className": "Pottery",
            "day": DAY.isoformat(),
            "medication": "Inhaler",
            "dose": "2 puffs",
            "by": "Maya Lindqvist",
            "recordedAt": at(12, 40).isoformat(),
        }
        assert response.json() == [
            {
                "id": fixed["id"],
                "outcome": "refused",
                "at": at(12, 40).isoformat(),
                "note": "Spat it out.",
                "corrects": given["id"],
                "correctedBy": None,
                **common,
            },
            {
                "id": given["id"],
                "outcome": "given",
                "at": at(12).isoformat(),
                "note": "",
                "corrects": None,
                "correctedBy": fixed["id"],
                **common,
            },
        ]
        # The instructor's read of the doses due is logged; the family's own read is not.
        assert [role for _, role in _reads(family["mia"])] == []

    def test_an_admin_reads_it_logged_and_nobody_else_reads_it(self, family, client_as):
        path = f"/api/participants/{family['mia'].pk}/medications"
        assert client_as("admin").get(path).status_code == 200
        assert client_as("other student").get(path).status_code == 404
        assert client_as("instructor").get(path).status_code == 403
        assert client_as("anonymous").get(path).status_code == 401
        assert [role for _, role in _reads(family["mia"])] == [Role.ADMIN]


class TestTheChildIsKept:
    def test_a_child_with_medication_on_record_stays_in_the_family(
        self, phone_of, family, client_as
    ):
        with on(12, 5):
            phone_of("instructor").record(family["mia"], "given")
        seat_give_back(enrolment_id=family["mia"].enrolments.get().pk, reason="Moved away.")
        with pytest.raises(Conflict) as refused:
            participant_delete(account=family["parent"], participant_id=family["mia"].pk)
        assert refused.value.message == (
            "Mia has medication given at the school on record, so their record is kept: it says "
            "which doses were given, refused or missed."
        )
        response = client_as("student").delete(f"/api/participants/{family['mia'].pk}")
        assert response.status_code == 409
        seat_give_back(enrolment_id=family["leo"].enrolments.get().pk, reason="Moved away.")
        participant_delete(account=family["parent"], participant_id=family["leo"].pk)


def test_the_service_answers_a_twin_sending_with_the_first_entry(people, family, meeting):
    with on(12, 5):
        sent = {
            "actor": people["instructor"],
            "meeting_id": meeting.pk,
            "participant_id": family["mia"].pk,
            "medication": "Inhaler",
            "outcome": "given",
            "at": timezone.now(),
            "client_id": "phone-dose-0001",
        }
        first, created = medication_administration_record(**sent)
        again, created_again = medication_administration_record(**sent)
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk


def _at_once(call) -> list:
    """`call` made by two connections together; each answer, or the error it raised."""
    together = threading.Barrier(2)

    def made(number):
        try:
            together.wait(timeout=10)
            return call(number)
        except Exception as error:  # noqa: BLE001 - the answer under test
            return error
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(made, range(2)))


@services.postgresql_only("two connections write at once; SQLite takes one writer at a time.")
@pytest.mark.django_db(transaction=True)
def test_two_sendings_of_one_dose_at_once_record_it_once_and_tell_once(people, family, meeting):
    sent = {
        "actor": people["instructor"],
        "meeting_id": meeting.pk,
        "participant_id": family["mia"].pk,
        "medication": "Inhaler",
        "outcome": "missed",
        "client_id": "sent-twice-at-once",
    }
    with on(12, 5):
        answers = _at_once(lambda _: medication_administration_record(**sent, at=timezone.now()))
    assert sorted(created for _, created in answers) == [False, True]
    assert len({entry.pk for entry, _ in answers}) == 1
    assert MedicationAdministration.objects.count() == 1
    assert Message.objects.filter(kind="medication_missed").count() == 1


@services.postgresql_only("two connections write at once; SQLite takes one writer at a time.")
@pytest.mark.django_db(transaction=True)
def test_two_corrections_of_one_entry_at_once_make_one(people, family, meeting):
    dose = {
        "actor": people["instructor"],
        "meeting_id": meeting.pk,
        "participant_id": family["mia"].pk,
        "medication": "Inhaler",
    }
    with on(12, 5):
        given, _ = medication_administration_record(**dose, outcome="given", at=timezone.now())
        answers = _at_once(
            lambda number: medication_administration_record(
                **dose,
                outcome="refused",
                at=timezone.now(),
                corrects_id=given.pk,
                note=f"Correction {number}.",
            )
        )
    refused = [answer for answer in answers if isinstance(answer, InvalidInput)]
    assert len(refused) == 1
    assert refused[0].problems == {"corrects": ["This entry was corrected already."]}
    assert MedicationAdministration.objects.filter(corrects=given).count() == 1
