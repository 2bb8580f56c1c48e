from datetime import time, timedelta

import pytest

from accounts.models import Participant
from bench.seeding import school_seeded, series_seeded
from classes.models import Class, Meeting
from classes.schedule import Schedule, meeting_times
from enrolments.rules import RefusalKind, enrolment_refusal
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


class Catalog:
    """A class a number, each for teenagers (the school seeds them for every age), meeting on
    the Monday `number` weeks after the season's first."""

    def __init__(self, season):
        self.monday = season.starts_on + timedelta(days=7 - season.starts_on.weekday())

    def details(self, number: int, category_ids: dict[str, int]) -> dict:
        meetings = self.meetings(number)
        return {
            "name": f"Class {number}",
            "description": f"Class number {number}.",
            "category_id": category_ids["painting"],
            "age_min": 13,
            "age_max": 17,
            "start_date": meetings[0].day,
            "end_date": meetings[-1].day,
            "meeting_days": [0],
            "start_time": time(9),
            "end_time": time(12),
            "starts_at": meetings[0].start,
            "ends_at": meetings[-1].end,
        }

    def meetings(self, number: int):
        day = self.monday + timedelta(weeks=number)
        return meeting_times(Schedule(day, day, (0,), time(9), time(12)))


def test_the_families_have_the_children_asked_and_each_child_may_take_every_class():
    season = a_season(opens_in=-timedelta(hours=1))

    classes, users, children = school_seeded(
        Catalog(season),
        domain="seeding.camp.test",
        instructor_name="Seeding Instructor",
        price=45,
        classes={3: {"seats": 12, "season": season}, 5: {"seats": 0, "season": season}},
        children=[1, 2, 0],
    )

    assert [
        (c.name, c.seats)
        for c in Class.objects.filter(pk__in=[c.pk for c in classes]).order_by("pk")
    ] == [
        ("Class 3", 12),
        ("Class 5", 0),
    ]
    assert [
        list(Meeting.objects.filter(camp_class=c).values_list("day", flat=True)) for c in classes
    ] == [[Catalog(season).monday + timedelta(weeks=n)] for n in (3, 5)]
    assert [user.email for user in users] == [f"family{n}@seeding.camp.test" for n in range(3)]
    assert [
        (
            Participant.objects.filter(account=user, is_account_holder=True).count(),
            [child.first_name for child in children if child.account_id == user.pk],
        )
        for user in users
    ] == [(1, ["Child0"]), (1, ["Child0", "Child1"]), (1, [])]
    # Paperwork done and no age limits: only the full class turns a child away.
    assert [
        [
            getattr(enrolment_refusal(participant=child, camp_class=c, paying=True), "kind", None)
            for c in classes
        ]
        for child in children
    ] == [[None, RefusalKind.FULL]] * len(children)


def test_the_day_camps_weeks_are_classes_each_child_may_take_for_a_week():
    season = a_season(opens_in=-timedelta(hours=1))
    catalog = Catalog(season)
    catalog.season = catalog.monday
    [camp_class], _, [child] = school_seeded(
        catalog,
        domain="seeding.camp.test",
        instructor_name="Seeding Instructor",
        price=45,
        classes={3: {"seats": 12, "season": season}},
        children=[1],
    )

    weeks = series_seeded(
        catalog,
        season=season,
        instructor=camp_class.instructor,
        price=45,
        seats=12,
        series=2,
        weeks=3,
    )

    assert [(week.unit_of.name, week.unit_label[:6], week.seats) for week in weeks] == [
        (f"Day Camp {camp}", f"Week {nth}", 12) for camp in (1, 2) for nth in (1, 2, 3)
    ]
    assert {week.unit_of.booking for week in weeks} == {"weeks"}
    assert [
        list(Meeting.objects.filter(camp_class=week).values_list("day", flat=True))
        for week in weeks[:3]
    ] == [[catalog.monday + timedelta(weeks=nth, days=day) for day in range(5)] for nth in range(3)]
    # A week is a class like any other: the rules let the child take it, the series they refuse.
    assert enrolment_refusal(participant=child, camp_class=weeks[0], paying=True) is None
    assert (
        enrolment_refusal(participant=child, camp_class=weeks[0].unit_of, paying=True).kind
        == RefusalKind.BY_UNIT
    )
