"""The page hands the browser app what Stripe.js needs, in its one configuration block."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_page_hands_stripe_js_its_key_and_address(client, settings):
    settings.STRIPE_PUBLISHABLE_KEY = "pk_test_page"
    settings.STRIPE_JS_URL = "http://localhost:8420/js.stripe.com/v3/"

    response = client.get("/dashboard/payment/1")

    assert response.context["config"]["stripe"] == {
        "publishableKey": "pk_test_page",
        "jsUrl": "http://localhost:8420/js.stripe.com/v3/",
    }
    assert '"publishableKey": "pk_test_page"' in response.content.decode()
