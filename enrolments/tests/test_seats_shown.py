"""The class lists stay cached while families hold and take seats: each list's seats free are
written in at every serving, from the holds read again only after one changed
(`enrolments.holds_shown`), and so are the seats left and enrolled of a class a seat was taken in
(`classes.selectors.SEAT_FIGURES`). The lists those figures filter or order are built again; a
class edit still empties the cache. Every change shows at once.

These tests commit, as the server does: the holds are read again only once a change commits.
"""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from classes.models import Class, ClassStatus
from core import public_cache
from enrolments.models import SeatHold
from enrolments.services import seat_take
from testing.factories import ChildFactory, ClassFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

CLASS_LISTS = [
    "/api/classes",
    "/api/classes?status=Approved&page=1&page_size=24",
    "/api/classes?hasSeats=true",
    "/api/popularClasses",
]


@pytest.fixture
def pottery():
    return ClassFactory(status=ClassStatus.APPROVED, name="Wheel-Thrown Pottery", seats=3)


def seats_free_listed(client, path: str, camp_class: Class) -> int:
    answer = client.get(path)
    assert answer.status_code == 200
    rows = answer.json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    (row,) = [row for row in rows if row["_id"] == camp_class.pk]
    return row["seatsFree"]


def hold(camp_class: Class, *, minutes: int = 10) -> SeatHold:
    family = UserFactory()
    return SeatHold.objects.create(
        student=family,
        participant=ChildFactory(account=family),
        camp_class=camp_class,
        expires_at=timezone.now() + timedelta(minutes=minutes),
    )


@pytest.mark.parametrize("path", CLASS_LISTS)
def test_a_hold_shows_in_a_cached_list_without_emptying_it(
    api_client, pottery, path, django_assert_num_queries
):
    assert seats_free_listed(api_client, path, pottery) == 3
    generation = public_cache.shared_generation()

    held = hold(pottery)

    assert public_cache.shared_generation() == generation
    # The list itself is not built again: only the holds are read.
    with django_assert_num_queries(1):
        assert seats_free_listed(api_client, path, pottery) == 2
    with django_assert_num_queries(0):
        assert seats_free_listed(api_client, path, pottery) == 2

    held.delete()

    assert seats_free_listed(api_client, path, pottery) == 3
    assert public_cache.shared_generation() == generation


def test_a_hold_that_runs_out_stops_counting_with_no_write(api_client, pottery):
    hold(pottery, minutes=10)
    assert seats_free_listed(api_client, "/api/classes", pottery) == 2

    with time_machine.travel(timezone.now() + timedelta(minutes=11)):
        assert seats_free_listed(api_client, "/api/classes", pottery) == 3


def test_an_extended_hold_is_read_again(api_client, pottery):
    held = hold(pottery, minutes=1)
    assert seats_free_listed(api_client, "/api/classes", pottery) == 2

    SeatHold.objects.filter(pk=held.pk).update(expires_at=timezone.now() + timedelta(minutes=30))

    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        assert seats_free_listed(api_client, "/api/classes", pottery) == 2


def test_every_seat_held_shows_none_free_never_fewer(api_client, pottery):
    for _ in range(3):
        hold(pottery)

    assert seats_free_listed(api_client, "/api/classes", pottery) == 0
    assert seats_free_listed(api_client, "/api/classes?hasSeats=true", pottery) == 0


def test_a_new_enrolment_and_a_class_edit_show_at_once(api_client, pottery):
    hold(pottery)
    assert seats_free_listed(api_client, "/api/classes", pottery) == 2
    family = UserFactory()

    seat_take(
        student_id=family.pk, participant=ChildFactory(account=family), camp_class_id=pottery.pk
    )

    assert seats_free_listed(api_client, "/api/classes", pottery) == 1
    Class.objects.filter(pk=pottery.pk).update(seats=10)
    assert seats_free_listed(api_client, "/api/classes", pottery) == 9


def test_the_instructor_s_page_shows_the_hold_too(api_client, pottery):
    path = f"/api/instructors/{pottery.instructor_id}"
    assert api_client.get(path).json()["classes"][0]["seatsFree"] == 3

    hold(pottery)

    assert api_client.get(path).json()["classes"][0]["seatsFree"] == 2


def listed_row(client, path: str, camp_class: Class) -> dict:
    rows = client.get(path).json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    (row,) = [row for row in rows if row["_id"] == camp_class.pk]
    return {name: row[name] for name in ("seats", "seatsFree", "enroll")}


def take_a_seat(camp_class: Class) -> None:
    family = UserFactory()
    seat_take(
        student_id=family.pk, participant=ChildFactory(account=family), camp_class_id=camp_class.pk
    )


def test_a_seat_taken_shows_in_every_cached_list_without_emptying_them(
    api_client, pottery, django_assert_num_queries
):
    weaving = ClassFactory(status=ClassStatus.APPROVED, name="Loom Weaving", seats=5)
    lists = ["/api/classes", "/api/classes?status=Approved&page=1&page_size=24"]
    for path in lists:
        assert listed_row(api_client, path, pottery) == {"seats": 3, "seatsFree": 3, "enroll": 0}
    generation = public_cache.shared_generation()
    hold(pottery)

    take_a_seat(pottery)

    assert public_cache.shared_generation() == generation
    # Not built again: the seats of the class that moved, and the holds, are read once.
    with django_assert_num_queries(2):
        assert listed_row(api_client, lists[0], pottery) == {
            "seats": 2,
            "seatsFree": 1,
            "enroll": 1,
        }
    with django_assert_num_queries(0):
        assert listed_row(api_client, lists[1], pottery) == {
            "seats": 2,
            "seatsFree": 1,
            "enroll": 1,
        }
        assert listed_row(api_client, lists[0], weaving) == {
            "seats": 5,
            "seatsFree": 5,
            "enroll": 0,
        }


def test_the_lists_a_seat_taken_filters_or_orders_are_built_again(api_client, pottery):
    weaving = ClassFactory(status=ClassStatus.APPROVED, name="Loom Weaving", seats=5)
    take_a_seat(weaving)

    def ids(path: str) -> list[int]:
        rows = api_client.get(path).json()
        return [row["_id"] for row in (rows["results"] if isinstance(rows, dict) else rows)]

    assert ids("/api/classes?hasSeats=false") == []
    assert ids("/api/classes?ordering=popular")[:2] == [weaving.pk, pottery.pk]
    assert ids("/api/popularClasses")[:2] == [weaving.pk, pottery.pk]

    for _ in range(3):
        take_a_seat(pottery)

    assert pottery.pk not in ids("/api/classes?hasSeats=true")
    assert ids("/api/classes?hasSeats=false") == [pottery.pk]
    assert ids("/api/classes?ordering=popular")[:2] == [pottery.pk, weaving.pk]
    assert ids("/api/popularClasses")[:2] == [pottery.pk, weaving.pk]
    assert listed_row(api_client, "/api/classes", pottery) == {
        "seats": 0,
        "seatsFree": 0,
        "enroll": 3,
    }
