"""core.prepared: a statement's rows made into the models the ORM would make, and a list read whole
by its statement and otherwise by its queryset. Run on the database the suite runs on."""

from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classes.models import Category, Class
from core.prepared import Columns, PreparedList, Reader
from testing.factories import ClassFactory, scheduled_class

pytestmark = pytest.mark.django_db

TORONTO = ZoneInfo("America/Toronto")
CLASS = Columns(Class, "c")
CATEGORY = Columns(Category, "g")


def read_class(class_id: int) -> tuple:
    sql = f"""
        SELECT {CLASS.sql}, {CATEGORY.sql}, c.price
        FROM "classes_class" c LEFT JOIN "classes_category" g ON g.id = c.category_id
        WHERE c.id = %(class)s
    """  # noqa: S608 - the models' columns; every value a parameter
    (row,) = Reader().rows(sql, {"class": class_id})
    return row.model(CLASS), row.model(CATEGORY), row.value(Class._meta.get_field("price"))


def columns(instance) -> dict:
    return {
        field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields
    }


def test_a_row_is_the_models_the_orm_reads():
    start = timezone.localdate() + timedelta(days=30)
    scheduled = scheduled_class(
        start=start,
        end=start + timedelta(days=4),
        days=(0, 2),
        hours=(time(9, 15), time(11, 45)),
        price=Decimal("12.50"),
        category=Category.objects.order_by("position").first(),
        registration_closes_at=datetime(
            start.year, start.month, start.day, 7, 30, 15, 123456, tzinfo=TORONTO
        ),
    )
    unscheduled = ClassFactory(price=Decimal("100"))

    for camp_class in (scheduled, unscheduled):
        read, category, price = read_class(camp_class.pk)
        ordinary = Class.objects.select_related("category").get(pk=camp_class.pk)

        assert columns(read) == columns(ordinary)
        assert str(read.price) == str(price) == str(camp_class.price.quantize(Decimal("0.01")))
        assert (columns(category) if category else None) == (
            columns(ordinary.category) if ordinary.category else None
        )
        assert read._state.adding is False
        assert read._state.db == "default"
    assert read_class(unscheduled.pk)[1] is None
    assert read_class(scheduled.pk)[0].registration_closes_at.utcoffset() == timedelta(0)


def test_a_moment_given_in_any_zone_is_the_same_moment():
    closes_at = timezone.now().replace(microsecond=654321) + timedelta(days=3)
    camp_class = ClassFactory(registration_closes_at=closes_at)
    sql = """
        SELECT COUNT(*) FROM "classes_class" c
        WHERE c.id = %(class)s AND c.registration_closes_at >= %(moment)s
    """

    def closes_by(moment: datetime) -> int:
        (row,) = Reader().rows(sql, {"class": camp_class.pk, "moment": moment})
        return row.value()

    assert closes_by(closes_at.astimezone(TORONTO)) == 1
    assert closes_by(closes_at.astimezone(TORONTO) + timedelta(microseconds=1)) == 0


def test_a_list_is_read_whole_once_and_is_its_queryset_for_anything_else():
    classes = ClassFactory.create_batch(3)
    built = []

    def queryset():
        built.append(True)
        return Class.objects.order_by("id")

    def read():
        return list(Class.objects.order_by("id"))

    answer = PreparedList(read=read, queryset=queryset)
    with CaptureQueriesContext(connection) as queries:
        assert list(answer) == classes
        assert list(answer) == classes
        assert len(answer) == 3
        assert answer[1] == classes[1]
    assert len(queries) == 1
    assert built == []

    again = PreparedList(read=read, queryset=queryset)
    assert again.count() == 3
    assert list(again[1:]) == classes[1:]
    assert again.filter(pk=classes[0].pk).get() == classes[0]
    assert built == [True]
