"""Recording and fulfilling charges, with real charges made at localstripe."""

import io
import uuid
from decimal import Decimal

import pytest
from django.core.management import call_command

from checkout.services import payment_fulfil, payment_record
from classes.models import Class, ClassStatus
from enrolments.models import Selection
from enrolments.rules import Refusal
from payments import stripe_client
from payments.models import ChargeAttempt, Payment, PaymentStatus
from payments.money import in_cents
from payments.tests import stripe_js
from testing.factories import PaymentFactory

pytestmark = pytest.mark.django_db


def charge_for(selection, *, amount: int = 4550, **metadata) -> stripe_client.Charge:
    """A charge made the way payment_create makes one, for a selection."""
    student = selection.student
    customer_id = stripe_client.customer_create(
        email=student.email, name=student.name, student_id=student.pk
    )
    return stripe_client.charge_create(
        amount=amount,
        currency="usd",
        customer_id=customer_id,
        payment_method_id="pm_card_visa",
        metadata={
            "app": "camp",
            "student_id": str(student.pk),
            "student_email": student.email,
            "class_id": str(selection.camp_class_id),
            "selection_id": str(selection.pk),
            **metadata,
        },
        idempotency_key=str(uuid.uuid4()),
    )


@pytest.mark.parametrize(
    ("price", "cents"),
    [
        (Decimal("45.50"), 4550),
        (Decimal("19.99"), 1999),
        (Decimal("0.10"), 10),
        (Decimal("0.29"), 29),
        (Decimal("0"), 0),
        (Decimal("999999.99"), 99999999),
        (Decimal("1.005"), 101),
    ],
)
def test_prices_become_cents_exactly(price, cents):
    assert in_cents(price) == cents


def test_a_charge_is_recorded_once_as_pending(localstripe, selection):
    charge = charge_for(selection)

    first = payment_record(charge=charge)
    again = payment_record(charge=charge)

    assert first == again
    assert Payment.objects.count() == 1
    assert (first.status, first.price, first.currency, first.transaction_id) == (
        PaymentStatus.ENROLL_PENDING,
        Decimal("45.50"),
        "usd",
        charge.id,
    )


def test_fulfilling_takes_a_seat_once(localstripe, selection, pottery):
    payment = payment_record(charge=charge_for(selection))

    first = payment_fulfil(payment_id=payment.pk)
    again = payment_fulfil(payment_id=payment.pk)

    assert (first.status, again.status) == ("enrolled", "enrolled")
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (9, 3)
    assert not Selection.objects.filter(pk=selection.pk).exists()


def test_a_second_charge_for_a_class_already_paid_is_refunded(localstripe, selection, pottery):
    enrolled = payment_fulfil(payment_id=payment_record(charge=charge_for(selection)).pk)
    duplicate = payment_record(charge=charge_for(selection))

    refunded = payment_fulfil(payment_id=duplicate.pk)

    assert enrolled.status == "enrolled"
    assert (refunded.status, refunded.refund_reason) == (
        "refunded",
        "You were already enrolled in this class; this payment has been refunded.",
    )
    assert [refund["id"] for refund in stripe_js.refunds_of(duplicate.transaction_id)] == [
        refunded.refund_id
    ]
    assert stripe_js.refunds_of(enrolled.transaction_id) == []
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (9, 3)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            {"status": ClassStatus.DENIED},
            "The class closed for enrolment while you were paying; your payment has been refunded.",
        ),
        (
            {"seats": 0},
            Refusal.FULL.refund_reason,
        ),
        (
            {"price": Decimal("45.49")},
            "The price of this class changed while you were paying; "
            "your payment has been refunded.",
        ),
    ],
)
def test_a_charge_that_cannot_have_a_seat_is_refunded_once(
    localstripe, selection, pottery, change, reason
):
    payment = payment_record(charge=charge_for(selection))
    Class.objects.filter(pk=pottery.pk).update(**change)

    refunded = payment_fulfil(payment_id=payment.pk)
    payment_fulfil(payment_id=payment.pk)

    assert (refunded.status, refunded.refund_reason) == ("refunded", reason)
    refunds = stripe_js.refunds_of(payment.transaction_id)
    assert [(refund["id"], refund["amount"]) for refund in refunds] == [(refunded.refund_id, 4550)]
    assert Selection.objects.filter(pk=selection.pk).exists()


