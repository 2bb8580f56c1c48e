"""A week's or a day's roster: who is booked on one unit of a class sold by the week, as the class
roster shows them, with the extended care each child has on the unit's days and who looks after
them. The series' instructor and admins only."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Role
from testing.dates import summer
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


@pytest.fixture
def monday():
    return summer(6, 14)


@pytest.fixture
def camp(people, monday):
    season = day_camp_season(monday)
    series = a_day_camp(season, instructor=people["instructor"], weeks=2)
    sam = UserFactory(role=Role.INSTRUCTOR, name="Sam Okafor")
    after = after_care(season, led_by=sam)
    before = before_care(season, led_by=UserFactory(role=Role.INSTRUCTOR, name="Jo Park"))
    week_1, week_2 = series.units.order_by("start_date")
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
    leo = ChildFactory(account=parent, first_name="Leo", last_name="Lopez")
    booked(
        parent,
        mia,
        week_1,
        care_day(after, monday + timedelta(days=2)),
        care_day(after, monday),
        care_day(before, monday + timedelta(days=1)),
        # A day of the next week's care is not this week's.
        care_day(after, monday + timedelta(days=7)),
    )
    booked(parent, leo, week_1, week_2)
    return {
        "series": series,
        "weeks": (week_1, week_2),
        "after": after,
        "before": before,
        "sam": sam,
        "mia": mia,
        "leo": leo,
    }


def unit_roster(client, series, unit):
    return client.get(f"/api/classes/{series.pk}/units/{unit.pk}/roster")


def test_a_weeks_roster_lists_who_is_booked_with_their_extended_care(client_as, camp, monday):
    week_1 = camp["weeks"][0]

    response = unit_roster(client_as("instructor"), camp["series"], week_1)

    assert response.status_code == 200
    lines = response.json()
    assert [line["participantName"] for line in lines] == ["Leo Lopez", "Mia Lopez"]
    assert lines[0]["extendedCare"] == []
    mia = lines[1]
    assert mia["careFlags"]["complete"] is True
    assert mia["accountName"] == "Ana Lopez"
    assert mia["extendedCare"] == [
        {
            "optionId": camp["before"].pk,
            "kind": "before",
            "label": "Before-care",
            "startTime": "07:30",
            "endTime": "09:00",
            "ledBy": "Jo Park",
            "days": [(monday + timedelta(days=1)).isoformat()],
        },
        {
            "optionId": camp["after"].pk,
            "kind": "after",
            "label": "After-care",
            "startTime": "15:00",
            "endTime": "18:00",
            "ledBy": "Sam Okafor",
            "days": [monday.isoformat(), (monday + timedelta(days=2)).isoformat()],
        },
    ]
    # The roster's own fields, as the class roster answers them.
    whole = client_as("instructor").get(f"/api/classes/{week_1.pk}/roster").json()
    assert [{k: v for k, v in line.items() if k != "extendedCare"} for line in lines] == whole


def test_the_next_weeks_roster_is_its_own(client_as, camp, monday):
    lines = unit_roster(client_as("admin"), camp["series"], camp["weeks"][1]).json()

    assert [(line["participantName"], line["extendedCare"]) for line in lines] == [
        ("Leo Lopez", [])
    ]


def test_a_unit_of_another_class_or_the_series_itself_is_not_found(client_as, camp, people):
    other = a_day_camp(camp["series"].season, instructor=people["instructor"], name="Clay Camp")
    client = client_as("instructor")

    assert unit_roster(client, other, camp["weeks"][0]).status_code == 404
    assert unit_roster(client, camp["series"], camp["series"]).status_code == 404
    assert unit_roster(client, camp["series"], camp["after"].days.first()).status_code == 404
    assert (
        client.get(f"/api/classes/{camp['series'].pk}/units/{camp['weeks'][1].pk + 999}/roster")
    ).status_code == 404


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("anonymous", 401),
        ("student", 403),
        ("other instructor", 403),
        ("instructor", 200),
        ("admin", 200),
    ],
)
def test_only_the_series_instructor_and_admins_read_it(client_as, camp, who, status):
    response = unit_roster(client_as(who), camp["series"], camp["weeks"][0])

    assert response.status_code == status
    if status != 200:
        assert "Mia" not in response.content.decode()


def test_the_care_leader_reads_their_days_not_the_weeks_roster(api_client_for, camp):
    response = unit_roster(api_client_for(camp["sam"]), camp["series"], camp["weeks"][0])

    assert response.status_code == 403


def test_the_roster_costs_the_same_however_many_children_and_days_of_care(
    api_client_for, people, camp, monday
):
    client = api_client_for(people["instructor"])
    week_1 = camp["weeks"][0]

    def counted() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert unit_roster(client, camp["series"], week_1).status_code == 200
        return len(queries)

    small = counted()
    parent = UserFactory(role=Role.STUDENT)
    for _ in range(4):
        child = ChildFactory(account=parent)
        days = [care_day(camp["after"], monday + timedelta(days=n)) for n in range(5)]
        booked(parent, child, week_1, *days, care_day(camp["before"], monday))

    assert counted() == small
