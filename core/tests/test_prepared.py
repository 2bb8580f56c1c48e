"""core.prepared: a statement's rows made into the models the ORM would make, and a list read whole
by its statement and otherwise by its queryset. Run on the database the suite runs on."""

from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import account_holder_of
from classes.models import Category, Class
from core.prepared import Columns, Reader, insert_unless_present, statement
from enrolments.models import Selection
from testing.factories import ClassFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

TORONTO = ZoneInfo("America/Toronto")
CLASS = Columns(Class, "c")
CATEGORY = Columns(Category, "g")


def read_class(class_id: int) -> tuple:
    sql = f"""
        SELECT {CLASS.sql}, {CATEGORY.sql}, c.price AS price
        FROM "classes_class" c LEFT JOIN "classes_category" g ON g.id = c.category_id
        WHERE c.id = %(class)s
    """  # noqa: S608 - the models' columns; every value a parameter
    (row,) = Reader().rows(sql, {"class": class_id})
    return row.model(CLASS), row.model(CATEGORY), row.value("price", Class._meta.get_field("price"))


def test_a_statement_is_built_once_for_its_arguments_and_sent_on_one_line():
    built = []

    @statement
    def named_class_sql(locked: bool) -> str:
        built.append(locked)
        lock = "\n            FOR UPDATE" if locked else ""
        return f"""
            SELECT c.id AS id
            FROM "classes_class" c
            WHERE c.name = %(name)s{lock}
        """  # noqa: S608 - every value a parameter

    assert named_class_sql(True) == (
        'SELECT c.id AS id FROM "classes_class" c WHERE c.name = %(name)s FOR UPDATE'
    )
    assert named_class_sql(False) == (
        'SELECT c.id AS id FROM "classes_class" c WHERE c.name = %(name)s'
    )
    named_class_sql(True)
    assert built == [True, False]
    camp_class = ClassFactory(name="Clay  and   glaze")
    rows = Reader().rows(named_class_sql(False), {"name": "Clay  and   glaze"})
    assert [row.value("id") for row in rows] == [camp_class.pk]


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
        SELECT COUNT(*) AS found FROM "classes_class" c
        WHERE c.id = %(class)s AND c.registration_closes_at >= %(moment)s
    """

    def closes_by(moment: datetime) -> int:
        (row,) = Reader().rows(sql, {"class": camp_class.pk, "moment": moment})
        return row.value("found")

    assert closes_by(closes_at.astimezone(TORONTO)) == 1
    assert closes_by(closes_at.astimezone(TORONTO) + timedelta(microseconds=1)) == 0


@pytest.mark.django_db(transaction=True)
def test_a_row_is_locked_only_in_a_transaction_and_only_where_rows_lock():
    reader = Reader()
    if not connection.features.has_select_for_update:
        # SQLite's transactions take the write lock when they begin.
        assert reader.for_update() == ""
        return
    with pytest.raises(TransactionManagementError):
        # Outside a transaction a lock would end as soon as it was taken.
        reader.for_update()
    with transaction.atomic():
        assert reader.for_update() == " FOR UPDATE"


def test_a_new_row_is_inserted_as_save_would_write_it():
    student = UserFactory()
    holder, camp_class = account_holder_of(student), ClassFactory()
    before = timezone.now()

    with CaptureQueriesContext(connection) as queries:
        selection = insert_unless_present(
            Selection, student=student, participant=holder, camp_class=camp_class
        )
        # Made as a row read from the database is, with the related rows it was given.
        assert (selection.camp_class, selection.participant, selection.student) == (
            camp_class,
            holder,
            student,
        )

    assert len(queries) == 1
    # As Model.from_db leaves it: saved, on the database it was written to, so a save() updates.
    assert (selection._state.adding, selection._state.db) == (False, "default")
    stored = Selection.objects.get(pk=selection.pk)
    assert columns(stored) == columns(selection)
    # The field's own defaults (the status, the time it was made) as save() makes them.
    assert (stored.status, stored.student_id) == ("Selected", student.pk)
    assert before <= stored.created_at <= timezone.now()
    selection.save()
    assert Selection.objects.filter(participant=holder).count() == 1


def test_a_row_a_unique_constraint_refuses_is_not_inserted_and_the_transaction_goes_on():
    student = UserFactory()
    holder, camp_class = account_holder_of(student), ClassFactory()
    first = Selection.objects.create(student=student, participant=holder, camp_class=camp_class)

    with transaction.atomic():
        twin = insert_unless_present(
            Selection, student=student, participant=holder, camp_class=camp_class
        )
        assert twin is None
        # Nothing spoiled the transaction: the next query runs.
        assert list(Selection.objects.filter(participant=holder)) == [first]
