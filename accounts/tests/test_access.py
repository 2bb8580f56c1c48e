"""Whose account a request may name, decided by the access helpers alone."""

import pytest

from accounts.access import access_own_email, access_person_by_email
from accounts.models import Role
from core.errors import Refused
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

REFUSAL = "You can only ask about yourself."


def test_ones_own_email_whatever_its_case_or_spaces_is_ones_own():
    sam = UserFactory(email="sam@camp.test", role=Role.STUDENT)

    assert access_own_email(caller=sam, email="  Sam@Camp.TEST ", refusal=REFUSAL) == sam


@pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR, Role.ADMIN])
def test_someone_elses_email_is_never_ones_own(role):
    caller = UserFactory(role=role)
    UserFactory(email="ada@camp.test")

    with pytest.raises(Refused, match=REFUSAL):
        access_own_email(caller=caller, email="ada@camp.test", refusal=REFUSAL)


def test_anyone_may_ask_about_themselves_and_gets_the_address_normalized():
    sam = UserFactory(email="sam@camp.test", role=Role.INSTRUCTOR)

    assert access_person_by_email(caller=sam, email=" SAM@camp.test", refusal=REFUSAL) == (
        "sam@camp.test"
    )


def test_an_admin_may_ask_about_anyone_even_someone_unknown():
    admin = UserFactory(role=Role.ADMIN)

    assert (
        access_person_by_email(caller=admin, email="Nobody@Camp.test", refusal=REFUSAL)
        == "nobody@camp.test"
    )


@pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR])
def test_no_one_else_may_ask_about_another_person(role):
    caller = UserFactory(role=role)
    UserFactory(email="ada@camp.test")

    with pytest.raises(Refused, match=REFUSAL):
        access_person_by_email(caller=caller, email="ada@camp.test", refusal=REFUSAL)
