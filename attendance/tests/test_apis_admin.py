"""The school's reads of attendance (attendance.apis_admin, attendance.selectors):
a day's counts per meeting, the children still here and a day's CSV, for admins only; and each
family's view of their own children's attendance on My Enrolled Classes. On a moved clock."""

import csv
import io
import uuid
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework import serializers

from accounts.models import Role
from attendance.lines import attendance_lines_by_meeting
from attendance.selectors import attendance_counts_on
from attendance.services import attendance_record
from classes.models import Meeting
from core.school_time import school_timezone
from testing.care import care_completed
from testing.dates import summer
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

DAY = summer(6, 14)
CONTACTS = [
    {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
    {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"},
]
iso = serializers.DateTimeField().to_representation


def at(hour: int, minute: int = 0, day=DAY) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=school_timezone())


class Camp:
    """Clay Creatures, 9:00 to 12:00 on DAY, and Loom Weaving, 14:00 to 16:00, both Maya's; the
    Silvas' Mia and Leo and the Ortizes' Ivo and Zoe in Clay Creatures, Zoe in Loom Weaving too.
    """

    def __init__(self):
        self.instructor = UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist")
        self.admin = UserFactory(role=Role.ADMIN, name="Rosa Admin")
        self.clay = self.camp_class("Clay Creatures", time(9), time(12))
        self.loom = self.camp_class("Loom Weaving", time(14), time(16))
        self.silva = UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")
        self.ortiz = UserFactory(role=Role.STUDENT, name="Ben Ortiz", email="ben@camp.test")
        self.mia = self.child(self.silva, "Mia", self.clay)
        self.leo = self.child(self.silva, "Leo", self.clay)
        self.ivo = self.child(self.ortiz, "Ivo", self.clay)
        self.zoe = self.child(self.ortiz, "Zoe", self.clay, self.loom)

    def camp_class(self, name, start, end):
        camp_class = scheduled_class(
            name=name, start=DAY, days=(DAY.weekday(),), hours=(start, end),
            instructor=self.instructor,
        )  # fmt: skip
        return camp_class

    def meeting(self, camp_class) -> Meeting:
        return Meeting.objects.get(camp_class=camp_class)

    def child(self, family, first_name, *classes):
        child = ChildFactory(account=family, first_name=first_name, care=False)
        care_completed(child, emergency_contacts=CONTACTS)
        for camp_class in classes:
            EnrolmentFactory(student=family, participant=child, camp_class=camp_class)
        return child

    def record(self, child, action, camp_class=None, *, actor=None, when=None, **more):
        attendance_record(
            actor=actor or self.instructor,
            meeting_id=self.meeting(camp_class or self.clay).pk,
            client_id=uuid.uuid4().hex,
            participant_id=child.pk,
            action=action,
            at=when or timezone.now(),
            **more,
        )


@pytest.fixture
def camp():
    """By 10:00: Mia checked in; Leo checked in and collected by his mother; Ivo absent; Zoe
    not seen yet."""
    camp = Camp()
    with time_machine.travel(at(9, 5), tick=False):
        camp.record(camp.mia, "check_in")
        camp.record(camp.leo, "check_in")
        camp.record(camp.ivo, "absent")
    with time_machine.travel(at(9, 40), tick=False):
        guardian = {"kind": "guardian", "id": str(camp.silva.pk)}
        camp.record(camp.leo, "check_out", collected_by=guardian)
    return camp


@pytest.fixture
def on_the_day():
    with time_machine.travel(at(10), tick=False):
        yield


def counts(camp, camp_class, **numbers):
    meeting = camp.meeting(camp_class)
    return {
        "meetingId": meeting.pk,
        "classId": camp_class.pk,
        "className": camp_class.name,
        "day": DAY.isoformat(),
        "start": iso(meeting.start),
        "end": iso(meeting.end),
        "expected": 0,
        "present": 0,
        "absent": 0,
        "left": 0,
        "stillHere": 0,
        **numbers,
    }


# --- A day's counts.


def test_an_admin_reads_each_meeting_of_a_day_with_its_counts(camp, on_the_day, api_client_for):
    as_admin = api_client_for(camp.admin)

    answer = as_admin.get(f"/api/attendance?day={DAY.isoformat()}")

    assert answer.status_code == 200
    assert answer.json() == [
        counts(camp, camp.clay, expected=1, present=1, absent=1, left=1, stillHere=1),
        counts(camp, camp.loom, expected=1),
    ]
    one_class = as_admin.get(f"/api/attendance?day={DAY.isoformat()}&classId={camp.loom.pk}")
    assert one_class.json() == [counts(camp, camp.loom, expected=1)]
    the_day_after = as_admin.get(f"/api/attendance?day={(DAY + timedelta(days=1)).isoformat()}")
    assert the_day_after.json() == []


def test_the_day_is_today_at_the_school_when_left_out(camp, on_the_day, api_client_for):
    answer = api_client_for(camp.admin).get("/api/attendance")

    assert [row["meetingId"] for row in answer.json()] == [
        camp.meeting(camp.clay).pk,
        camp.meeting(camp.loom).pk,
    ]


@pytest.mark.parametrize("day", ["14/06/2027", "2027-02-30", "tomorrow"])
def test_a_day_that_is_no_date_is_refused_naming_day(camp, on_the_day, api_client_for, day):
    for path in ("/api/attendance", "/api/attendance.csv"):
        answer = api_client_for(camp.admin).get(path, {"day": day})

        assert answer.status_code == 400
        assert list(answer.json()["errors"]) == ["day"]


def test_the_counts_are_the_fold_s_after_undos_and_two_staff_on_one_child(camp):
    admin = camp.admin
    with time_machine.travel(at(9, 10), tick=False):
        # Mia's check-in undone: she is expected again.
        camp.record(camp.mia, "undo")
    with time_machine.travel(at(10, 30), tick=False):
        # The instructor checks Zoe in at 10:20 (sent late, from a phone that was offline); the
        # admin marked her absent at 10:10: the later action by the time taken stands.
        camp.record(camp.zoe, "absent", actor=admin, when=at(10, 10))
        camp.record(camp.zoe, "check_in", when=at(10, 20))

    [clay, loom] = attendance_counts_on(day=DAY)
    lines = attendance_lines_by_meeting([clay.meeting, loom.meeting], reader=None, part=None)

    for counted in (clay, loom):
        statuses = [line.fold.status for line in lines[counted.meeting.pk]]
        assert (counted.expected, counted.present, counted.absent, counted.left) == tuple(
            statuses.count(status) for status in ("expected", "present", "absent", "left")
        )
    assert (clay.expected, clay.present, clay.absent, clay.left) == (1, 1, 1, 1)


# --- Still here.


def test_still_here_lists_children_checked_in_and_not_out_today_with_whom_to_call(
    camp, api_client_for
):
    with time_machine.travel(at(14, 5), tick=False):
        camp.record(camp.zoe, "check_in", camp.loom)
    with time_machine.travel(at(14, 10), tick=False):
        answer = api_client_for(camp.admin).get("/api/attendance/still-here")

    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-store"
    assert answer.json() == [
        {
            "participantId": camp.mia.pk,
            "name": "Mia Silva",
            "classId": camp.clay.pk,
            "className": "Clay Creatures",
            "meetingId": camp.meeting(camp.clay).pk,
            "checkedInAt": iso(at(9, 5)),
            "emergencyContacts": CONTACTS,
        },
        {
            "participantId": camp.zoe.pk,
            "name": "Zoe Ortiz",
            "classId": camp.loom.pk,
            "className": "Loom Weaving",
            "meetingId": camp.meeting(camp.loom).pk,
            "checkedInAt": iso(at(14, 5)),
            "emergencyContacts": CONTACTS,
        },
    ]


def test_still_here_is_today_s_only(camp, api_client_for):
    with time_machine.travel(at(9, day=DAY + timedelta(days=1)), tick=False):
        answer = api_client_for(camp.admin).get("/api/attendance/still-here")

    assert answer.json() == []


# --- The CSV.


def test_the_csv_has_a_row_per_child_per_meeting_and_no_cell_a_spreadsheet_runs(
    camp, on_the_day, api_client_for
):
    camp.ivo.first_name = '=HYPERLINK("https://evil.test","Ivo")'
    camp.ivo.save()

    answer = api_client_for(camp.admin).get(f"/api/attendance.csv?day={DAY.isoformat()}")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert answer["Content-Disposition"] == f'attachment; filename="attendance-{DAY}.csv"'
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == [
        "day", "class", "meeting start", "meeting end", "participant", "status", "checked in",
        "checked out", "late", "early", "collected by", "collector", "override reason",
        "last action by",
    ]  # fmt: skip
    start, end = at(9).isoformat(timespec="minutes"), at(12).isoformat(timespec="minutes")
    clay = [DAY.isoformat(), "Clay Creatures", start, end]
    assert rows[1:] == [
        [*clay, '\'=HYPERLINK("https://evil.test","Ivo") Ortiz', "absent", "", "", "", "", "", "",
         "", "Maya Lindqvist"],
        [*clay, "Leo Silva", "left", at(9, 5).isoformat(timespec="minutes"),
         at(9, 40).isoformat(timespec="minutes"), "yes", "yes", "Ana Silva", "guardian", "",
         "Maya Lindqvist"],
        [*clay, "Mia Silva", "present", at(9, 5).isoformat(timespec="minutes"), "", "yes", "",
         "", "", "", "Maya Lindqvist"],
        [*clay, "Zoe Ortiz", "expected", "", "", "", "", "", "", "", ""],
        [DAY.isoformat(), "Loom Weaving", at(14).isoformat(timespec="minutes"),
         at(16).isoformat(timespec="minutes"), "Zoe Ortiz", "expected", "", "", "", "", "", "",
         "", ""],
    ]  # fmt: skip
    one_class = api_client_for(camp.admin).get(
        f"/api/attendance.csv?day={DAY.isoformat()}&classId={camp.loom.pk}"
    )
    assert len(list(csv.reader(io.StringIO(one_class.content.decode())))) == 2


# --- Who may read them.

ADMIN_READS = ["/api/attendance", "/api/attendance/still-here", "/api/attendance.csv"]


@pytest.mark.parametrize("path", ADMIN_READS)
def test_instructors_families_and_strangers_are_refused(
    camp, on_the_day, path, api_client, api_client_for
):
    assert api_client.get(path).status_code == 401
    # The class's own instructor takes its attendance on the meeting's roster, not here.
    assert api_client_for(camp.instructor).get(path).status_code == 403
    refused = api_client_for(camp.silva).get(path)
    assert refused.status_code == 403
    assert "Mia" not in refused.content.decode()


# --- Queries.


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as counted:
        assert call().status_code == 200
    return len(counted.captured_queries)


def test_the_admin_reads_cost_the_same_queries_for_a_bigger_day(camp, on_the_day, api_client_for):
    as_admin = api_client_for(camp.admin)
    calls = [
        lambda: as_admin.get(f"/api/attendance?day={DAY.isoformat()}"),
        lambda: as_admin.get("/api/attendance/still-here"),
        lambda: as_admin.get(f"/api/attendance.csv?day={DAY.isoformat()}"),
    ]
    small = [_queries(call) for call in calls]

    for number in range(3):
        camp_class = camp.camp_class(f"Class {number}", time(9), time(11))
        for first_name in ("Ada", "Bo", "Cy"):
            child = camp.child(camp.silva, f"{first_name}{number}", camp_class)
            camp.record(child, "check_in", camp_class)

    assert [_queries(call) for call in calls] == small
    assert small[0] == 3  # the caller, the meetings with their seats, the lines' last actions


# --- Families.


def attendance_of(answer) -> dict:
    return {(row["participantName"], row["nameClass"]): row["attendance"] for row in answer.json()}


def test_a_family_sees_their_own_children_s_attendance_on_their_enrolled_classes(
    camp, api_client_for
):
    with time_machine.travel(at(10, day=DAY + timedelta(days=1)), tick=False):
        as_silva = api_client_for(camp.silva)
        answer = as_silva.get("/api/enrolledStudent/ana@camp.test")
        refused = as_silva.get("/api/enrolledStudent/ben@camp.test")

    assert answer.status_code == 200
    clay = camp.meeting(camp.clay)
    assert attendance_of(answer) == {
        ("Mia Silva", "Clay Creatures"): [
            {
                "meetingId": clay.pk,
                "day": DAY.isoformat(),
                "status": "present",
                "checkedInAt": iso(at(9, 5)),
                "checkedOutAt": None,
                "collectedBy": None,
                "handedOverTo": None,
            }
        ],
        ("Leo Silva", "Clay Creatures"): [
            {
                "meetingId": clay.pk,
                "day": DAY.isoformat(),
                "status": "left",
                "checkedInAt": iso(at(9, 5)),
                "checkedOutAt": iso(at(9, 40)),
                "collectedBy": "Ana Silva",
                "handedOverTo": None,
            }
        ],
    }
    # The spec's fields of an enrolled class are all still there.
    assert {"_id", "nameClass", "participantId", "participantName", "enrolmentId"} <= set(
        answer.json()[0]
    )
    assert refused.status_code == 403


def test_another_family_sees_only_their_own(camp, api_client_for):
    with time_machine.travel(at(10), tick=False):
        answer = api_client_for(camp.ortiz).get("/api/enrolledStudent/ben@camp.test")

    assert attendance_of(answer) == {
        ("Ivo Ortiz", "Clay Creatures"): [
            {
                "meetingId": camp.meeting(camp.clay).pk,
                "day": DAY.isoformat(),
                "status": "absent",
                "checkedInAt": None,
                "checkedOutAt": None,
                "collectedBy": None,
                "handedOverTo": None,
            }
        ],
        ("Zoe Ortiz", "Clay Creatures"): [],
        ("Zoe Ortiz", "Loom Weaving"): [],
    }


def test_attendance_costs_the_family_s_list_one_query_however_many_meetings(camp, api_client_for):
    path = "/api/enrolledStudent/ana@camp.test"
    with time_machine.travel(at(10), tick=False):
        as_silva = api_client_for(camp.silva)
        few = _queries(lambda: as_silva.get(path))
        few_paged = _queries(lambda: as_silva.get(f"{path}?page=1&page_size=10"))

    for number in range(3):
        day = DAY + timedelta(days=7 * (number + 1))
        camp_class = scheduled_class(
            name=f"Class {number}", start=day, days=(day.weekday(),), hours=(time(9), time(12)),
            instructor=camp.instructor,
        )  # fmt: skip
        EnrolmentFactory(student=camp.silva, participant=camp.mia, camp_class=camp_class)
        with time_machine.travel(at(9, 5, day=day), tick=False):
            camp.record(camp.mia, "check_in", camp_class)
    with time_machine.travel(at(10, day=DAY + timedelta(days=30)), tick=False):
        as_silva = api_client_for(camp.silva)
        many = _queries(lambda: as_silva.get(path))
        many_paged = _queries(lambda: as_silva.get(f"{path}?page=1&page_size=10"))
        assert len(as_silva.get(path).json()) == 5

    assert (many, many_paged) == (few, few_paged)
