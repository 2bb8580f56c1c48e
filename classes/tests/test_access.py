"""Who may read a class on its instructor's behalf, decided by its access helper alone."""

import pytest

from accounts.models import Role
from classes.access import access_class_for_instructor
from core.errors import NotFound, Refused
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_instructor_reads_their_own_class():
    camp_class = ClassFactory()

    assert (
        access_class_for_instructor(user=camp_class.instructor, class_id=camp_class.pk)
        == camp_class
    )


def test_an_admin_reads_anyones_class():
    camp_class = ClassFactory()

    assert access_class_for_instructor(user=UserFactory(role=Role.ADMIN), class_id=camp_class.pk)


@pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR])
def test_anyone_else_is_refused(role):
    camp_class = ClassFactory()

    with pytest.raises(Refused):
        access_class_for_instructor(user=UserFactory(role=role), class_id=camp_class.pk)


def test_a_class_that_does_not_exist_is_not_found_for_anyone():
    with pytest.raises(NotFound):
        access_class_for_instructor(user=UserFactory(role=Role.ADMIN), class_id=0)
