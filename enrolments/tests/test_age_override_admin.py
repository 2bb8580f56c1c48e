"""An admin lets one child take one class outside its ages in the back office, with a reason
that is recorded with who gave it."""

from datetime import date

import pytest
from django.test import Client

from accounts.models import Role
from classes.models import ClassStatus
from enrolments.models import AgeOverride
from enrolments.rules import age_refusal
from testing.dates import years_before
from testing.factories import ChildFactory, ClassFactory, UserFactory

pytestmark = pytest.mark.django_db

ADD = "/admin/enrolments/ageoverride/add/"


@pytest.fixture
def admin_person():
    return UserFactory(role=Role.ADMIN, email="lead@camp.test")


@pytest.fixture
def back_office(admin_person) -> Client:
    client = Client()
    client.force_login(admin_person)
    return client


@pytest.fixture
def young_mia():
    return ChildFactory(first_name="Mia", date_of_birth=years_before(date.today(), 6))


@pytest.fixture
def watercolour():
    return ClassFactory(
        name="Portfolio Preparation", age_min=15, age_max=17, status=ClassStatus.APPROVED
    )


def test_an_override_records_its_reason_and_who_gave_it(
    back_office, admin_person, young_mia, watercolour
):
    assert age_refusal(young_mia, watercolour) is not None

    response = back_office.post(
        ADD,
        {
            "participant": young_mia.pk,
            "camp_class": watercolour.pk,
            "reason": "Her sister is in the class; the instructor agreed.",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    override = AgeOverride.objects.get()
    assert (override.granted_by, override.reason) == (
        admin_person,
        "Her sister is in the class; the instructor agreed.",
    )
    assert age_refusal(young_mia, watercolour) is None


def test_an_override_without_a_reason_is_refused(back_office, young_mia, watercolour):
    response = back_office.post(
        ADD, {"participant": young_mia.pk, "camp_class": watercolour.pk, "reason": ""}
    )

    assert response.status_code == 200
    assert not AgeOverride.objects.exists()


def test_an_override_is_not_rewritten(back_office, admin_person, young_mia, watercolour):
    override = AgeOverride.objects.create(
        participant=young_mia, camp_class=watercolour, reason="Agreed.", granted_by=admin_person
    )

    response = back_office.post(
        f"/admin/enrolments/ageoverride/{override.pk}/change/",
        {"participant": young_mia.pk, "camp_class": watercolour.pk, "reason": "Changed."},
    )

    assert response.status_code == 403
    override.refresh_from_db()
    assert override.reason == "Agreed."
