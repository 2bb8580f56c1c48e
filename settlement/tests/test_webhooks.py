"""Stripe's webhook: signed events, re-read from Stripe, finishing what the browser left."""

import json
import time

import pytest
import requests
from django.core.management import call_command
from django.db import close_old_connections

from classes.models import Class
from enrolments.models import Selection
from enrolments.rules import Refusal
from payments.models import Payment
from payments.tests import stripe_js

WEBHOOK = "/api/stripe/webhook"


def post_event(client, payload: bytes, signature: str | None = None):
    headers = {
        "HTTP_STRIPE_SIGNATURE": stripe_js.signature(payload) if signature is None else signature
    }
    return client.post(WEBHOOK, payload, content_type="application/json", **headers)


def authenticated_but_not_posted(save_card, client, selection) -> str:
    """A student passes 3-D Secure, then closes the tab before the page posts the payment."""
    saved = save_card(client, selection, stripe_js.CARD_3DS)
    asked = client.post(
        "/api/payments",
        {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    assert asked.status_code == 402, asked.json()
    assert "paymentIntent" in stripe_js.confirm_card_payment(asked.json()["clientSecret"])
    return asked.json()["paymentIntentId"]


@pytest.mark.django_db
class TestWebhook:
    def test_the_webhook_completes_an_enrolment_the_browser_left(
        self, api_client, save_card, as_student, selection, pottery
    ):
        payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)

        response = post_event(api_client, stripe_js.succeeded_event(payment_intent_id))

        assert response.status_code == 200
        assert response.json() == {"received": True}
        payment = Payment.objects.get()
        assert (payment.transaction_id, payment.status, payment.price) == (
            payment_intent_id,
            "enrolled",
            pottery.price,
        )
        assert (payment.student_id, payment.selection_id) == (selection.student_id, selection.pk)
        pottery.refresh_from_db()
        assert (pottery.seats, pottery.enroll) == (9, 3)
        assert not Selection.objects.filter(pk=selection.pk).exists()

        # The student comes back later: the page's post finds the same payment.
        late = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": payment_intent_id},
            format="json",
        )
        assert late.status_code == 200
        assert (late.json()["_id"], late.json()["status"]) == (payment.pk, "enrolled")

    def test_a_repeated_event_enrols_once(
        self, api_client, save_card, as_student, selection, pottery
    ):
        payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)
        event = stripe_js.succeeded_event(payment_intent_id)

        responses = [post_event(api_client, event) for _ in range(3)]

        assert [response.status_code for response in responses] == [200, 200, 200]
        assert Payment.objects.filter(status="enrolled").count() == 1
        assert Payment.objects.count() == 1
        pottery.refresh_from_db()
        assert (pottery.seats, pottery.enroll) == (9, 3)

    def test_the_event_for_a_payment_the_browser_finished_changes_nothing(
        self, api_client, as_student, selection, pottery, pay
    ):
        paid = pay(as_student, selection)
        assert paid.status_code == 201

        response = post_event(api_client, stripe_js.succeeded_event(paid.json()["transactionId"]))

        assert response.status_code == 200
        assert Payment.objects.count() == 1
        pottery.refresh_from_db()
        assert (pottery.seats, pottery.enroll) == (9, 3)

    def test_an_event_after_the_last_seat_went_refunds_the_charge(
        self, api_client, save_card, as_student, selection, pottery
    ):
        payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)
        Class.objects.filter(pk=pottery.pk).update(seats=0)

        response = post_event(api_client, stripe_js.succeeded_event(payment_intent_id))

        assert response.status_code == 200
        payment = Payment.objects.get()
        assert (payment.status, payment.refund_reason) == (
            "refunded",
            Refusal.FULL.refund_reason,
        )
        assert [refund["id"] for refund in stripe_js.refunds_of(payment_intent_id)] == [
            payment.refund_id
        ]

    @pytest.mark.parametrize(
        "signature",
        [
            "",
            "t=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000",
            "signed with another secret",
            "signed long ago",
        ],
    )
    def test_an_event_without_our_signature_is_refused(
        self, api_client, save_card, as_student, selection, pottery, signature
    ):
        payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)
        payload = stripe_js.succeeded_event(payment_intent_id)
        if signature == "signed with another secret":
            signature = stripe_js.signature(payload, secret="whsec_someone_else")
        elif signature == "signed long ago":
            signature = stripe_js.signature(payload, timestamp=int(time.time()) - 3600)

        response = post_event(api_client, payload, signature)

        assert response.status_code == 400
        assert response.json() == {"message": "The webhook signature is not valid."}
        assert not Payment.objects.exists()
        pottery.refresh_from_db()
        assert pottery.seats == 10

    def test_the_payload_is_not_believed_over_stripe(
        self, api_client, save_card, as_student, selection, pottery
    ):
        """A correctly signed event whose charge Stripe says has not succeeded enrols nobody."""
        saved = save_card(as_student, selection, stripe_js.CARD_3DS)
        asked = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        ).json()
        claimed = {
            "id": asked["paymentIntentId"],
            "object": "payment_intent",
            "status": "succeeded",
            "amount": 4550,
        }
        payload = json.dumps(
            {
                "id": "evt_claimed",
                "object": "event",
                "type": "payment_intent.succeeded",
                "data": {"object": claimed},
            }
        ).encode()

        response = post_event(api_client, payload)

        assert response.status_code == 200
        assert not Payment.objects.exists()
        pottery.refresh_from_db()
        assert pottery.seats == 10

    def test_someone_elses_charge_on_the_account_is_left_alone(self, api_client, localstripe):
        charge = stripe_js.foreign_charge()

        response = post_event(api_client, stripe_js.succeeded_event(charge.id))

        assert response.status_code == 200
        assert not Payment.objects.exists()
        assert stripe_js.refunds_of(charge.id) == []

    def test_other_events_are_acknowledged(self, api_client):
        payload = json.dumps(
            {
                "id": "evt_other",
                "object": "event",
                "type": "customer.created",
                "data": {"object": {"id": "cus_x", "object": "customer"}},
            }
        ).encode()

        response = post_event(api_client, payload)

        assert response.status_code == 200
        assert response.json() == {"received": True}


@pytest.fixture
def localstripe_posts_to(localstripe):
    """Point localstripe's webhook at a URL, and away from it again afterwards."""

    def register(url: str) -> None:
        # localstripe posts an event a second after the charge, to the hooks registered
        # then: waiting first keeps earlier tests' events away from this one.
        time.sleep(1.5)
        call_command("stripe_local_webhook", url=url, name="camp-tests")

    yield register
    requests.post(
        f"{localstripe}/_config/webhooks/camp-tests",
        json={"url": "http://127.0.0.1:9/unused", "secret": "unused", "events": []},
        timeout=10,
    )


@pytest.mark.django_db(transaction=True)
def test_localstripe_delivers_the_webhook_to_the_running_site(
    live_server, localstripe_posts_to, save_card, as_student, selection, pottery
):
    localstripe_posts_to(f"{live_server.url}{WEBHOOK}")

    payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)

    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        close_old_connections()
        if Payment.objects.filter(transaction_id=payment_intent_id, status="enrolled").exists():
            break
        time.sleep(0.2)
    payment = Payment.objects.get()
    assert (payment.transaction_id, payment.status) == (payment_intent_id, "enrolled")
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (9, 3)
