"""payments.prepared: a family's payment history read by its statement is what the ORM's queryset
answers for the same data, on the database the suite runs on."""

from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from payments.models import PaymentStatus, Refund, RefundStatus
from payments.selectors import payment_list_for
from testing.factories import ChildFactory, ClassFactory, PaymentFactory, UserFactory

pytestmark = pytest.mark.django_db


def columns(instance) -> dict:
    """Every column's value as the model holds it; a decimal by its digits too (12.50, not 12.5)."""
    values = {
        field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields
    }
    return {
        name: str(value) if isinstance(value, Decimal) else value for name, value in values.items()
    }


def refund(payment, amount: str, status: str) -> Refund:
    return Refund.objects.create(
        payment=payment,
        amount=Decimal(amount),
        idempotency_key=f"refund-{payment.pk}-{amount}-{status}",
        status=status,
        stripe_refund_id="re_test" if status == RefundStatus.SUCCEEDED else "",
    )


def test_the_rows_related_objects_and_refunds_are_the_queryset_s():
    student = UserFactory()
    child = ChildFactory(account=student)
    yesterday = timezone.now() - timedelta(days=1)
    cancelled = PaymentFactory(
        student=student,
        participant=child,
        camp_class=ClassFactory(price=Decimal("80.10")),
        status=PaymentStatus.CANCELLED,
        date=yesterday,
        refund_policy={"days": [14, 7], "shares": ["1.00", "0.50"]},
        # In another zone than the school's, to the microsecond, some months ahead of the run.
        starts_at_promised=(timezone.now() + timedelta(days=200))
        .astimezone(ZoneInfo("America/Toronto"))
        .replace(microsecond=500),
    )
    # What went back in two parts, what Stripe refused and what is not yet asked.
    refund(cancelled, "10.05", RefundStatus.SUCCEEDED)
    refund(cancelled, "20", RefundStatus.SUCCEEDED)
    refund(cancelled, "5.50", RefundStatus.FAILED)
    owing = PaymentFactory(student=student, status=PaymentStatus.CANCELLED, date=yesterday)
    refund(owing, "3.00", RefundStatus.PENDING)
    PaymentFactory(student=student, status=PaymentStatus.ENROLLED, price=Decimal("0"))
    PaymentFactory(student=student, participant=child, status=PaymentStatus.REFUNDED)
    PaymentFactory()

    for participant_id in (None, child.pk):
        answer = payment_list_for(student=student, participant_id=participant_id)
        with CaptureQueriesContext(connection) as queries:
            rows = list(answer)
            for row in rows:
                row.student, row.camp_class.instructor  # noqa: B018
        ordinary = list(answer.queryset)

        assert len(queries) == 1
        assert [columns(row) for row in rows] == [columns(row) for row in ordinary]
        # The same sums (the ORM's on SQLite carries a float's digits: 30.0500000000000).
        assert [(row.refunds_made, row.refund_owed) for row in rows] == [
            (row.refunds_made, bool(row.refund_owed)) for row in ordinary
        ]
        for row, expected in zip(rows, ordinary, strict=True):
            assert row.student is student
            assert columns(row.camp_class) == columns(expected.camp_class)
            assert columns(row.camp_class.instructor) == columns(expected.camp_class.instructor)
    made = {
        row.pk: (str(row.refunds_made), row.refund_owed)
        for row in payment_list_for(student=student)
    }
    assert made[cancelled.pk] == ("30.05", True)
    assert made[owing.pk] == ("0.00", True)
    assert len(made) == 4
