from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from core.compiled import CompiledList
from enrolments.models import Enrolment, SeatHold, Selection
from enrolments.selectors import enrolment_list_for
from testing.factories import ChildFactory, EnrolmentFactory, SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


def _selections(*, student: User, participant_id: int | None):
    selections = student.selections.all()
    if participant_id is not None:
        selections = selections.filter(participant_id=participant_id)
    return selections.select_related("participant", "camp_class__instructor").order_by("id")


@pytest.fixture
def compilations(monkeypatch):
    """How many times Django compiles a query into SQL."""
    calls = []
    compile_sql = SQLCompiler.as_sql

    def counted(self, *args, **kwargs):
        calls.append(self.query.model)
        return compile_sql(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counted)
    return calls


def _lines(selections) -> list[tuple]:
    return [
        (
            selection.pk,
            selection.student.email,
            selection.participant.name,
            selection.camp_class.instructor.email,
        )
        for selection in selections
    ]


def test_the_sql_is_compiled_once_for_every_call(compilations):
    first, second = UserFactory(), UserFactory()
    SelectionFactory(student=first)
    SelectionFactory(student=second)
    selections = CompiledList(_selections)

    list(selections(student=first, participant_id=None))
    assert compilations
    compilations.clear()
    list(selections(student=second, participant_id=None))

    assert compilations == []


def test_each_call_reads_its_own_values_as_the_ordinary_query_does():
    first, second = UserFactory(), UserFactory()
    child = ChildFactory(account=first)
    SelectionFactory.create_batch(2, student=first)
    SelectionFactory(student=first, participant=child)
    SelectionFactory(student=second)
    selections = CompiledList(_selections)

    for student, participant_id in [(first, None), (second, None), (first, child.pk)]:
        ordinary = _lines(_selections(student=student, participant_id=participant_id))
        compiled = selections(student=student, participant_id=participant_id)
        # One query: the student, the participant and the instructor come with the rows.
        with CaptureQueriesContext(connection) as queries:
            assert _lines(compiled) == ordinary
        assert len(queries) == 1
    assert len(_lines(selections(student=first, participant_id=None))) == 3
    assert len(_lines(selections(student=first, participant_id=child.pk))) == 1


def test_a_page_a_count_or_a_filter_starts_from_the_call_s_values():
    student = UserFactory()
    ids = [SelectionFactory(student=student).pk for _ in range(3)]
    SelectionFactory()
    selections = CompiledList(_selections)
    list(selections(student=UserFactory(), participant_id=None))

    answer = selections(student=student, participant_id=None)

    assert answer.count() == 3
    assert [selection.pk for selection in answer[1:3]] == ids[1:3]
    assert list(answer.filter(pk=ids[0]).values_list("pk", flat=True)) == [ids[0]]
    assert answer.exists()


def test_a_time_compiled_into_the_query_is_refused():
    def holds_now(*, student: User):
        return SeatHold.objects.filter(student=student, expires_at__gt=timezone.now())

    with pytest.raises(ImproperlyConfigured, match="date"):
        list(CompiledList(holds_now)(student=UserFactory()))


def test_a_value_the_query_leaves_out_is_refused():
    def everyone(*, student: User):
        return Selection.objects.all()

    with pytest.raises(ImproperlyConfigured, match="student"):
        list(CompiledList(everyone)(student=UserFactory()))


def test_the_enrolled_classes_count_free_seats_at_the_moment_of_each_call():
    enrolment = EnrolmentFactory(camp_class__seats=10)
    expires = timezone.now() + timedelta(minutes=10)
    SeatHold.objects.create(
        student=UserFactory(),
        participant=ChildFactory(),
        camp_class=enrolment.camp_class,
        expires_at=expires,
    )

    def seats_free() -> int:
        (row,) = enrolment_list_for(student=enrolment.student)
        return row.class_seats_free

    assert seats_free() == 9
    with time_machine.travel(expires + timedelta(seconds=1)):
        assert seats_free() == 10
    assert seats_free() == 9
    assert Enrolment.objects.count() == 1
