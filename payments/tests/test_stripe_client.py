"""The adapter follows the settings, and an unreachable Stripe is a clear 503, not a crash."""

import pytest
from django.core.management import CommandError, call_command

from payments import stripe_client

pytestmark = pytest.mark.django_db

NOBODY_LISTENS = "http://127.0.0.1:9"


def test_the_client_talks_to_the_configured_api(localstripe, settings):
    setup_id = stripe_client.card_setup_create(
        customer_id=stripe_client.customer_create(email="a@camp.test", name="A", student_id=1),
        metadata={"app": "camp"},
    ).id
    settings.STRIPE_API_BASE = NOBODY_LISTENS

    with pytest.raises(stripe_client.PaymentProviderError):
        stripe_client.card_setup_retrieve(setup_id)


def test_a_wrong_secret_key_is_a_provider_error(localstripe, settings):
    settings.STRIPE_SECRET_KEY = "not-a-secret-key"

    with pytest.raises(stripe_client.PaymentProviderError):
        stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)


def test_an_unknown_id_is_not_found(localstripe):
    with pytest.raises(stripe_client.NotFoundAtProvider):
        stripe_client.charge_retrieve("pi_doesnotexist")


def test_the_api_answers_503_while_stripe_is_unreachable(settings, as_student, selection):
    settings.STRIPE_API_BASE = NOBODY_LISTENS

    response = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")

    assert response.status_code == 503
    assert response.json() == {
        "message": "The card payment service is not answering. Please try again in a moment."
    }


def test_localstripe_webhooks_need_localstripe(settings):
    settings.STRIPE_API_BASE = None

    with pytest.raises(CommandError, match="add the webhook endpoint in the Stripe dashboard"):
        call_command("stripe_local_webhook")
