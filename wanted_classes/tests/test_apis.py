"""What a family waiting in the opening's line is told of the classes it wants: those full now,
from its own selections and the class pages it looked at (GET /api/waitingRoom/fullClasses,
`wanted_classes.selectors.wanted_classes_full`)."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classes.models import Class, ClassStatus
from enrolments.services import hold_take
from testing.day_camp import a_day_camp, after_care, units
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.seasons import a_season, a_season_class
from wanted_classes.selectors import FULLNESS_KEPT_SECONDS

pytestmark = pytest.mark.django_db

FULL_CLASSES = "/api/waitingRoom/fullClasses"


def full(season, name: str, **fields) -> Class:
    return a_season_class(season, "40.00", name=name, seats=0, **fields)


def asked(client, *watching: int):
    query = {"watching": ",".join(str(class_id) for class_id in watching)} if watching else {}
    return client.get(FULL_CLASSES, query)


@pytest.fixture
def season():
    return a_season("Summer")


def test_a_family_is_told_its_selected_and_watched_classes_that_are_full(season, people, client_as):
    family = people["student"]
    child = ChildFactory(account=family, first_name="Mia")
    selected_by_the_child = full(season, "Wheel-Thrown Pottery")
    SelectionFactory(student=family, participant=child, camp_class=selected_by_the_child)
    SelectionFactory(student=family, camp_class=a_season_class(season, "40.00", name="Batik"))
    watched = full(season, "Clay Creatures")
    watched_with_seats = a_season_class(season, "40.00", name="Watercolor", seats=3)
    # Another family's selection of a full class is none of this family's.
    SelectionFactory(student=people["other student"], camp_class=full(season, "Origami"))

    answer = asked(client_as("student"), watched.pk, watched_with_seats.pk)

    assert answer.status_code == 200, answer.content
    assert answer.json() == [
        {"id": watched.pk, "name": "Clay Creatures", "unitLabel": "", "waitlistOpen": True},
        {
            "id": selected_by_the_child.pk,
            "name": "Wheel-Thrown Pottery",
            "unitLabel": "",
            "waitlistOpen": True,
        },
    ]


def test_a_visitor_is_told_only_of_the_classes_it_watched(season, people, client_as):
    SelectionFactory(student=people["student"], camp_class=full(season, "Origami"))
    watched = full(season, "Clay Creatures")

    answers = [asked(client_as("anonymous"), watched.pk), asked(client_as("anonymous"))]

    assert [answer.status_code for answer in answers] == [200, 200]
    assert [answer.json() for answer in answers] == [
        [{"id": watched.pk, "name": "Clay Creatures", "unitLabel": "", "waitlistOpen": True}],
        [],
    ]


def test_seats_held_for_others_fill_a_class_as_the_rules_count_them(season, client_as):
    held = a_season_class(season, "40.00", name="Batik", seats=1)
    hold_take(selection=SelectionFactory(camp_class=held))

    answer = asked(client_as("anonymous"), held.pk)

    assert [found["name"] for found in answer.json()] == ["Batik"]


def test_a_week_of_a_series_is_named_with_its_label_and_the_series_itself_never(season, client_as):
    series = a_day_camp(season, weeks=2)
    first_week, second_week = units(series)
    Class.objects.filter(pk=first_week.pk).update(seats=0)
    option = after_care(season, seats=0)
    care_day = option.days.first()

    answer = asked(client_as("anonymous"), series.pk, first_week.pk, second_week.pk, care_day.pk)

    assert answer.json() == [
        {
            "id": first_week.pk,
            "name": first_week.name,
            "unitLabel": first_week.unit_label,
            "waitlistOpen": True,
        }
    ]


def test_classes_a_family_cannot_wait_for_are_not_named(season, client_as):
    pending = full(season, "Pending")
    Class.objects.filter(pk=pending.pk).update(status=ClassStatus.PENDING)
    closed = full(season, "Closed", registration_closes_at=timezone.now() - timedelta(hours=1))
    past = a_season("Spring", opens_in=-timedelta(days=40), closes_at=timezone.now())
    in_a_closed_season = full(past, "Spring pottery")

    answer = asked(client_as("anonymous"), pending.pk, closed.pk, in_a_closed_season.pk, 999_999)

    assert answer.json() == []


def test_a_class_filled_by_early_access_waits_for_the_opening_to_take_a_waitlist(client_as):
    opening_soon = a_season("Autumn", opens_in=timedelta(hours=1), early_by=timedelta(days=1))
    filled_early = full(opening_soon, "Early Birds")

    answer = asked(client_as("anonymous"), filled_early.pk)

    assert answer.json() == [
        {"id": filled_early.pk, "name": "Early Birds", "unitLabel": "", "waitlistOpen": False}
    ]


@pytest.mark.parametrize(
    "watching", ["3,x", "-3", "3.5", "1,2,3,4,5,6,7,8,9,10,11", "123456789012"]
)
def test_watched_ids_that_are_not_ids_answer_400_naming_the_field(client_as, watching):
    answer = client_as("student").get(FULL_CLASSES, {"watching": watching})

    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["watching"]


def test_each_class_s_fullness_is_kept_a_few_seconds_for_every_family(season, client_as):
    watched = full(season, "Clay Creatures")
    SelectionFactory(student=UserFactory(), camp_class=watched)

    with time_machine.travel(timezone.now(), tick=False) as clock:
        first = asked(client_as("anonymous"), watched.pk)
        Class.objects.filter(pk=watched.pk).update(seats=1)
        with CaptureQueriesContext(connection) as kept:
            again = asked(client_as("student"), watched.pk)
        # Counted now: the next request empties the connection's log of queries.
        queries = len(kept)
        clock.shift(FULLNESS_KEPT_SECONDS + 1)
        later = asked(client_as("anonymous"), watched.pk)

    assert [found["id"] for found in first.json()] == [watched.pk]
    # Another family, within the seconds kept: its caller and its selections, no class read.
    assert [found["id"] for found in again.json()] == [watched.pk]
    assert queries == 2
    assert later.json() == []
