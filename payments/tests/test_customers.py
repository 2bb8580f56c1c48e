"""A family's Stripe Customer is made by the worker when they register, so that a hold asks Stripe
for the SetupIntent alone where none was made ahead (payments/tests/test_card_setups_ahead.py);
the hold still makes the Customer where none is on record."""

import logging

import pytest
from django.conf import settings as django_settings

from accounts.models import Role
from camp.celery import app as celery_app
from core.provider_waits import provider_waits
from payments.models import StripeCustomer
from payments.services.customers import card_setup_for, customer_made_ahead
from payments.tasks import stripe_customer_make
from payments.tests import stripe_js
from testing.factories import UserFactory
from testing.faults import stripe_gives_up_after, stripe_line

pytestmark = pytest.mark.django_db

TASK = "payments.tasks.stripe_customer_make"


def customers_queued() -> list[int]:
    """The students whose Customer the worker was asked to make, taken off the queue (the
    tests' broker is in memory; nothing else reads it)."""
    queued = []
    with celery_app.connection_for_read() as connection:
        queue = connection.SimpleQueue(django_settings.CELERY_TASK_DEFAULT_QUEUE)
        try:
            while True:
                try:
                    message = queue.get(block=False)
                except queue.Empty:
                    return queued
                message.ack()
                if message.headers.get("task") == TASK:
                    args, _kwargs, _embed = message.decode()
                    queued.append(args[0])
        finally:
            queue.close()


def register(api_client_for, person, captured) -> None:
    body = {"name": person.name, "photo": "", "email": person.email}
    with captured(execute=True):
        response = api_client_for(person).post("/api/users", body, format="json")
    assert response.status_code in (200, 201), response.content


def test_registering_a_family_asks_the_worker_for_their_stripe_customer(
    api_client_for, django_capture_on_commit_callbacks
):
    customers_queued()
    family = UserFactory(role=Role.STUDENT)

    register(api_client_for, family, django_capture_on_commit_callbacks)
    register(api_client_for, family, django_capture_on_commit_callbacks)

    # Once: registering again is no registration.
    assert customers_queued() == [family.pk]


@pytest.mark.parametrize("role", [Role.INSTRUCTOR, Role.ADMIN])
def test_a_person_who_does_not_pay_is_made_no_customer(
    api_client_for, django_capture_on_commit_callbacks, role
):
    customers_queued()
    person = UserFactory(role=role)

    register(api_client_for, person, django_capture_on_commit_callbacks)

    assert customers_queued() == []


def test_the_worker_makes_the_customer_at_stripe_once(localstripe):
    family = UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")

    stripe_customer_make.apply(args=[family.pk])
    stripe_customer_make.apply(args=[family.pk])

    [customer] = StripeCustomer.objects.filter(student=family)
    at_stripe = stripe_js.stripe_get(f"/v1/customers/{customer.customer_id}")
    assert (at_stripe["email"], at_stripe["name"]) == ("ana@camp.test", "Ana Silva")
    assert at_stripe["metadata"] == {"student_id": str(family.pk)}


def test_nobody_is_made_a_customer_for_an_unknown_or_non_paying_person(localstripe):
    instructor = UserFactory(role=Role.INSTRUCTOR)

    assert customer_made_ahead(student_id=instructor.pk) is None
    assert customer_made_ahead(student_id=instructor.pk + 1000) is None
    assert not StripeCustomer.objects.exists()


def test_a_hold_with_no_setup_intent_made_ahead_asks_stripe_once(
    localstripe, student, as_student, selection
):
    made = customer_made_ahead(student_id=student.pk)
    # A hold of the family's took it already (payments/tests/test_card_setups_ahead.py).
    StripeCustomer.objects.update(ready_setup_intent_id="", ready_client_secret="")
    before = provider_waits()

    response = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")

    assert response.status_code == 200, response.content
    assert (provider_waits() - before).calls == 1
    setup_intent_id = response.json()["clientSecret"].split("_secret_")[0]
    assert stripe_js.stripe_get(f"/v1/setup_intents/{setup_intent_id}")["customer"] == made
    assert list(StripeCustomer.objects.values_list("customer_id", flat=True)) == [made]


def test_stripe_unreachable_at_registration_leaves_the_customer_to_the_first_hold(
    localstripe, settings, caplog, student, as_student, selection
):
    with stripe_line(localstripe) as line:
        settings.STRIPE_API_BASE = line.url
        line.stop_now()
        with stripe_gives_up_after(settings, 1.0), caplog.at_level(logging.WARNING):
            assert customer_made_ahead(student_id=student.pk) is None
    settings.STRIPE_API_BASE = localstripe

    assert not StripeCustomer.objects.exists()
    # One warning, and no error with a traceback: the first hold makes the Customer.
    [said] = [record for record in caplog.records if record.name == "payments.services.customers"]
    assert said.levelno == logging.WARNING and said.exc_info is None
    assert f"No Stripe Customer made ahead for student {student.pk}" in said.getMessage()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    response = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
    assert response.status_code == 200, response.content
    assert StripeCustomer.objects.filter(student=student).exists()


def test_a_customer_saved_by_a_parallel_request_is_the_one_kept(localstripe, student):
    # The worker saved the family's Customer after the hold read that none was on record.
    saved_first = customer_made_ahead(student_id=student.pk)

    setup = card_setup_for(
        student=student, metadata={"student_id": str(student.pk)}, known_customer=""
    )

    assert list(StripeCustomer.objects.values_list("customer_id", flat=True)) == [saved_first]
    assert stripe_js.stripe_get(f"/v1/setup_intents/{setup.id}")["customer"] == saved_first
