"""enrolments.availability: seats free, written once, read as a query or as a value."""

from datetime import timedelta

import pytest
from django.db.models.functions import Greatest
from django.utils import timezone

from classes.models import Class
from enrolments.availability import free, holds_live, seats_free, seats_free_beside
from enrolments.models import SeatHold
from testing.factories import ChildFactory, ClassFactory, UserFactory

pytestmark = pytest.mark.django_db


def hold(camp_class, participant, *, minutes):
    return SeatHold.objects.create(
        student=participant.account,
        participant=participant,
        camp_class=camp_class,
        expires_at=timezone.now() + timedelta(minutes=minutes),
    )


@pytest.fixture
def family():
    parent = UserFactory()
    return [ChildFactory(account=parent), ChildFactory(account=parent)]


def test_the_arithmetic_is_never_below_none():
    assert free(5, 2) == 3
    assert free(1, 2) == 0
    assert str(free(1, 2, greatest=Greatest)) == str(Greatest(-1, 0))


@pytest.mark.parametrize(
    ("seats", "expected_for_anyone", "expected_for_mia"), [(5, 3, 4), (1, 0, 0)]
)
def test_the_query_and_the_value_agree(family, seats, expected_for_anyone, expected_for_mia):
    mia, leo = family
    camp_class = ClassFactory(seats=seats)
    hold(camp_class, mia, minutes=10)
    hold(camp_class, leo, minutes=10)
    hold(camp_class, ChildFactory(), minutes=-1)
    now = timezone.now()

    def annotated(participant_id=None):
        return (
            Class.objects.filter(pk=camp_class.pk)
            .annotate(free=seats_free(now=now, participant_id=participant_id))
            .get()
            .free
        )

    def value(participant_id=None):
        held = holds_live(camp_class_id=camp_class.pk, participant_id=participant_id, now=now)
        return seats_free_beside(camp_class, held_for_others=held.count())

    assert annotated() == value() == expected_for_anyone
    assert annotated(mia.pk) == value(mia.pk) == expected_for_mia


def test_many_classes_are_counted_in_one_query(family, django_assert_num_queries):
    mia, _ = family
    classes = [ClassFactory(seats=seats) for seats in (3, 2, 4)]
    for camp_class in classes[:2]:
        hold(camp_class, mia, minutes=10)

    with django_assert_num_queries(1):
        counted = dict(
            Class.objects.filter(pk__in=[c.pk for c in classes])
            .annotate(free=seats_free(now=timezone.now()))
            .values_list("pk", "free")
        )

    assert counted == {classes[0].pk: 2, classes[1].pk: 1, classes[2].pk: 4}
