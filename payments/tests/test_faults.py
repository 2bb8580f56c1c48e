"""Stripe stopped or frozen at each step of a payment: money and seats stay consistent.

The line to localstripe runs through testing.faults.StripeLine, which takes it down or
holds its answers at the step a test names. Every test ends with each succeeded charge enrolled
or refunded, exactly once, as localstripe's own records show.
"""

import io
import signal
import subprocess
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path

import pytest
import requests
from django.core.management import call_command
from django.db import connection

from classes.models import Class, ClassStatus
from enrolments.models import Selection
from enrolments.rules import Refusal
from payments.models import AttemptStatus, ChargeAttempt, Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import ClassFactory, PaymentFactory
from testing.faults import stripe_gives_up_after, stripe_line
from testing.servers import free_port

pytestmark = pytest.mark.django_db
# Bounded waits: each Stripe call gives up after this (two tries), in these tests.
TIMEOUT = 1.0
# Not a speed check: far above what the bounded calls take on a busy machine, far below the
# 30 s and more that an unbounded call to a frozen Stripe waits.
BOUNDED = 15
LOCALSTRIPE = Path(sys.executable).parent / "localstripe"


@pytest.fixture
def line(localstripe, settings):
    with stripe_line(localstripe) as line:
        settings.STRIPE_API_BASE = line.url
        yield line


def charges_for(saved) -> list[dict]:
    """The charges made at localstripe from one saved card."""
    return stripe_js.payment_intents(since=0, setup_intent_id=saved["setupIntent"]["id"])


def seats_of(selection) -> int:
    return Class.objects.get(pk=selection.camp_class_id).seats


