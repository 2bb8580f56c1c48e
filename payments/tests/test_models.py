from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from payments.models import PaymentStatus, StripeCustomer
from testing.factories import PaymentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("field, value", [("price", Decimal("-1.00")), ("status", "paid")])
def test_the_database_refuses_an_impossible_payment(field, value):
    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentFactory(**{field: value})


def test_a_stripe_payment_intent_is_recorded_once():
    payment = PaymentFactory()

    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentFactory(transaction_id=payment.transaction_id)


def test_a_student_is_enrolled_in_a_class_at_most_once():
    enrolled = PaymentFactory(status=PaymentStatus.ENROLLED)

    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentFactory(
            student=enrolled.student,
            camp_class=enrolled.camp_class,
            status=PaymentStatus.ENROLLED,
        )


def test_refunded_payments_do_not_block_a_new_enrolment():
    refunded = PaymentFactory(status=PaymentStatus.REFUNDED)

    enrolled = PaymentFactory(
        student=refunded.student, camp_class=refunded.camp_class, status=PaymentStatus.ENROLLED
    )

    assert enrolled.pk != refunded.pk


def test_a_student_has_one_stripe_customer():
    first = StripeCustomer.objects.create(student=UserFactory(), customer_id="cus_first")

    with pytest.raises(IntegrityError), transaction.atomic():
        StripeCustomer.objects.create(student=first.student, customer_id="cus_second")


def test_a_stripe_customer_belongs_to_one_student():
    StripeCustomer.objects.create(student=UserFactory(), customer_id="cus_shared")

    with pytest.raises(IntegrityError), transaction.atomic():
        StripeCustomer.objects.create(student=UserFactory(), customer_id="cus_shared")
