"""Whose selection a request may touch, decided by its access helper alone."""

import pytest

from accounts.models import Role
from core.errors import NotFound
from enrolments.access import access_selection
from testing.factories import SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lock", [False, True])
def test_a_student_reaches_their_own_selection_with_its_class(lock, django_assert_num_queries):
    selection = SelectionFactory()

    with django_assert_num_queries(1):
        found = access_selection(student=selection.student, selection_id=selection.pk, lock=lock)
        assert found.camp_class == selection.camp_class

    assert found == selection


@pytest.mark.parametrize("role", [Role.STUDENT, Role.ADMIN])
def test_someone_elses_selection_is_as_good_as_absent(role):
    selection = SelectionFactory()

    with pytest.raises(NotFound, match="No such selected class."):
        access_selection(student=UserFactory(role=role), selection_id=selection.pk)


def test_a_selection_that_does_not_exist_is_not_found():
    with pytest.raises(NotFound, match="No such selected class."):
        access_selection(student=UserFactory(), selection_id=0)
