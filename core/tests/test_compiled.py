"""core.compiled: a queryset compiled once per database answers, for each call's values, what the
queryset built with those values answers, on the database the suite runs on (SQLite, and
PostgreSQL in its own pass)."""

from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classes.models import Class
from core.compiled import CompiledQuery
from enrolments.models import SeatHold
from testing.factories import ChildFactory, ClassFactory

pytestmark = pytest.mark.django_db

TORONTO = ZoneInfo("America/Toronto")


def classes_held_for(given):
    """Each class with at least `seats` seats, whether the participant holds one at `now`."""
    holds = SeatHold.objects.filter(
        camp_class_id=OuterRef("pk"),
        participant_id=given["participant"],
        expires_at__gt=given["now"],
    )
    return (
        Class.objects.filter(seats__gte=given["seats"])
        .annotate(held=Exists(holds))
        .order_by("id")
        .values("id", "price", "registration_closes_at", "held")
    )


KINDS = {"participant": int, "now": datetime, "seats": int}


def test_each_call_answers_what_the_queryset_built_with_its_values_answers():
    compiled = CompiledQuery(classes_held_for, KINDS)
    small, large = ClassFactory(seats=2, price=Decimal("12.50")), ClassFactory(seats=9)
    Class.objects.filter(pk=large.pk).update(
        registration_closes_at=timezone.now().replace(microsecond=123456) + timedelta(days=2)
    )
    child = ChildFactory()
    expires = timezone.now() + timedelta(minutes=10)
    SeatHold.objects.create(
        student=child.account, participant=child, camp_class=large, expires_at=expires
    )

    for values in (
        {"participant": child.pk, "now": timezone.now(), "seats": 1},
        {"participant": child.pk, "now": expires.astimezone(TORONTO), "seats": 1},
        {"participant": child.pk, "now": expires - timedelta(microseconds=1), "seats": 5},
        {"participant": ChildFactory().pk, "now": timezone.now(), "seats": 0},
    ):
        assert compiled.rows(values) == list(classes_held_for(values))
    (read,) = compiled.rows({"participant": child.pk, "now": timezone.now(), "seats": 9})
    assert read["held"] is True
    assert read["registration_closes_at"].utcoffset() == timedelta(0)
    assert str(
        compiled.rows({"participant": 0, "now": timezone.now(), "seats": 0})[0]["price"]
    ) == (str(small.price.quantize(Decimal("0.01"))))


def test_the_queryset_is_compiled_once_and_each_call_is_one_query():
    built = []

    def build(given):
        built.append(given)
        return classes_held_for(given)

    compiled = CompiledQuery(build, KINDS)
    ClassFactory(seats=3)
    for seats in (1, 2, 3, 4):
        with CaptureQueriesContext(connection) as queries:
            compiled.rows({"participant": 1, "now": timezone.now(), "seats": seats})
        assert len(queries) == 1
    assert len(built) == 1


def test_a_value_the_statement_does_not_use_is_refused():
    compiled = CompiledQuery(classes_held_for, {**KINDS, "family": int})

    with pytest.raises(ValueError, match="family"):
        compiled.rows({"participant": 1, "now": timezone.now(), "seats": 1, "family": 2})
