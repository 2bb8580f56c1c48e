"""Each meeting's attendance tally (attendance.models.AttendanceTally), which the season report
adds up: kept by `attendance_record` as each action arrives, it always says what the fold of the
actions says (`attendance_line_fold`, as the attendance lists show it), through second thoughts,
undos and actions sent late from a phone that was offline; and counting every tally again from
the actions (`attendance_tallies_rebuild`, one SQL statement) gives the same."""

import uuid
from datetime import datetime, time, timedelta

import pytest
import time_machine

from accounts.models import Role
from attendance.lines import ABSENT, LEFT, PRESENT, attendance_line_fold
from attendance.models import AttendanceAction, AttendanceTally
from attendance.reports import attendance_by_class
from attendance.services import attendance_record, attendance_tallies_rebuild
from classes.models import Class
from testing.care import care_completed
from testing.dates import SCHOOL, summer
from testing.factories import ChildFactory, PaymentFactory, UserFactory, scheduled_class
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin():
    return UserFactory(role=Role.ADMIN)


@pytest.fixture
def week(admin):
    """A class on the Monday and Tuesday of a summer week, and three children in it."""
    camp_class = scheduled_class(
        start=MONDAY, end=MONDAY + timedelta(days=1), days=(0, 1), hours=(time(9), time(12))
    )
    parent = UserFactory(role=Role.STUDENT)
    children = []
    for name in ("Mia", "Leo", "Zoe"):
        child = ChildFactory(account=parent, first_name=name, care=False)
        care_completed(child, may_leave_alone=True, confirmed_at=at(0, 8))
        PaymentFactory(student=parent, participant=child, camp_class=camp_class, status="enrolled")
        children.append(child)
    monday, tuesday = camp_class.meetings.order_by("day")
    return {"class": camp_class, "monday": monday, "tuesday": tuesday, "children": children}


# The class's Monday, counted once before the clock moves: the coming summer (testing.dates) is
# counted from today, which moving the clock changes.
MONDAY = summer(6, 14)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(MONDAY + timedelta(days=day), time(hour, minute), SCHOOL)


def taken(admin, meeting, child, action: str, moment: datetime, **more):
    row, _ = attendance_record(
        actor=admin,
        meeting_id=meeting.pk,
        client_id=str(uuid.uuid4()),
        participant_id=child.pk,
        action=action,
        at=moment,
        **more,
    )
    return row


def folded(meeting) -> tuple[int, int]:
    """The meeting's attended and absent, as the fold of each child's actions has them."""
    statuses = []
    for participant_id in {action.participant_id for action in meeting.attendance_actions.all()}:
        actions = AttendanceAction.objects.filter(meeting=meeting, participant_id=participant_id)
        statuses.append(attendance_line_fold(meeting, actions).status)
    return (
        sum(status in (PRESENT, LEFT) for status in statuses),
        sum(status == ABSENT for status in statuses),
    )


def tallies() -> dict[int, tuple[int, int]]:
    return {
        tally.meeting_id: (tally.attended, tally.absent) for tally in AttendanceTally.objects.all()
    }


def test_each_tally_follows_the_fold_through_changes_undos_and_late_actions(admin, week):
    monday, tuesday = week["monday"], week["tuesday"]
    mia, leo, zoe = week["children"]
    with time_machine.travel(at(1, 18)):
        taken(admin, monday, mia, "check_in", at(0, 9))
        taken(admin, monday, mia, "check_out", at(0, 12), collected_by={"kind": "alone"})
        taken(admin, monday, leo, "absent", at(0, 9))
        # Second thoughts: Leo came after all.
        taken(admin, monday, leo, "check_in", at(0, 9, 40))
        taken(admin, monday, zoe, "absent", at(0, 9, 5))
        taken(admin, monday, zoe, "undo", at(0, 9, 6))
        assert tallies()[monday.pk] == folded(monday) == (2, 0)

        taken(admin, tuesday, zoe, "check_in", at(1, 10))
        # Sent late from a phone that was offline: taken before the check-in, so it stands first.
        taken(admin, tuesday, zoe, "absent", at(1, 9))
        taken(admin, tuesday, mia, "absent", at(1, 9))
        assert tallies()[tuesday.pk] == folded(tuesday) == (1, 1)

    built = tallies()
    assert attendance_tallies_rebuild() == 2
    assert tallies() == built == {monday.pk: (2, 0), tuesday.pk: (1, 1)}


def test_the_season_report_adds_up_the_tallies_of_the_days_asked(admin, week):
    mia, leo, zoe = week["children"]
    season = a_season(starts_on=MONDAY - timedelta(days=7))
    Class.objects.filter(pk=week["class"].pk).update(season=season)
    with time_machine.travel(at(1, 18)):
        for child in (mia, leo, zoe):
            taken(admin, week["monday"], child, "check_in", at(0, 9))
        taken(admin, week["tuesday"], mia, "absent", at(1, 9))

    [line] = attendance_by_class(season, MONDAY, MONDAY + timedelta(days=1))
    assert (line.class_id, line.meetings, line.attended, line.absent, line.rate) == (
        week["class"].pk,
        2,
        3,
        1,
        0.75,
    )
    [monday_only] = attendance_by_class(season, MONDAY, MONDAY)
    assert (monday_only.meetings, monday_only.rate) == (1, 1.0)
