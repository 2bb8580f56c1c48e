"""The money apps (payments, checkout, plans, changes, books, settlement) are tested against
localstripe, which scripts/with-services starts: no mocks. Their shared fixtures, registered by
the root conftest."""

from decimal import Decimal

import pytest
import requests
from django.conf import settings

from accounts.models import Role
from classes.models import ClassStatus
from payments.models import SiblingDiscount
from payments.tests import stripe_js
from testing import services
from testing.factories import ClassFactory, SelectionFactory, UserFactory
from testing.seasons import a_season
from testing.servers import gunicorn_servers, process_env


@pytest.fixture
def empty_localstripe(localstripe) -> str:
    """localstripe with no objects: what reconciliation reads is this test's alone."""
    requests.delete(f"{localstripe}/_config/data", timeout=10).raise_for_status()
    return localstripe


@pytest.fixture
def student():
    return UserFactory(role=Role.STUDENT, name="Sam Rivera", email="sam@camp.test")


@pytest.fixture
def family():
    """A parent whose children take classes of a season with a sibling discount (`season`)."""
    return UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")


@pytest.fixture
def as_family(api_client_for, family):
    return api_client_for(family)


@pytest.fixture
def season():
    """A season open now: 10% off the second child, 15% off the third and later."""
    season = a_season()
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    return season


@pytest.fixture
def instructor():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test")


@pytest.fixture
def pottery(instructor):
    return ClassFactory(
        name="Wheel-Thrown Pottery",
        image="https://images.camp.test/pottery.jpg",
        price=Decimal("45.50"),
        seats=10,
        enroll=2,
        status=ClassStatus.APPROVED,
        instructor=instructor,
    )


@pytest.fixture
def selection(student, pottery):
    return SelectionFactory(student=student, camp_class=pottery)


@pytest.fixture
def as_student(api_client_for, student):
    return api_client_for(student)


@pytest.fixture
def save_card(localstripe):
    """The payment page: ask our server for a SetupIntent, then let Stripe.js save the card.
    The SetupIntent's id, or Stripe.js's error."""

    def save(client, selection, number=stripe_js.CARD_OK, **confirm_options) -> dict:
        answer = client.post(
            "/api/createPaymentIntent",
            {"price": float(selection.camp_class.price), "payId": selection.pk},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
        student = selection.student
        return stripe_js.confirm_card_setup(
            answer.json()["clientSecret"],
            number,
            email=student.email,
            name=student.name,
            **confirm_options,
        )

    return save


@pytest.fixture
def pay(save_card):
    """The whole payment page: save the card, then post the payment; our server's answer."""

    def pay_for(client, selection, number=stripe_js.CARD_OK):
        saved = save_card(client, selection, number)
        assert "setupIntent" in saved, saved
        return client.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

    return pay_for


# A class with dates and a payment made weeks before them, for a family's cancellation.
from payments.tests.summer_term import paid, pay_on_may_1, summer_pottery  # noqa: E402, F401


def _serving(localstripe, tmp_path, **more):
    services.needs_postgresql(
        "the seat race runs two server processes, which cannot share SQLite's in-memory database."
    )
    env = process_env(
        STRIPE_API_BASE=settings.STRIPE_API_BASE,
        STRIPE_SECRET_KEY=settings.STRIPE_SECRET_KEY,
        LOG_LEVEL="WARNING",
        **more,
    )
    # Threads, so each server takes its half of the buyers at the same moment.
    return gunicorn_servers(
        env=env, logs=tmp_path, options=("--worker-class=gthread", "--threads=16")
    )


@pytest.fixture
def servers(localstripe, tmp_path):
    """Two gunicorn processes serving the site from the test database; their base URLs.

    Their seat holds run out the moment they are taken, so every buyer reaches the payment
    page and the payments themselves race for the seats, under the class's lock."""
    with _serving(localstripe, tmp_path, SEAT_HOLD_MINUTES="0") as urls:
        yield urls


@pytest.fixture
def holding_servers(localstripe, tmp_path):
    """Two gunicorn processes holding seats for the school's usual 15 minutes."""
    with _serving(localstripe, tmp_path) as urls:
        yield urls


@pytest.fixture
def other_student():
    return UserFactory(role=Role.STUDENT, email="riley@camp.test")


@pytest.fixture(params=[Role.INSTRUCTOR, Role.ADMIN])
def not_a_student(request, api_client_for):
    return api_client_for(UserFactory(role=request.param))
