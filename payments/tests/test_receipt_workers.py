"""A payment made through a real server process and localstripe, its webhook replayed ten times
and its POST retried, ends in exactly one receipt, sent by a real Celery worker to a real SMTP
server. PostgreSQL only: the processes share the test database."""

import pytest
import requests

from checkout.tests.test_race import bearer, save_card
from notifications.models import Message, MessageStatus
from payments.message_kinds import PaymentMessage
from payments.models import Payment
from payments.tests import stripe_js
from testing.servers import celery_workers, gunicorn_servers, wait_for, wait_until_workers_idle

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_payment_its_replayed_webhook_and_a_retry_send_one_receipt(
    worker_env, smtp_sink, tmp_path, localstripe, selection
):
    with (
        gunicorn_servers(env=worker_env, logs=tmp_path, count=1) as [server],
        celery_workers(env=worker_env, logs=tmp_path, queue=worker_env["CELERY_QUEUE"]),
    ):
        setup_intent_id = save_card(server, selection)
        body = {"payId": selection.pk, "setupIntentId": setup_intent_id}
        paid = requests.post(
            f"{server}/api/payments", json=body, headers=bearer(selection.student), timeout=60
        )
        assert paid.status_code == 201, paid.text
        payment = Payment.objects.get()
        event = stripe_js.succeeded_event(payment.transaction_id)
        for _ in range(10):
            replayed = requests.post(
                f"{server}/api/stripe/webhook",
                data=event,
                headers={
                    "Content-Type": "application/json",
                    "Stripe-Signature": stripe_js.signature(event),
                },
                timeout=60,
            )
            assert replayed.status_code == 200, replayed.text
        retried = requests.post(
            f"{server}/api/payments", json=body, headers=bearer(selection.student), timeout=60
        )
        assert retried.status_code == 200, retried.text

        wait_for(lambda: len(smtp_sink.messages()) >= 1, "the receipt to reach the sink")
        # A second copy, were one on its way, would be queued or held by the worker until then.
        wait_until_workers_idle(
            broker_url=worker_env["CELERY_BROKER_URL"],
            queue=worker_env["CELERY_QUEUE"],
            logs=tmp_path,
        )

    receipts = [
        m for m in smtp_sink.messages() if m["X-Camp-Kind"] == PaymentMessage.PAYMENT_RECEIPT
    ]
    assert len(receipts) == 1
    [receipt] = receipts
    assert receipt["To"] == selection.student.email
    assert receipt["Subject"] == "Your receipt: Wheel-Thrown Pottery"
    assert "Paid: $45.50" in receipt.get_body(preferencelist=("plain",)).get_content()
    message = Message.objects.get(kind=PaymentMessage.PAYMENT_RECEIPT)
    assert (message.status, message.attempts) == (MessageStatus.SENT, 1)
