"""What a payment tells the student: one receipt per payment, one word of each refund; paid
through localstripe, whichever of the page, a retry and the webhook gets there first."""

from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import dateformat, timezone

from notifications.models import Message, MessageStatus
from notifications.services import message_resend
from payments.message_kinds import PaymentMessage
from payments.models import Payment, RefundPolicy
from payments.services import payment_refund
from payments.tests import stripe_js
from settlement.tests.test_webhooks import authenticated_but_not_posted, post_event
from testing.outbox import html_of, send_queued

pytestmark = pytest.mark.django_db


def test_a_payment_sends_one_receipt_with_what_was_paid_for(pay, as_student, selection, student):
    RefundPolicy.objects.create(
        admin_fee=Decimal("5.00"),
        full_refund_days=21,
        partial_refund_days=10,
        partial_refund_percent=40,
    )
    assert pay(as_student, selection).status_code == 201
    payment = Payment.objects.get()

    [receipt] = send_queued()

    assert receipt.to == [student.email]
    assert receipt.subject == "Your receipt: Wheel-Thrown Pottery"
    for fact in (
        "Hello Sam Rivera,",
        "Class: Wheel-Thrown Pottery",
        "Instructor: Maya Lindqvist",
        "Paid: $45.50",
        f"Transaction: {payment.transaction_id}",
        "Refund policy: Cancel 21 days or more before the first meeting for a full refund less "
        "a $5.00 administration fee; 20 to 10 days before, 40% is refunded; fewer than 10 days "
        "before, or once the class has started, nothing is refunded.",
        "http://localhost:8000/dashboard/my-payment-history",
    ):
        assert fact in receipt.body
    html = html_of(receipt)
    assert "$45.50" in html and payment.transaction_id in html


def test_the_receipt_is_written_by_the_worker_that_sends_it_and_kept_as_sent(
    pay, as_student, selection, student
):
    assert pay(as_student, selection).status_code == 201
    payment = Payment.objects.get()
    queued = Message.objects.get(kind=PaymentMessage.PAYMENT_RECEIPT)
    # The payment's request wrote the row and what it is made of, and rendered nothing.
    assert (queued.about, queued.recipient, queued.subject, queued.text, queued.calendar) == (
        f"payment:{payment.pk}",
        student.email,
        "",
        "",
        "",
    )
    assert queued.facts == {"payment_id": payment.pk, "class_id": selection.camp_class_id}

    [receipt] = send_queued()

    sent = Message.objects.get(pk=queued.pk)
    assert sent.status == MessageStatus.SENT
    assert (sent.subject, sent.text) == (receipt.subject, receipt.body)
    assert "BEGIN:VCALENDAR" in sent.calendar
    # A resend repeats what was sent.
    resent = message_resend(message_id=sent.pk)
    assert (resent.subject, resent.text, resent.calendar) == (
        sent.subject,
        sent.text,
        sent.calendar,
    )


def test_the_receipt_dates_the_payment_in_the_schools_time_zone(pay, as_student, selection):
    pay(as_student, selection)
    payment = Payment.objects.get()

    [receipt] = send_queued()

    school_time = timezone.localtime(payment.date, ZoneInfo("America/Los_Angeles"))
    assert f"Date: {dateformat.format(school_time, 'F j, Y, g:i A T')}" in receipt.body
    assert school_time.strftime("%Z") in ("PST", "PDT")


def test_the_page_the_webhook_replayed_and_a_retry_make_one_receipt(
    api_client, save_card, as_student, selection
):
    payment_intent_id = authenticated_but_not_posted(save_card, as_student, selection)
    event = stripe_js.succeeded_event(payment_intent_id)

    for _ in range(10):
        assert post_event(api_client, event).status_code == 200
    for _ in range(2):
        as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": payment_intent_id},
            format="json",
        )

    assert len(send_queued()) == 1


def test_a_refund_is_told_with_its_amount(pay, as_student, selection, student):
    pay(as_student, selection)
    payment = Payment.objects.get()
    send_queued()

    payment_refund(payment_id=payment.pk, reason="The class moved to a week you are away.")
    payment_refund(payment_id=payment.pk, reason="Again.")

    [_, refund] = send_queued()
    assert refund.to == [student.email]
    assert refund.subject == "Refund for Wheel-Thrown Pottery"
    assert "We have refunded $45.50 for Wheel-Thrown Pottery" in refund.body
    assert "The class moved to a week you are away." in refund.body
