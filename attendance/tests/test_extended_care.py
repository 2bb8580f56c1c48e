"""Extended care on the days of camp. A week of a class is a class, and a day of after-care is a
class led by its leader: its Today shows the children with the class each comes from, and a
class's Today shows who goes to before- and after-care and with whom. A child checked in to
before-care is handed over to their class (checked out of the one and in to the other in one
step), handed from their class to after-care the same way, and checked out of after-care only
to someone on their list, as from a class."""

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from accounts.models import Role
from attendance.lines import pickup_id
from attendance.models import AttendanceAction, AttendanceTally, CollectorKind
from attendance.services import attendance_hand_over, attendance_record
from core.errors import Conflict
from testing import services
from testing.care import care_completed
from testing.dates import SCHOOL, summer
from testing.day_camp import (
    a_day_camp,
    after_care,
    before_care,
    booked,
    care_day,
    day_camp_season,
)
from testing.factories import ChildFactory, UserFactory

pytestmark = pytest.mark.django_db

ROSA = {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"}


class Clock:
    """Moments of the camp's first Monday at the school."""

    def __init__(self, monday: date):
        self.monday = monday

    def at(self, hour: int, minute: int = 0) -> datetime:
        return datetime.combine(self.monday, time(hour, minute), SCHOOL)

    def on(self, hour: int, minute: int = 0):
        return time_machine.travel(self.at(hour, minute), tick=False)


@pytest.fixture
def clock() -> Clock:
    return Clock(summer(6, 14))


@pytest.fixture
def camp(people, clock):
    """Art Adventures by the week (Maya); Mia on week 1 with before-care (Jo) and after-care
    (Sam) on Monday, collected by her parent or her aunt Rosa; Leo on week 1 with no care."""
    monday = clock.monday
    season = day_camp_season(monday)
    series = a_day_camp(
        season, instructor=people["instructor"], weeks=2, name="Art Adventures", location="Studio 1"
    )
    sam = UserFactory(role=Role.INSTRUCTOR, name="Sam Okafor")
    jo = UserFactory(role=Role.INSTRUCTOR, name="Jo Park")
    after = care_day(after_care(season, led_by=sam), monday)
    before = care_day(before_care(season, led_by=jo), monday)
    week_1 = series.units.order_by("start_date").first()
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez", care=False)
    care_completed(mia, pickups=[ROSA], confirmed_at=clock.at(8) - timedelta(days=7))
    leo = ChildFactory(account=parent, first_name="Leo", last_name="Lopez")
    booked(parent, mia, week_1, after, before)
    booked(parent, leo, week_1)
    return {
        "series": series,
        "week": week_1,
        "class": week_1.meetings.get(day=monday),
        "after": after.meetings.get(),
        "before": before.meetings.get(),
        "sam": sam,
        "jo": jo,
        "parent": parent,
        "mia": mia,
        "leo": leo,
    }


@pytest.fixture
def staff(api_client_for, people, camp):
    """A client for Maya (the class), Jo (before-care), Sam (after-care) or an admin; its token
    made on the moved clock."""
    everyone = {"maya": people["instructor"], "jo": camp["jo"], "sam": camp["sam"]}
    everyone["admin"] = people["admin"]
    return lambda who: api_client_for(everyone[who])


def post(client, meeting, path, **body):
    return client.post(
        f"/api/meetings/{meeting.pk}/{path}",
        {"clientId": str(uuid.uuid4()), "at": timezone.now().isoformat(), **body},
        format="json",
    )


def hand_over(client, camp, source, to, child=None, **body):
    child = child or camp["mia"]
    return post(
        client, camp[source], "handOver", participantId=child.pk, toMeetingId=camp[to].pk, **body
    )


def lines_of(client, meeting):
    answer = client.get(f"/api/meetings/{meeting.pk}/attendance").json()
    return {line["name"]: line for line in answer}


class TestToday:
    def test_a_weeks_today_shows_who_goes_to_before_and_after_care_and_with_whom(
        self, clock, staff, camp
    ):
        with clock.on(8, 30):
            (meeting,) = staff("maya").get("/api/attendance/today").json()
        assert meeting["className"] == "Art Adventures"
        assert meeting["unitLabel"] == camp["week"].unit_label
        assert meeting["unitLabel"].startswith("Week 1: ")
        assert meeting["extendedCare"] is None
        leo, mia = meeting["attendance"]
        assert (leo["name"], leo["extendedCare"]) == ("Leo Lopez", [])
        assert mia["extendedCare"] == [
            {
                "meetingId": camp["before"].pk,
                "classId": camp["before"].camp_class_id,
                "kind": "before",
                "label": "Before-care",
                "start": clock.at(7, 30).isoformat(),
                "end": clock.at(9).isoformat(),
                "ledBy": "Jo Park",
            },
            {
                "meetingId": camp["after"].pk,
                "classId": camp["after"].camp_class_id,
                "kind": "after",
                "label": "After-care",
                "start": clock.at(15).isoformat(),
                "end": clock.at(18).isoformat(),
                "ledBy": "Sam Okafor",
            },
        ]
        # Her day's classes beyond this one: none.
        assert mia["classesToday"] == []

    def test_the_leaders_today_shows_after_care_with_the_class_each_child_comes_from(
        self, clock, staff, camp
    ):
        with clock.on(14, 30):
            (meeting,) = staff("sam").get("/api/attendance/today").json()
        assert {key: meeting[key] for key in ("className", "unitLabel", "extendedCare")} == {
            "className": "After-care",
            "unitLabel": camp["after"].camp_class.unit_label,
            "extendedCare": {"kind": "after", "label": "After-care", "ledBy": "Sam Okafor"},
        }
        (mia,) = meeting["attendance"]
        assert mia["name"] == "Mia Lopez"
        assert mia["classesToday"] == [
            {
                "meetingId": camp["class"].pk,
                "classId": camp["week"].pk,
                "className": "Art Adventures",
                "unitLabel": camp["week"].unit_label,
                "start": clock.at(9).isoformat(),
                "end": clock.at(15).isoformat(),
            }
        ]
        assert [care["kind"] for care in mia["extendedCare"]] == ["before"]


class TestHandOver:
    def test_before_care_hands_the_child_over_to_their_class_in_one_step(
        self, clock, staff, camp, api_client_for
    ):
        with clock.on(7, 40):
            assert (
                post(
                    staff("jo"),
                    camp["before"],
                    "attendance",
                    participantId=camp["mia"].pk,
                    action="check_in",
                ).status_code
                == 201
            )
        with clock.on(8, 55):
            jo = staff("jo")
            sent = {"clientId": "hand-over-mia-0001"}
            handed = hand_over(jo, camp, "before", "class", **sent)
            again = hand_over(jo, camp, "before", "class", **sent)
            before = lines_of(jo, camp["before"])["Mia Lopez"]
            in_class = lines_of(staff("maya"), camp["class"])["Mia Lopez"]
        assert handed.status_code == 201, handed.json()
        assert again.status_code == 200
        assert again.json() == handed.json()
        answer = handed.json()
        assert answer["checkedOut"]["action"] == "check_out"
        assert answer["checkedIn"]["action"] == "check_in"
        assert answer["checkedIn"]["line"]["status"] == "present"
        assert before["status"] == "left"
        assert before["collectedBy"] == {
            "kind": "handover",
            "id": str(camp["class"].pk),
            "name": "Art Adventures",
        }
        assert (in_class["status"], in_class["checkedInAt"], in_class["lastActionBy"]) == (
            "present",
            clock.at(8, 55).isoformat(),
            "Jo Park",
        )
        assert AttendanceAction.objects.count() == 3
        seats = api_client_for(camp["parent"]).get(f"/api/enrolledStudent/{camp['parent'].email}")
        days = {seat["nameClass"]: seat["attendance"] for seat in seats.json()}
        assert [(day["collectedBy"], day["handedOverTo"]) for day in days["Before-care"]] == [
            (None, "Art Adventures")
        ]
        tallies = AttendanceTally.objects.filter(meeting__in=[camp["before"], camp["class"]])
        assert sorted(tallies.values_list("attended", flat=True)) == [1, 1]

    def test_the_class_hands_the_child_to_after_care_who_checks_her_out_to_her_list(
        self, clock, staff, camp
    ):
        mia = camp["mia"]
        with clock.on(9):
            post(
                staff("maya"), camp["class"], "attendance", participantId=mia.pk, action="check_in"
            )
        with clock.on(15):
            handed = hand_over(staff("maya"), camp, "class", "after")
        with clock.on(17, 30):
            sam = staff("sam")
            stranger = post(
                sam,
                camp["after"],
                "attendance",
                participantId=mia.pk,
                action="check_out",
                collectedBy={"kind": "other", "name": "Bo"},
            )
            as_hand_over = post(
                sam,
                camp["after"],
                "attendance",
                participantId=mia.pk,
                action="check_out",
                collectedBy={"kind": "handover", "id": str(camp["class"].pk)},
            )
            rosa = post(
                sam,
                camp["after"],
                "attendance",
                participantId=mia.pk,
                action="check_out",
                collectedBy={"kind": "pickup", "id": pickup_id(ROSA)},
            )
        assert handed.status_code == 201, handed.json()
        assert handed.json()["checkedOut"]["line"]["collectedBy"]["name"] == "After-care"
        assert stranger.status_code == 400
        assert "Bo is not on Mia Lopez's list" in str(stranger.json())
        assert as_hand_over.status_code == 400
        assert rosa.status_code == 201, rosa.json()
        assert rosa.json()["line"]["collectedBy"] == {
            "kind": "pickup",
            "id": pickup_id(ROSA),
            "name": "Rosa Lopez",
        }

    def test_a_child_not_checked_in_is_not_handed_over(self, clock, staff, camp):
        with clock.on(8, 55):
            refused = hand_over(staff("jo"), camp, "before", "class")
        assert refused.status_code == 409
        assert refused.json()["message"] == "Mia Lopez is not checked in, so cannot be handed over."
        assert not AttendanceAction.objects.exists()

    def test_only_from_before_care_to_a_class_or_a_class_to_after_care(self, clock, staff, camp):
        with clock.on(8):
            admin = staff("admin")
            post(
                admin, camp["before"], "attendance", participantId=camp["mia"].pk, action="check_in"
            )
            skipping = hand_over(admin, camp, "before", "after")
            # Leo holds no seat in before-care.
            leo = hand_over(admin, camp, "class", "after", child=camp["leo"])
        assert skipping.status_code == 400
        assert "toMeetingId" in skipping.json()["errors"]
        assert leo.status_code == 400
        assert AttendanceAction.objects.count() == 1

    def test_a_meeting_id_past_the_databases_range_is_refused_as_input(self, clock, staff, camp):
        with clock.on(8):
            refused = post(
                staff("admin"), camp["before"], "handOver", participantId=2**64, toMeetingId=2**64
            )
        assert refused.status_code == 400
        assert set(refused.json()["errors"]) == {"participantId", "toMeetingId"}

    def test_another_leaders_meeting_is_as_good_as_absent(self, clock, staff, camp):
        with clock.on(7, 40):
            post(
                staff("jo"),
                camp["before"],
                "attendance",
                participantId=camp["mia"].pk,
                action="check_in",
            )
        with clock.on(8, 55):
            refused = hand_over(staff("sam"), camp, "before", "class")
        assert refused.status_code == 404
        assert AttendanceAction.objects.count() == 1

    def test_a_hand_over_names_the_meeting_the_child_went_to(self, clock, camp, people):
        with pytest.raises(IntegrityError), transaction.atomic():
            AttendanceAction.objects.create(
                meeting=camp["before"],
                participant=camp["mia"],
                action="check_out",
                at=clock.at(9),
                client_id="no-meeting-named",
                by=people["admin"],
                by_name="Admin",
                collected_by_kind=CollectorKind.HANDED_OVER,
                collected_by_name="Art Adventures",
            )


def _at_once(clock, hand_over, count=2):
    """`hand_over(n)` sent from `count` connections together, each answer or refusal kept."""
    together = threading.Barrier(count)

    def send(n):
        try:
            together.wait(timeout=10)
            return hand_over(n)
        except Conflict as refused:
            return refused
        finally:
            connection.close()

    with clock.on(8, 55), ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(send, range(count)))


