"""An admin's refund against localstripe: the money back at Stripe, the seat back in the class."""

from datetime import datetime

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from accounts.models import Role
from core.errors import Conflict
from payments import stripe_client
from payments.models import Payment, PaymentStatus
from payments.services import payment_refund
from testing.factories import PaymentFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def enrolled(pay, as_student, selection) -> Payment:
    """A student who paid by card through the real flow and took a seat (10 -> 9 seats)."""
    answer = pay(as_student, selection)
    assert answer.status_code == 201, answer.json()
    payment = Payment.objects.get(student=selection.student)
    assert payment.status == PaymentStatus.ENROLLED
    return payment


def refunds_at_stripe(payment: Payment) -> list:
    return (
        stripe_client.client()
        .v1.refunds.list(params={"payment_intent": payment.transaction_id})
        .data
    )


def test_a_refund_gives_the_money_and_the_seat_back(enrolled, pottery):
    assert (pottery.seats, pottery.enroll) == (10, 2)
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (9, 3)

    assert payment_refund(payment_id=enrolled.pk, reason="Moved to another town.") is True

    enrolled.refresh_from_db()
    pottery.refresh_from_db()
    assert enrolled.status == PaymentStatus.REFUNDED
    assert enrolled.refund_reason == "Moved to another town."
    assert (pottery.seats, pottery.enroll) == (10, 2)
    stripe_refunds = refunds_at_stripe(enrolled)
    assert [refund.id for refund in stripe_refunds] == [enrolled.refund_id]
    assert stripe_refunds[0].amount == 4550


def test_refunding_twice_refunds_once(enrolled, pottery):
    payment_refund(payment_id=enrolled.pk, reason="Moved to another town.")

    assert payment_refund(payment_id=enrolled.pk, reason="Again") is False

    pottery.refresh_from_db()
    enrolled.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (10, 2)
    assert enrolled.refund_reason == "Moved to another town."
    assert len(refunds_at_stripe(enrolled)) == 1


def test_only_an_enrolled_payment_is_refunded():
    pending = PaymentFactory(status=PaymentStatus.ENROLL_PENDING)

    with pytest.raises(Conflict, match="Only an enrolled payment can be refunded."):
        payment_refund(payment_id=pending.pk, reason="")

    pending.refresh_from_db()
    assert pending.status == PaymentStatus.ENROLL_PENDING


def test_the_refund_action_in_the_back_office(enrolled, pottery):
    other = PaymentFactory(status=PaymentStatus.ENROLL_PENDING)
    back_office = Client()
    back_office.force_login(UserFactory(role=Role.ADMIN))

    response = back_office.post(
        "/admin/payments/payment/",
        {"action": "refund_selected", "_selected_action": [enrolled.pk, other.pk]},
        follow=True,
    )

    assert response.status_code == 200
    messages = [str(message) for message in get_messages(response.wsgi_request)] or [
        str(message) for message in response.context["messages"]
    ]
    assert messages == [
        "1 refunded; each seat was given back.",
        "1 skipped: Only an enrolled payment can be refunded.",
    ]
    enrolled.refresh_from_db()
    pottery.refresh_from_db()
    assert enrolled.status == PaymentStatus.REFUNDED
    assert (pottery.seats, pottery.enroll) == (10, 2)


def test_payments_cannot_be_changed_in_the_back_office(enrolled):
    back_office = Client()
    back_office.force_login(UserFactory(role=Role.ADMIN))

    page = back_office.get(f"/admin/payments/payment/{enrolled.pk}/change/")
    forged = back_office.post(
        f"/admin/payments/payment/{enrolled.pk}/change/",
        {"status": "refunded", "refund_reason": "forged"},
    )

    assert page.status_code == 200
    assert not page.context["adminform"].form.fields
    assert forged.status_code == 403
    enrolled.refresh_from_db()
    assert enrolled.status == PaymentStatus.ENROLLED


def test_the_history_dates_the_refund_and_says_how_much_went_back(enrolled, api_client_for):
    before = timezone.now()

    payment_refund(payment_id=enrolled.pk, reason="Moved to another town.")

    [row] = api_client_for(enrolled.student).get(f"/api/payments/{enrolled.student.email}").json()
    refunded_at = datetime.fromisoformat(row["refundedAt"].replace("Z", "+00:00"))
    assert before <= refunded_at <= timezone.now()
    assert (row["status"], row["refundAmount"], row["price"]) == ("refunded", 45.5, 45.5)
    # An enrolled payment has no refund line yet.
    other = PaymentFactory(student=enrolled.student, status=PaymentStatus.ENROLLED)
    rows = api_client_for(enrolled.student).get(f"/api/payments/{enrolled.student.email}").json()
    assert [
        (r["_id"], r["refundedAt"], r["refundAmount"]) for r in rows if r["_id"] == other.pk
    ] == [(other.pk, None, None)]
