"""Attendance on the days of camp: a class's instructor, on the meeting's day, or an admin at any
time, checks each child in, marks them absent, checks them out to someone who may collect them,
or undoes their own last action. Every action is kept, never changed; the child's status is the
fold of the actions by the time each was taken. The clock is moved to the class's days."""

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of, participant_delete
from attendance.lines import pickup_id
from attendance.models import AttendanceAction, AttendanceActionKind
from attendance.services import attendance_record
from care.models import CareRead, empty_medical
from classes.models import Meeting
from core.errors import Conflict
from enrolments.services import seat_give_back
from extras.models import Question
from extras.services import answers_record
from testing import services
from testing.care import care_completed
from testing.dates import SCHOOL, summer
from testing.factories import ChildFactory, PaymentFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

ROSA = {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"}


@pytest.fixture
def watercolour(people):
    """Mondays and Wednesdays of a summer week, 9:00 to 12:00 at the school."""
    return scheduled_class(
        name="Watercolour for Kids",
        start=summer(6, 14),
        end=summer(6, 18),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
        location="Studio 2",
    )


@pytest.fixture
def monday(watercolour) -> Meeting:
    return watercolour.meetings.get(day=summer(6, 14))


# The family confirms its records in the week before camp: the coming summer can be more than a
# year (CARE_CONFIRM_DAYS) from the day the suite runs, when a record confirmed today is due again.
CONFIRMED = datetime.combine(summer(6, 7), time(12), SCHOOL)


@pytest.fixture
def family(watercolour):
    """Mia, whom her parent or her aunt Rosa collects; Leo, who may leave alone."""
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez", care=False)
    care_completed(mia, pickups=[ROSA], confirmed_at=CONFIRMED)
    leo = ChildFactory(account=parent, first_name="Leo", last_name="Lopez", care=False)
    care_completed(leo, may_leave_alone=True, confirmed_at=CONFIRMED)
    for child in (mia, leo):
        PaymentFactory(student=parent, participant=child, camp_class=watercolour, status="enrolled")
    return {"parent": parent, "mia": mia, "leo": leo}


class Clock:
    """Moments of the class's first week, from its Monday. Counted once, before the clock moves:
    the coming summer (testing.dates) is counted from today, which moving the clock changes."""

    def __init__(self, monday: date):
        self.monday = monday

    def at(self, hour: int, minute: int = 0, *, day: int = 0) -> datetime:
        return datetime.combine(self.monday + timedelta(days=day), time(hour, minute), SCHOOL)

    def on(self, hour: int, minute: int = 0, *, day: int = 0):
        """The clock stopped at that moment at the school."""
        return time_machine.travel(self.at(hour, minute, day=day), tick=False)


@pytest.fixture
def clock() -> Clock:
    return Clock(summer(6, 14))


class Taking:
    """One person's phone: each action with a new client id, taken at `at` (now by default)."""

    def __init__(self, client_for, person, meeting):
        self.client_for = client_for
        self.person = person
        self.meeting = meeting

    @property
    def client(self):
        # A token made on the moved clock, as the phone's is refreshed while it is used.
        return self.client_for(self.person)

    def post(self, participant, action, *, at=None, client_id=None, **more):
        body = {
            "clientId": client_id or str(uuid.uuid4()),
            "participantId": participant.pk,
            "action": action,
            "at": (at or timezone.now()).isoformat(),
            **more,
        }
        return self.client.post(f"/api/meetings/{self.meeting.pk}/attendance", body, format="json")

    def lines(self):
        response = self.client.get(f"/api/meetings/{self.meeting.pk}/attendance")
        assert response.status_code == 200, response.json()
        return {line["name"]: line for line in response.json()}


@pytest.fixture
def phone_of(api_client_for, people, monday):
    """A person's phone on Monday's meeting; their token made on the moved clock."""

    def build(who: str, meeting=None):
        return Taking(api_client_for, people[who], meeting or monday)

    return build


class TestWhoAndWhen:
    def test_an_instructor_takes_attendance_from_an_hour_before_the_start(
        self, clock, phone_of, family
    ):
        with clock.on(7, 59):
            response = phone_of("instructor").post(family["mia"], "check_in")
            assert response.status_code == 403
            day = clock.monday
            assert response.json()["message"] == (
                f"Attendance for this meeting opens at 8:00 AM on {day:%A, %B} {day.day}, "
                "60 minutes before it starts."
            )
        with clock.on(8):
            assert phone_of("instructor").post(family["mia"], "check_in").status_code == 201

    def test_an_instructor_is_refused_after_midnight_and_an_admin_is_not(
        self, clock, phone_of, family
    ):
        with clock.on(0, 1, day=1):
            response = phone_of("instructor").post(family["mia"], "check_in")
            assert response.status_code == 403
            assert response.json()["code"] == "attendance_closed"
            assert "closed at midnight" in response.json()["message"]
            assert phone_of("admin").post(family["mia"], "check_in").status_code == 201
        with clock.on(12, day=14):
            # Weeks later, too: an admin completes the record at any time.
            taken = clock.at(11, 30)
            assert phone_of("admin").post(family["leo"], "absent", at=taken).status_code == 201

    def test_what_a_phone_kept_offline_on_the_day_is_recorded_when_sent_after_midnight(
        self, clock, phone_of, family
    ):
        taken = clock.at(11, 30)
        with clock.on(0, 20, day=1):
            kept = phone_of("instructor").post(family["mia"], "check_in", at=taken)
        with clock.on(0, 1, day=2):
            too_late = phone_of("instructor").post(family["leo"], "check_in", at=taken)

        assert kept.status_code == 201
        assert kept.json()["line"]["checkedInAt"] == taken.isoformat()
        # A day after the meeting's day closed, what is still on a phone goes through an admin.
        assert too_late.status_code == 403
        assert too_late.json()["code"] == "attendance_closed"
        assert list(AttendanceAction.objects.values_list("participant", flat=True)) == [
            family["mia"].pk
        ]

    @pytest.mark.parametrize(
        ("who", "status", "today"),
        [("other instructor", 404, 200), ("student", 403, 403), ("anonymous", 401, 401)],
    )
    def test_nobody_else_reads_or_takes_it(
        self, clock, who, status, today, client_as, monday, family
    ):
        with clock.on(9):
            client = client_as(who)
            url = f"/api/meetings/{monday.pk}/attendance"
            body = {
                "clientId": "a-client-id-1",
                "participantId": family["mia"].pk,
                "action": "check_in",
                "at": clock.at(9).isoformat(),
            }
            assert client.get(url).status_code == status
            assert client.post(url, body, format="json").status_code == status
            # Another instructor's Today is their own classes': none of them meets today.
            todays = client.get("/api/attendance/today")
        assert todays.status_code == today
        if today == 200:
            assert todays.json() == []
        assert not AttendanceAction.objects.exists()

    def test_an_unknown_meeting_is_not_found(self, clock, client_as, monday):
        with clock.on(9):
            assert (
                client_as("admin").get(f"/api/meetings/{monday.pk + 99}/attendance").status_code
                == 404
            )

    def test_a_participant_with_no_seat_in_the_class_is_refused(self, clock, phone_of, family):
        stranger = ChildFactory()
        with clock.on(9):
            response = phone_of("instructor").post(stranger, "check_in")
        assert response.status_code == 400
        assert response.json()["errors"]["participantId"] == [
            "This person holds no seat in this class."
        ]

    def test_the_time_taken_is_not_in_the_future_nor_before_the_window(
        self, clock, phone_of, family
    ):
        with clock.on(9):
            phone = phone_of("instructor")
            ahead = phone.post(family["mia"], "check_in", at=clock.at(9, 3))
            early = phone.post(family["mia"], "check_in", at=clock.at(7, 30))
            # Two minutes ahead is a phone's clock running fast, not the future.
            assert phone.post(family["mia"], "check_in", at=clock.at(9, 2)).status_code == 201
        assert ahead.status_code == 400
        assert ahead.json()["errors"]["at"] == [
            "The time an action was taken cannot be in the future."
        ]
        assert early.status_code == 403
        assert early.json() == {
            "message": "Attendance for this meeting opens at 8:00 AM on "
            f"{clock.monday:%A, %B} {clock.monday.day}, 60 minutes before it starts.",
            "code": "attendance_not_open",
        }


class TestCheckingInAndOut:
    def test_check_in_absent_and_check_out_with_each_collector(
        self, clock, phone_of, family, people
    ):
        parent, mia, leo = family["parent"], family["mia"], family["leo"]
        with clock.on(9):
            phone = phone_of("instructor")
            assert phone.post(mia, "check_in").status_code == 201
            assert phone.post(leo, "absent").status_code == 201
            assert {n: line["status"] for n, line in phone.lines().items()} == {
                "Leo Lopez": "absent",
                "Mia Lopez": "present",
            }
        with clock.on(12):
            guardian = {"kind": "guardian", "id": str(parent.pk)}
            response = phone.post(mia, "check_out", collectedBy=guardian)
            assert response.status_code == 201
            assert response.json()["line"]["collectedBy"] == {
                "kind": "guardian",
                "id": str(parent.pk),
                "name": "Ana Lopez",
            }
            assert response.json()["line"]["status"] == "left"
            # Checked in again (back from the park), and collected by Rosa this time.
            assert phone.post(mia, "check_in").status_code == 201
            pickup = {"kind": "pickup", "id": pickup_id(ROSA)}
            rosa = phone.post(mia, "check_out", collectedBy=pickup).json()["line"]["collectedBy"]
            assert rosa == {"kind": "pickup", "id": pickup_id(ROSA), "name": "Rosa Lopez"}
            # Leo was marked absent by mistake: he came, and leaves on his own.
            assert phone.post(leo, "check_in").status_code == 201
            alone = phone.post(leo, "check_out", collectedBy={"kind": "alone"})
            assert alone.status_code == 201
            assert alone.json()["line"]["collectedBy"] == {
                "kind": "alone",
                "id": None,
                "name": "Leo Lopez",
            }
        kinds = AttendanceAction.objects.filter(action="check_out").values_list(
            "collected_by_kind", flat=True
        )
        assert sorted(kinds) == ["alone", "guardian", "pickup"]

    def test_an_adult_taking_their_own_class_leaves_on_their_own(
        self, clock, phone_of, watercolour
    ):
        grown_up = UserFactory(role=Role.STUDENT, name="Iris Moreau")
        PaymentFactory(student=grown_up, camp_class=watercolour, status="enrolled")
        iris = account_holder_of(grown_up)
        with clock.on(9):
            phone = phone_of("instructor")
            phone.post(iris, "check_in")
        with clock.on(12):
            response = phone.post(iris, "check_out", collectedBy={"kind": "alone"})
        assert response.status_code == 201
        line = response.json()["line"]
        assert (line["collectors"], line["mayLeaveAlone"]) == ([], True)
        assert line["collectedBy"] == {"kind": "alone", "id": None, "name": "Iris Moreau"}

    def test_a_pick_up_not_on_the_list_is_refused_with_who_is(self, clock, phone_of, family):
        with clock.on(9):
            phone = phone_of("instructor")
            phone.post(family["mia"], "check_in")
            stranger = {"kind": "pickup", "id": "0123456789ab", "name": "Sam Doe"}
            response = phone.post(family["mia"], "check_out", collectedBy=stranger)
            alone = phone.post(family["mia"], "check_out", collectedBy={"kind": "alone"})
        assert response.status_code == 400
        assert response.json()["errors"]["collectedBy"] == [
            "Sam Doe is not on Mia Lopez's list of people who may collect them: Ana Lopez, "
            "Rosa Lopez."
        ]
        assert alone.status_code == 400
        assert alone.json()["errors"]["collectedBy"] == [
            "Mia Lopez may not leave alone: their care record does not allow it. Choose someone "
            "from Mia Lopez's list of people who may collect them: Ana Lopez, Rosa Lopez."
        ]
        assert not AttendanceAction.objects.filter(action="check_out").exists()

    def test_someone_else_only_on_an_admins_word_with_the_reason_kept(
        self, clock, phone_of, family
    ):
        neighbour = {"kind": "other", "name": "Pat Green"}
        with clock.on(9):
            phone_of("instructor").post(family["mia"], "check_in")
            refused = phone_of("instructor").post(family["mia"], "check_out", collectedBy=neighbour)
            no_reason = phone_of("admin").post(family["mia"], "check_out", collectedBy=neighbour)
            allowed = phone_of("admin").post(
                family["mia"],
                "check_out",
                collectedBy=neighbour,
                overrideReason="Her mother phoned the office to say Pat collects her.",
            )
        assert refused.status_code == 400
        assert refused.json()["errors"]["collectedBy"] == [
            "Pat Green is not on Mia Lopez's list of people who may collect them: Ana Lopez, "
            "Rosa Lopez. Only an admin may let someone else collect them, with a reason."
        ]
        assert no_reason.status_code == 400
        assert no_reason.json()["errors"]["overrideReason"] == [
            "Say why Pat Green, who is not on Mia Lopez's list, collected them."
        ]
        assert allowed.status_code == 201
        assert allowed.json()["line"]["collectedBy"] == {
            "kind": "other",
            "id": None,
            "name": "Pat Green",
        }
        row = AttendanceAction.objects.get(action="check_out")
        assert row.override_reason == "Her mother phoned the office to say Pat collects her."

    def test_checking_out_a_child_not_present_is_a_conflict(self, clock, phone_of, family):
        with clock.on(9):
            response = phone_of("instructor").post(
                family["mia"], "check_out", collectedBy={"kind": "guardian", "id": "1"}
            )
        assert response.status_code == 409
        assert (
            response.json()["message"] == "Mia Lopez is not checked in, so cannot be checked out."
        )

    def test_a_late_arrival_and_an_early_pick_up_are_flagged(self, clock, phone_of, family):
        guardian = {"kind": "guardian", "id": str(family["parent"].pk)}
        with clock.on(8, 55):
            phone = phone_of("instructor")
            phone.post(family["leo"], "check_in")
        with clock.on(9, 20):
            phone.post(family["mia"], "check_in")
        with clock.on(11, 15):
            phone.post(family["mia"], "check_out", collectedBy=guardian)
        with clock.on(12, 5):
            phone.post(family["leo"], "check_out", collectedBy={"kind": "alone"})
            lines = phone.lines()
        assert (lines["Mia Lopez"]["late"], lines["Mia Lopez"]["early"]) == (True, True)
        assert (lines["Leo Lopez"]["late"], lines["Leo Lopez"]["early"]) == (False, False)


class TestUndo:
    def test_an_undo_within_ten_minutes_by_the_same_person(self, clock, phone_of, family):
        with clock.on(9):
            phone = phone_of("instructor")
            phone.post(family["mia"], "check_in")
            absent = phone.post(family["mia"], "absent").json()["line"]
        with clock.on(9, 10):
            undone = phone.post(family["mia"], "undo")
        assert absent["status"] == "absent"
        assert undone.status_code == 201
        assert undone.json()["line"]["status"] == "present"
        undo = AttendanceAction.objects.get(action="undo")
        assert undo.undoes == AttendanceAction.objects.get(action="absent")

    def test_refused_after_ten_minutes(self, clock, phone_of, family):
        with clock.on(9):
            phone = phone_of("instructor")
            phone.post(family["mia"], "check_in")
        with time_machine.travel(clock.at(9, 10) + timedelta(seconds=1), tick=False):
            response = phone.post(family["mia"], "undo")
        assert response.status_code == 409
        assert response.json()["message"] == (
            "An action can be undone within 10 minutes of being taken. Record what is right for "
            "Mia Lopez instead."
        )

    def test_refused_to_another_person_and_with_nothing_to_undo(self, clock, phone_of, family):
        with clock.on(9):
            nothing = phone_of("instructor").post(family["mia"], "undo")
            phone_of("instructor").post(family["mia"], "check_in")
            admins = phone_of("admin").post(family["mia"], "undo")
        assert nothing.status_code == 409
        assert nothing.json()["message"] == "There is nothing to undo for Mia Lopez."
        assert admins.status_code == 409
        assert admins.json()["message"] == (
            "Mia Lopez's last action was taken by Maya Lindqvist: only they may undo it. Record "
            "what is right instead."
        )
        assert not AttendanceAction.objects.filter(action="undo").exists()


class TestSentAgainAndOutOfOrder:
    def test_the_same_client_id_twice_is_recorded_once(self, clock, phone_of, family):
        with clock.on(9):
            phone = phone_of("instructor")
            first = phone.post(family["mia"], "check_in", client_id="5d0c7a1e-offline-1")
        with clock.on(9, 30):
            # Sent again when the connection came back: nothing is checked or written again.
            again = phone.post(
                family["mia"], "check_in", client_id="5d0c7a1e-offline-1", at=clock.at(9)
            )
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()
        assert AttendanceAction.objects.count() == 1

    def test_the_same_client_id_from_the_service_answers_the_first_row(
        self, clock, people, monday, family
    ):
        with clock.on(9):
            asked = {
                "actor": people["instructor"],
                "meeting_id": monday.pk,
                "client_id": "twice-sent-1",
                "participant_id": family["mia"].pk,
                "action": AttendanceActionKind.CHECK_IN,
                "at": clock.at(9),
            }
            row, created = attendance_record(**asked)
            again, created_again = attendance_record(**{**asked, "action": "absent"})
        assert (created, created_again) == (True, False)
        assert again.pk == row.pk
        assert again.action == AttendanceActionKind.CHECK_IN

    def test_two_staff_marking_one_child_the_later_time_taken_stands(self, clock, phone_of, family):
        with clock.on(9, 5):
            phone_of("admin").post(family["mia"], "absent", at=clock.at(9, 2))
            phone_of("instructor").post(family["mia"], "check_in", at=clock.at(9, 1))
            line = phone_of("instructor").lines()["Mia Lopez"]
        assert line["status"] == "absent"
        assert AttendanceAction.objects.count() == 2

    def test_an_action_sent_late_takes_its_place_by_the_time_it_was_taken(
        self, clock, phone_of, family
    ):
        guardian = {"kind": "guardian", "id": str(family["parent"].pk)}
        with clock.on(12):
            phone = phone_of("instructor")
            phone.post(family["mia"], "check_in", at=clock.at(9))
            phone.post(family["mia"], "check_out", at=clock.at(11), collectedBy=guardian)
            # The other phone had marked her absent before she came, and sends it only now.
            late = phone_of("admin").post(family["mia"], "absent", at=clock.at(8, 30))
            line = phone.lines()["Mia Lopez"]
        assert late.status_code == 201
        assert line["status"] == "left"
        assert line["checkedInAt"] == clock.at(9).isoformat()
        assert line["lastActionBy"] == "Maya Lindqvist"


class TestTheRecord:
    def test_the_database_refuses_to_change_or_remove_an_action(self, clock, phone_of, family):
        with clock.on(9):
            phone_of("instructor").post(family["mia"], "check_in")
        row = AttendanceAction.objects.get()
        with pytest.raises(DatabaseError), transaction.atomic():
            AttendanceAction.objects.filter(pk=row.pk).update(action="absent")
        with pytest.raises(DatabaseError), transaction.atomic():
            AttendanceAction.objects.filter(pk=row.pk).delete()
        assert AttendanceAction.objects.get().action == "check_in"

    def test_a_child_with_attendance_is_kept_in_the_family(self, clock, phone_of, family):
        with clock.on(9):
            phone_of("instructor").post(family["mia"], "check_in")
        seat = family["mia"].enrolments.get()
        seat_give_back(enrolment_id=seat.pk, reason="Moved away.")
        with pytest.raises(Conflict) as refused:
            participant_delete(account=family["parent"], participant_id=family["mia"].pk)
        assert refused.value.message == (
            "Mia has attendance on record at the school, so their record is kept: it says when "
            "they came and who collected them."
        )
        seat_give_back(enrolment_id=family["leo"].enrolments.get().pk, reason="Moved away.")
        participant_delete(account=family["parent"], participant_id=family["leo"].pk)

    def test_the_back_office_shows_the_record_and_changes_nothing(
        self, clock, phone_of, family, back_office
    ):
        with clock.on(9):
            phone_of("instructor").post(family["mia"], "check_in")
        row = AttendanceAction.objects.get()
        listed = back_office.get("/admin/attendance/attendanceaction/")
        shown = back_office.get(f"/admin/attendance/attendanceaction/{row.pk}/change/")
        changed = back_office.post(
            f"/admin/attendance/attendanceaction/{row.pk}/change/", {"action": "absent"}
        )
        assert listed.status_code == 200
        assert "Mia Lopez" in listed.content.decode()
        assert shown.status_code == 200
        assert back_office.get("/admin/attendance/attendanceaction/add/").status_code == 403
        assert changed.status_code == 403
        assert (
            back_office.get(f"/admin/attendance/attendanceaction/{row.pk}/delete/").status_code
            == 403
        )
        assert AttendanceAction.objects.get().action == "check_in"


class TestReading:
    def test_a_line_answers_everything_the_phone_shows(self, clock, phone_of, family, monday):
        parent, mia = family["parent"], family["mia"]
        with clock.on(9, 15):
            phone = phone_of("instructor")
            phone.post(mia, "check_in")
        with clock.on(12):
            phone.post(mia, "check_out", collectedBy={"kind": "pickup", "id": pickup_id(ROSA)})
            lines = phone.lines()
        last = AttendanceAction.objects.get(action="check_out")
        assert list(lines) == ["Leo Lopez", "Mia Lopez"]
        assert lines["Mia Lopez"] == {
            "participantId": mia.pk,
            "name": "Mia Lopez",
            "status": "left",
            "checkedInAt": clock.at(9, 15).isoformat(),
            "checkedOutAt": clock.at(12).isoformat(),
            "late": True,
            "early": False,
            "collectedBy": {"kind": "pickup", "id": pickup_id(ROSA), "name": "Rosa Lopez"},
            "flags": {
                "allergy": None,
                "allergies": [],
                "medicationAtCamp": False,
                "photoConsent": True,
                "pickups": ["Rosa Lopez"],
                "mayLeaveAlone": False,
                "complete": True,
                "missing": [],
                "actionPlanOnFile": False,
            },
            "collectors": [
                {
                    "kind": "guardian",
                    "id": str(parent.pk),
                    "name": "Ana Lopez",
                    "relationship": "Parent",
                    "phone": "",
                },
                {
                    "kind": "pickup",
                    "id": pickup_id(ROSA),
                    "name": "Rosa Lopez",
                    "relationship": "Aunt",
                    "phone": "+14155550134",
                },
            ],
            "mayLeaveAlone": False,
            "lastActionId": last.pk,
            "lastActionBy": "Maya Lindqvist",
            # A class bought whole, with no extended care: nothing else that day.
            "extendedCare": [],
            "classesToday": [],
            # The school asks no questions of this class (test_an_instructor_s_today_...).
            "answers": [],
        }
        assert lines["Leo Lopez"]["status"] == "expected"
        assert lines["Leo Lopez"]["mayLeaveAlone"] is True

    def test_today_and_a_meetings_attendance_are_logged_for_each_family(
        self, clock, phone_of, family, monday
    ):
        mia, leo = family["mia"], family["leo"]
        peanuts = {"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen"}
        care_completed(
            mia, medical={**empty_medical(), "allergies": [peanuts]}, confirmed_at=CONFIRMED
        )
        with clock.on(9):
            phone = phone_of("instructor")
            today = phone.client.get("/api/attendance/today").json()
            assert today[0]["attendance"][1]["flags"]["allergies"] == ["Peanuts"]
            logged_today = set(CareRead.objects.values_list("participant_id", "part"))
            phone.lines()
            logged_lines = set(
                CareRead.objects.filter(part="attendance").values_list("participant_id", flat=True)
            )
            # The answer to an action carries that child's line only: their read alone.
            assert phone.post(mia, "check_in").json()["line"]["flags"]["allergies"] == ["Peanuts"]

        assert logged_today == {(mia.pk, "today"), (leo.pk, "today")}
        assert logged_lines == {mia.pk, leo.pk}
        assert list(
            CareRead.objects.filter(participant=mia).values_list("reader_name", "part")
        ) == [
            ("Maya Lindqvist", "attendance"),
            ("Maya Lindqvist", "attendance"),
            ("Maya Lindqvist", "today"),
        ]
        assert CareRead.objects.filter(participant=leo).count() == 2

    def test_an_instructor_s_today_shows_only_the_answers_marked_for_them_an_admin_s_all(
        self, clock, api_client_for, people, family, watercolour
    ):
        mia, parent = family["mia"], family["parent"]
        wheel = Question.objects.create(
            camp_class=watercolour, label="Used a brush?", kind="yes_no", instructor_sees=True
        )
        school = Question.objects.create(
            camp_class=watercolour, label="How did you hear of us?", kind="short_text"
        )
        answers_record(
            participant=mia, answers={wheel.pk: True, school.pk: "A friend"}, by_id=parent.pk
        )

        with clock.on(9):
            shown = {
                who: {
                    line["name"]: line["answers"]
                    for line in api_client_for(people[who])
                    .get("/api/attendance/today")
                    .json()[0]["attendance"]
                }
                for who in ("instructor", "admin")
            }

        said = {"questionId": wheel.pk, "label": "Used a brush?", "kind": "yes_no"}
        assert shown["instructor"] == {
            "Leo Lopez": [],
            "Mia Lopez": [{**said, "value": True, "text": "Yes"}],
        }
        assert shown["admin"]["Mia Lopez"] == [
            {**said, "value": True, "text": "Yes"},
            {
                "questionId": school.pk,
                "label": "How did you hear of us?",
                "kind": "short_text",
                "value": "A friend",
                "text": "A friend",
            },
        ]

    def test_a_pick_ups_id_stays_whatever_its_spacing_and_case(self):
        assert pickup_id({"name": "  rosa   LOPEZ ", "phone": "+14155550134"}) == pickup_id(ROSA)
        assert pickup_id({**ROSA, "phone": "+14155550135"}) != pickup_id(ROSA)

    def test_today_lists_the_callers_meetings_today_by_start(
        self, clock, client_as, people, watercolour, monday, family
    ):
        other = scheduled_class(name="Clay", start=clock.monday, hours=(time(8), time(10)))
        with clock.on(7):
            mine = client_as("instructor").get("/api/attendance/today")
            everyone = client_as("admin").get("/api/attendance/today")
        assert mine.status_code == 200
        (meeting,) = mine.json()
        assert {key: value for key, value in meeting.items() if key != "attendance"} == {
            "meetingId": monday.pk,
            "classId": watercolour.pk,
            "className": "Watercolour for Kids",
            "location": "Studio 2",
            "start": clock.at(9).isoformat(),
            "end": clock.at(12).isoformat(),
            "opensAt": clock.at(8).isoformat(),
            "unitLabel": "",
            "extendedCare": None,
        }
        assert [line["name"] for line in meeting["attendance"]] == ["Leo Lopez", "Mia Lopez"]
        assert [m["className"] for m in everyone.json()] == ["Clay", "Watercolour for Kids"]
        assert everyone.json()[0]["meetingId"] == other.meetings.get().pk
        with clock.on(9, day=1):
            assert client_as("instructor").get("/api/attendance/today").json() == []

    def test_a_class_answer_gives_each_meeting_its_id(self, api_client, watercolour):
        answer = api_client.get(f"/api/classes/{watercolour.pk}").json()
        assert [meeting["id"] for meeting in answer["meetings"]] == list(
            watercolour.meetings.order_by("start").values_list("id", flat=True)
        )


class TestQueries:
    def _children(self, watercolour, count):
        parent = UserFactory(role=Role.STUDENT)
        children = []
        for _ in range(count):
            child = ChildFactory(account=parent, care=False)
            care_completed(child, pickups=[ROSA], confirmed_at=CONFIRMED)
            PaymentFactory(
                student=parent, participant=child, camp_class=watercolour, status="enrolled"
            )
            children.append(child)
        return children

    def _counted(self, client, path):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200
        return len(queries)

    def test_reading_attendance_costs_the_same_however_many_children_and_actions(
        self, clock, phone_of, watercolour, monday, family
    ):
        with clock.on(9):
            phone = phone_of("instructor")
            phone.post(family["mia"], "check_in")
            small = self._counted(phone.client, f"/api/meetings/{monday.pk}/attendance")
            today_small = self._counted(phone.client, "/api/attendance/today")
            for child in self._children(watercolour, 6):
                phone.post(child, "check_in")
                phone.post(child, "absent")
                phone.post(child, "undo")
            large = self._counted(phone.client, f"/api/meetings/{monday.pk}/attendance")
            today_large = self._counted(phone.client, "/api/attendance/today")
        assert small == large
        assert today_small == today_large


@services.postgresql_only("two connections write at once; SQLite takes one writer at a time.")
@pytest.mark.django_db(transaction=True)
def test_two_sendings_of_one_action_at_once_record_it_once(clock, people, monday, family):
    """A phone that sends again while its first sending is still on its way: both arrive
    together, and the second finds the first's row (the unique client id, read again)."""
    asked = {
        "actor": people["instructor"],
        "meeting_id": monday.pk,
        "client_id": "sent-twice-at-once",
        "participant_id": family["mia"].pk,
        "action": AttendanceActionKind.CHECK_IN,
        "at": clock.at(9),
    }
    together = threading.Barrier(2)

    def send():
        try:
            together.wait(timeout=10)
            row, created = attendance_record(**asked)
            return row.pk, created
        finally:
            connection.close()

    with clock.on(9), ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(lambda _: send(), range(2)))
    assert sorted(created for _, created in answers) == [False, True]
    assert len({pk for pk, _ in answers}) == 1
    assert AttendanceAction.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_emptying_the_database_between_tests_is_not_refused(clock, phone_of, family):
    """The test harness empties every table after a test like this one (SQLite has no TRUNCATE,
    and deletes each table's rows): the triggers let that through, once the meetings and
    children the actions are about are gone."""
    with clock.on(9):
        assert phone_of("instructor").post(family["mia"], "check_in").status_code == 201
    assert AttendanceAction.objects.count() == 1
