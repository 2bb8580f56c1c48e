"""Whose account a request may name, decided by the access helpers alone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.access import access_own_email, access_participant, access_person_by_email
from accounts.models import Participant, Role
from core.errors import NotFound, Refused
from testing.factories import ChildFactory, UserFactory

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


def test_a_family_s_own_participant_comes_with_its_account_in_one_query():
    family = UserFactory(role=Role.STUDENT)
    child = ChildFactory(account=family, first_name="Mia")

    with CaptureQueriesContext(connection) as queries:
        found = access_participant(account=family, participant_id=child.pk, lock=True)
        assert found.account is family
    assert len(queries) == 1
    assert [
        (field.attname, getattr(found, field.attname)) for field in Participant._meta.fields
    ] == [(field.attname, getattr(child, field.attname)) for field in Participant._meta.fields]


@pytest.mark.parametrize("whose", ["another family's", "nobody's", "past every id"])
def test_anyone_else_s_participant_is_not_found(whose):
    family = UserFactory(role=Role.STUDENT)
    participant_id = {
        "another family's": ChildFactory().pk,
        "nobody's": ChildFactory().pk + 1000,
        "past every id": 2**63,
    }[whose]

    with pytest.raises(NotFound) as missing:
        access_participant(account=family, participant_id=participant_id)

    assert missing.value.message == "No such person in your family."