@services.postgresql_only("two connections write at once; SQLite takes one writer at a time.")
@pytest.mark.django_db(transaction=True)
def test_a_hand_over_sent_twice_at_once_is_recorded_once(clock, camp):
    jo = camp["jo"]
    with clock.on(7, 40):
        attendance_record(
            actor=jo,
            meeting_id=camp["before"].pk,
            client_id="mia-in-before",
            participant_id=camp["mia"].pk,
            action="check_in",
            at=clock.at(7, 40),
        )

    def hand_over(_):
        return attendance_hand_over(
            actor=jo,
            meeting_id=camp["before"].pk,
            to_meeting_id=camp["class"].pk,
            client_id="mia-handed-over",
            participant_id=camp["mia"].pk,
            at=clock.at(8, 55),
        )

    answers = _at_once(clock, hand_over)
    assert sorted(created for _, _, created in answers) == [False, True]
    assert len({(out.pk, into.pk) for out, into, _ in answers}) == 1
    assert AttendanceAction.objects.count() == 3


@services.postgresql_only("two connections write at once; SQLite takes one writer at a time.")
@pytest.mark.django_db(transaction=True)
def test_two_phones_handing_one_child_over_at_once_record_one_hand_over(clock, camp, people):
    """Jo hands Mia over from before-care while an admin does the same: the second waits for the
    first's locks and finds her gone, so she is checked in to her class once."""
    with clock.on(7, 40):
        attendance_record(
            actor=camp["jo"],
            meeting_id=camp["before"].pk,
            client_id="mia-in-1",
            participant_id=camp["mia"].pk,
            action="check_in",
            at=clock.at(7, 40),
        )

    def hand_over(n):
        return attendance_hand_over(
            actor=(camp["jo"], people["admin"])[n],
            meeting_id=camp["before"].pk,
            to_meeting_id=camp["class"].pk,
            client_id=f"hand-over-{n}",
            participant_id=camp["mia"].pk,
            at=clock.at(8, 55),
        )

    answers = _at_once(clock, hand_over)
    assert sorted(type(answer).__name__ for answer in answers) == ["Conflict", "tuple"]
    assert AttendanceAction.objects.count() == 3
