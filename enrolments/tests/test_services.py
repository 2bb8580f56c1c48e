"""Service rules the API tests cannot reach: a race between twin requests."""

import pytest
from django.db import connection

from classes.models import ClassStatus
from core.errors import Conflict
from enrolments.models import Selection
from enrolments.services import selection_create
from testing.factories import ClassFactory, UserFactory

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
    camp_class = ClassFactory(status=ClassStatus.APPROVED)

    def twin():
        Selection.objects.create(student=student, camp_class=camp_class)

    # The service checks for an existing selection, then inserts; the twin lands in between,
    # so only the database's unique constraint stands in the way.
    race = twin_request_after_first('FROM "enrolments_selection"', twin)
    with connection.execute_wrapper(race), pytest.raises(Conflict) as refused:
        selection_create(student=student, class_id=camp_class.id)

    assert refused.value.message == "You have already selected this class."
