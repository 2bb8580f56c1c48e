"""A queryset compiled once and run again with other values."""

from datetime import datetime, timedelta

import pytest
from django.db.models.expressions import RawSQL
from django.utils import timezone

from classes.models import Class
from core.compiled import CompiledQuery
from testing.factories import ClassFactory

pytestmark = pytest.mark.django_db


def test_each_call_answers_for_its_own_values():
    early, late = ClassFactory(), ClassFactory()
    Class.objects.filter(pk=early.pk).update(registration_closes_at=timezone.now())
    Class.objects.filter(pk=late.pk).update(
        registration_closes_at=timezone.now() + timedelta(days=2)
    )
    open_at = CompiledQuery(
        lambda class_id, now: Class.objects.filter(pk=class_id, registration_closes_at__gt=now),
        class_id=int,
        now=datetime,
    )
    tomorrow = timezone.now() + timedelta(days=1)

    assert [c.pk for c in open_at.rows(class_id=late.pk, now=tomorrow)] == [late.pk]
    assert open_at.rows(class_id=early.pk, now=tomorrow) == []
    assert [c.pk for c in open_at.rows(class_id=early.pk, now=tomorrow - timedelta(days=2))] == [
        early.pk
    ]


def test_a_value_written_into_the_sql_itself_is_refused():
    # Not a parameter: it could never be swapped for the next call's.
    inlined = CompiledQuery(
        lambda class_id: Class.objects.filter(pk=RawSQL(str(class_id), [])),  # noqa: S611
        class_id=int,
    )

    with pytest.raises(ValueError, match="not passed as parameters"):
        inlined.rows(class_id=1)
