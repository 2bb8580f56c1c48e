"""Service rules the API tests cannot reach: a race between twin requests, and what taking a
seat asks again after the checks made before paying."""

from datetime import time, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.services import account_holder_of
from classes.models import Class, ClassStatus
from core.errors import Conflict
from enrolments.models import Enrolment, Selection
from enrolments.rules import Refusal
from enrolments.services import SeatRefused, seat_take, selection_create
from testing.factories import (
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

pytestmark = pytest.mark.django_db


def twin_request_after_first(sql_fragment: str, twin):
    """Run `twin` once, right after the first query containing `sql_fragment`: as if another
    request had slipped in between this one's check and its write."""
    state = {"done": False}

    def wrapper(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not state["done"] and sql_fragment in sql:
            state["done"] = True
            twin()
        return result

    return wrapper


def test_a_twin_selection_that_wins_the_race_is_a_conflict_not_a_crash():
    student = UserFactory()
    holder = account_holder_of(student)
    camp_class = ClassFactory(status=ClassStatus.APPROVED)

    def twin():
        Selection.objects.create(student=student, participant=holder, camp_class=camp_class)

    # The service checks for an existing selection, then inserts; the twin lands in between,
    # so only the database's unique constraint stands in the way.
    race = twin_request_after_first('FROM "enrolments_selection"', twin)
    with connection.execute_wrapper(race), pytest.raises(Conflict) as refused:
        selection_create(student=student, class_id=camp_class.id)

    assert refused.value.message == "You have already selected this class."


class TestSeatTakeAsksAgain:
    """Between the checks before paying and the seat, the clock moves on and the student's
    other classes may change: the seat is refused then, with the reason for the refund."""

    @pytest.fixture
    def student(self):
        return UserFactory()

    @pytest.fixture
    def pottery(self):
        return scheduled_class(name="Wheel-Thrown Pottery", start=_a_monday_ahead())

    def _refusal(self, student, camp_class) -> Refusal:
        with pytest.raises(SeatRefused) as refused:
            seat_take(
                student_id=student.pk,
                participant=account_holder_of(student),
                camp_class_id=camp_class.pk,
            )
        camp_class.refresh_from_db()
        assert (camp_class.seats, camp_class.enroll) == (10, 0)
        assert not Enrolment.objects.filter(student=student).exists()
        return refused.value.refusal

    def test_a_class_that_started_meanwhile(self, student, pottery):
        Class.objects.filter(pk=pottery.pk).update(starts_at=timezone.now() - timedelta(seconds=1))

        assert self._refusal(student, pottery) == Refusal.STARTED

    def test_registration_that_closed_meanwhile(self, student, pottery):
        closed_at = timezone.now() - timedelta(seconds=1)
        Class.objects.filter(pk=pottery.pk).update(registration_closes_at=closed_at)

        assert self._refusal(student, pottery) == Refusal.registration_closed(closed_at)

    def test_a_class_that_clashes_with_one_selected_meanwhile(self, student, pottery):
        weaving = scheduled_class(
            name="Loom Weaving", start=_a_monday_ahead(), hours=(time(11), time(13))
        )
        SelectionFactory(student=student, camp_class=weaving)

        refusal = self._refusal(student, pottery)

        assert refusal.refund_reason == (
            "This class meets at the same time as Loom Weaving; your payment has been refunded."
        )

    def test_the_seat_is_taken_when_nothing_stands_in_the_way(self, student, pottery):
        SelectionFactory(student=student, camp_class=pottery)
        afternoon = scheduled_class(start=_a_monday_ahead(), hours=(time(12), time(15)))
        EnrolmentFactory(student=student, camp_class=afternoon)

        enrolment = seat_take(
            student_id=student.pk,
            participant=account_holder_of(student),
            camp_class_id=pottery.pk,
        )

        pottery.refresh_from_db()
        assert (enrolment.status, pottery.seats, pottery.enroll) == ("active", 9, 1)
        assert not Selection.objects.filter(student=student, camp_class=pottery).exists()


def _a_monday_ahead():
    today = timezone.localdate()
    return today + timedelta(days=28 - today.weekday())