def pay(client, selection, saved, price="45.50"):
    return client.post(
        "/api/payments",
        {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"], "price": price},
        format="json",
    )


def test_stripe_stopped_while_the_card_is_prepared_is_a_quick_503(
    line, as_student, selection, settings
):
    line.stop_now()
    started = time.monotonic()

    with stripe_gives_up_after(settings, TIMEOUT):
        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

    assert response.status_code == 503
    assert response.json() == {
        "message": "The card payment service is not answering. Please try again in a moment."
    }
    assert time.monotonic() - started < BOUNDED
    assert Selection.objects.filter(pk=selection.pk).exists()


def test_stripe_frozen_while_the_card_is_prepared_is_a_503_in_bounded_time(
    line, as_student, selection, settings
):
    line.freeze("POST", "/v1/customers")
    started = time.monotonic()

    with stripe_gives_up_after(settings, TIMEOUT):
        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

    assert response.status_code == 503
    # Two tries of TIMEOUT seconds, and the SDK's short pause between them.
    assert time.monotonic() - started < BOUNDED


def test_stripe_stopped_before_the_charge_charges_nothing_and_a_retry_pays_once(
    line, save_card, as_student, selection, settings
):
    saved = save_card(as_student, selection)
    seats = seats_of(selection)
    line.stop_after("GET", "/v1/setup_intents")

    with stripe_gives_up_after(settings, TIMEOUT):
        refused = pay(as_student, selection, saved)

    assert refused.status_code == 503
    assert ChargeAttempt.objects.get().status == AttemptStatus.NOT_CHARGED
    line.restart()
    assert charges_for(saved) == []
    assert seats_of(selection) == seats

    paid = pay(as_student, selection, saved)

    assert paid.status_code == 201, paid.json()
    assert len(charges_for(saved)) == 1
    assert Payment.objects.get().status == PaymentStatus.ENROLLED
    assert seats_of(selection) == seats - 1


def test_stripe_frozen_after_charging_says_confirming_then_enrols_once(
    line, save_card, as_student, selection, settings
):
    saved = save_card(as_student, selection)
    seats = seats_of(selection)
    line.freeze("POST", "/v1/payment_intents")
    started = time.monotonic()

    with stripe_gives_up_after(settings, TIMEOUT):
        confirming = pay(as_student, selection, saved)

    waited = time.monotonic() - started
    assert confirming.status_code == 202, confirming.json()
    body = confirming.json()
    assert (body["status"], body["payment"]) == ("confirming", None)
    assert "being confirmed" in body["message"]
    assert waited < BOUNDED
    # Stripe did charge: the poll finds the charge by its attempt and enrols.
    polled = as_student.get(f"/api/payments/attempts/{body['attemptId']}")
    again = as_student.get(f"/api/payments/attempts/{body['attemptId']}")
    line.thaw()
    retried = pay(as_student, selection, saved)

    assert polled.status_code == 200
    assert polled.json()["status"] == "enrolled"
    assert polled.json()["payment"]["status"] == "enrolled"
    assert again.json() == polled.json()
    assert retried.status_code == 200
    charges = charges_for(saved)
    assert len(charges) == 1
    assert stripe_js.refunds_of(charges[0]["id"]) == []
    assert Payment.objects.get().status == PaymentStatus.ENROLLED
    assert seats_of(selection) == seats - 1


@pytest.mark.django_db(transaction=True)
def test_the_last_seat_gone_while_stripe_charged_refunds_the_charge_once(
    line, save_card, as_student, selection
):
    saved = save_card(as_student, selection)
    line.freeze("POST", "/v1/payment_intents")

    def another_family_takes_the_last_seats():
        # Stripe has charged and not yet answered: the class fills meanwhile.
        Class.objects.filter(pk=selection.camp_class_id).update(seats=0)
        connection.close()
        line.thaw()

    meanwhile = threading.Timer(0.5, another_family_takes_the_last_seats)
    meanwhile.start()
    refunded = pay(as_student, selection, saved)
    meanwhile.join()

    assert refunded.status_code == 409, refunded.json()
    assert refunded.json()["message"] == Refusal.FULL.refund_reason
    payment = Payment.objects.get()
    assert (payment.status, payment.enrolment) == (PaymentStatus.REFUNDED, None)
    assert ChargeAttempt.objects.get().payment == payment
    [charge] = charges_for(saved)
    assert [refund["amount"] for refund in stripe_js.refunds_of(charge["id"])] == [4550]
    assert seats_of(selection) == 0
    assert Selection.objects.filter(pk=selection.pk).exists()


def test_a_charge_the_bank_confirmed_after_the_tab_closed_is_settled_by_reconciliation(
    empty_localstripe, save_card, as_student, selection
):
    # 3-D Secure: the bank asks, the cardholder confirms, the tab closes before it reports
    # back, and the webhook is lost.
    saved = save_card(as_student, selection, stripe_js.CARD_3DS)
    asked = pay(as_student, selection, saved)
    assert asked.status_code == 402, asked.json()
    confirmed = stripe_js.confirm_card_payment(asked.json()["clientSecret"])
    assert confirmed["paymentIntent"]["status"] == "succeeded"
    seats = seats_of(selection)

    call_command("reconcile_payments")
    call_command("reconcile_payments")

    payment = Payment.objects.get()
    assert (payment.status, payment.transaction_id) == (
        PaymentStatus.ENROLLED,
        asked.json()["paymentIntentId"],
    )
    assert ChargeAttempt.objects.get().payment == payment
    assert stripe_js.refunds_of(payment.transaction_id) == []
    assert seats_of(selection) == seats - 1


def test_reconciliation_goes_on_past_an_item_it_cannot_settle(empty_localstripe, student, caplog):
    # First, a payment whose charge Stripe does not know, in a class that has closed: its
    # refund cannot be made. After it, a free enrolment left undecided by a crash.
    closed = ClassFactory(status=ClassStatus.DENIED)
    unknown = PaymentFactory(
        camp_class=closed, transaction_id="pi_unknown", status=PaymentStatus.ENROLL_PENDING
    )
    free = ClassFactory(status=ClassStatus.APPROVED, price=Decimal("0"), seats=3)
    left = PaymentFactory(
        student=student,
        camp_class=free,
        transaction_id="free_1",
        price=Decimal("0"),
        status=PaymentStatus.ENROLL_PENDING,
    )
    errors = io.StringIO()

    call_command("reconcile_payments", stdout=io.StringIO(), stderr=errors)

    unknown.refresh_from_db()
    left.refresh_from_db()
    assert unknown.status == PaymentStatus.ENROLL_PENDING
    assert left.status == PaymentStatus.ENROLLED
    assert errors.getvalue() == f"payment {unknown.pk}: not settled, tried again next run\n"
    # Stripe answered "no such charge": logged as that, not as Stripe not answering.
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"could not settle payment {unknown.pk}" in logged
    assert "Stripe has no record of this" in caplog.text
    assert "not answering" not in caplog.text


@pytest.fixture
def own_localstripe(settings, tmp_path):
    """A localstripe process of this test's own, which it can freeze (SIGSTOP) and kill."""
    port = free_port()
    process = subprocess.Popen(  # noqa: S603 - the project's own localstripe
        [str(LOCALSTRIPE), "--port", str(port), "--from-scratch"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://localhost:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(f"{base}/js.stripe.com/v3/", timeout=2).raise_for_status()
            break
        except requests.RequestException:
            if time.monotonic() > deadline:
                process.kill()
                pytest.fail("The test's own localstripe did not start.")
            time.sleep(0.2)
    settings.STRIPE_API_BASE = base
    yield process
    process.send_signal(signal.SIGCONT)
    process.kill()
    process.wait()


def test_a_frozen_stripe_process_is_a_bounded_503_then_a_retry_pays_once(
    own_localstripe, save_card, as_student, selection, settings
):
    saved = save_card(as_student, selection)
    seats = seats_of(selection)
    own_localstripe.send_signal(signal.SIGSTOP)
    started = time.monotonic()

    with stripe_gives_up_after(settings, TIMEOUT):
        frozen = pay(as_student, selection, saved)

    waited = time.monotonic() - started
    own_localstripe.send_signal(signal.SIGCONT)
    assert frozen.status_code == 503
    assert waited < BOUNDED
    assert seats_of(selection) == seats
    assert not Payment.objects.exists()

    paid = pay(as_student, selection, saved)

    assert paid.status_code == 201, paid.json()
    assert len(charges_for(saved)) == 1
    assert seats_of(selection) == seats - 1


def test_a_stopped_stripe_process_is_a_503_and_nothing_is_written(
    own_localstripe, as_student, selection, settings
):
    own_localstripe.kill()
    own_localstripe.wait()

    with stripe_gives_up_after(settings, TIMEOUT):
        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

    assert response.status_code == 503
    assert not ChargeAttempt.objects.exists()
    assert Selection.objects.filter(pk=selection.pk).exists()