def _attempt_confirming(selection, *, setup_intent_id: str, amount_cents: int) -> ChargeAttempt:
    return ChargeAttempt.objects.create(
        student=selection.student,
        camp_class_id=selection.camp_class_id,
        selection_id=selection.pk,
        setup_intent_id=setup_intent_id,
        amount_cents=amount_cents,
        currency="usd",
        idempotency_key=f"camp-charge-{setup_intent_id}-{amount_cents}",
    )


def test_a_charge_of_the_amount_its_attempt_confirmed_enrols_whatever_the_class_costs_now(
    localstripe, selection, pottery
):
    # The family confirmed $45.50; the class was repriced while the bank was asked.
    _attempt_confirming(selection, setup_intent_id="seti_confirmed", amount_cents=4550)
    Class.objects.filter(pk=pottery.pk).update(price=Decimal("50.00"))
    payment = payment_record(charge=charge_for(selection, setup_intent_id="seti_confirmed"))

    enrolled = payment_fulfil(payment_id=payment.pk)

    assert (enrolled.status, enrolled.price) == ("enrolled", Decimal("45.50"))
    assert stripe_js.refunds_of(payment.transaction_id) == []


def test_a_charge_other_than_its_attempt_confirmed_is_refunded_though_it_is_the_class_price(
    localstripe, selection, pottery
):
    _attempt_confirming(selection, setup_intent_id="seti_confirmed", amount_cents=4000)
    payment = payment_record(charge=charge_for(selection, setup_intent_id="seti_confirmed"))

    refunded = payment_fulfil(payment_id=payment.pk)

    assert (refunded.status, refunded.refund_reason) == ("refunded", Refusal.PRICE.refund_reason)
    assert [refund["amount"] for refund in stripe_js.refunds_of(payment.transaction_id)] == [4550]
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (10, 2)


def test_a_charge_of_the_wrong_amount_is_refunded(localstripe, selection, pottery):
    payment = payment_record(charge=charge_for(selection, amount=100))

    refunded = payment_fulfil(payment_id=payment.pk)

    assert refunded.status == "refunded"
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (10, 2)


def test_a_charge_for_a_class_we_do_not_have_is_refunded_without_a_record(localstripe, selection):
    charge = charge_for(selection, class_id="987654321")

    assert payment_record(charge=charge) is None
    assert not Payment.objects.exists()
    assert len(stripe_js.refunds_of(charge.id)) == 1


def test_someone_elses_charge_is_not_ours_to_record(localstripe):
    charge = stripe_js.foreign_charge()

    assert payment_record(charge=charge) is None
    assert stripe_js.refunds_of(charge.id) == []


def test_a_charge_naming_a_student_we_do_not_know_is_left_alone(localstripe, selection):
    charge = charge_for(selection, student_email="someone@elsewhere.test")

    assert payment_record(charge=charge) is None
    assert stripe_js.refunds_of(charge.id) == []


def test_a_refund_is_made_once_however_often_it_is_asked(localstripe, selection):
    charge = charge_for(selection)

    first = stripe_client.charge_refund(payment_intent_id=charge.id, reason="test")
    again = stripe_client.charge_refund(payment_intent_id=charge.id, reason="test")

    assert first == again
    assert len(stripe_js.refunds_of(charge.id)) == 1


def test_a_payment_already_refunded_by_hand_is_left_as_it_is(localstripe):
    payment = PaymentFactory(status=PaymentStatus.REFUNDED, refund_reason="Class cancelled")

    assert payment_fulfil(payment_id=payment.pk).refund_reason == "Class cancelled"


def test_reconciliation_finishes_payments_left_undecided(empty_localstripe, selection, pottery):
    Class.objects.filter(pk=pottery.pk).update(seats=1)
    first = payment_record(charge=charge_for(selection))
    second = payment_record(charge=charge_for(selection))
    out = io.StringIO()

    call_command("reconcile_payments", stdout=out)
    call_command("reconcile_payments", stdout=io.StringIO())

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == ("enrolled", "refunded")
    said = out.getvalue()
    assert f"charge {first.transaction_id}: enrolled" in said
    assert f"charge {second.transaction_id}: refunded" in said
    assert len(stripe_js.refunds_of(second.transaction_id)) == 1
    assert len(stripe_js.refunds_of(first.transaction_id)) == 0
