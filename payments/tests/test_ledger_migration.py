"""The ledger begins with every cent moved before it: each seat's money, written from the records
each way of paying kept, holds what those records said it holds."""

from decimal import Decimal

import pytest
from django.utils import timezone

from testing.migrations import migrated_to, scratch_database  # noqa: F401 - a fixture

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("scratch_database"),
    # Historical models write classes and people behind the product's models, as migrations do.
    pytest.mark.public_writes_unwatched,
]

BEFORE = [("payments", "0017_the_ledger")]
AFTER = [("payments", "0018_ledger_from_the_records")]
D = Decimal


def test_each_seats_money_is_written_from_the_records_it_was_kept_in():
    old = migrated_to(BEFORE)
    User = old.get_model("accounts", "User")
    Class = old.get_model("classes", "Class")
    Payment = old.get_model("payments", "Payment")
    Instalment = old.get_model("payments", "Instalment")
    Refund = old.get_model("payments", "Refund")
    CreditEntry = old.get_model("payments", "CreditEntry")
    instructor = User.objects.create(email="maya@camp.test", role="instructor")
    family = User.objects.create(email="ana@camp.test", role="student")
    earlier = timezone.now() - timezone.timedelta(days=20)

    def a_class(name: str):
        return Class.objects.create(
            name=name, image="/media/c.png", price=D("400"), seats=5, instructor=instructor
        )

    def a_payment(name: str, **fields):
        fields = {"transaction_id": f"pi_{name}", "price": D("100.00"), **fields}
        return Payment.objects.create(
            student=family, camp_class=a_class(name), date=earlier, **fields
        )

    # A plan: $100 by card and $40 of credit at checkout, one instalment by card and one in cash;
    # then a move down gave $30 back to the card and $50 as credit.
    plan = a_payment(
        "plan", status="cancelled", adjustments=[{"kind": "credit", "amount": "-40.00"}]
    )
    by_card = Instalment.objects.create(
        payment=plan,
        due_on=earlier.date(),
        amount=D("130.00"),
        status="paid",
        paid_by="card",
        payment_intent_id="pi_instalment",
        paid_at=earlier + timezone.timedelta(days=1),
    )
    in_cash = Instalment.objects.create(
        payment=plan,
        due_on=earlier.date(),
        amount=D("130.00"),
        status="paid",
        paid_by="offline",
        paid_at=earlier + timezone.timedelta(days=2),
    )
    Refund.objects.create(
        payment=plan,
        instalment=by_card,
        amount=D("30.00"),
        idempotency_key="camp-transfer-1-i",
        status="succeeded",
        stripe_refund_id="re_1",
    )
    CreditEntry.objects.create(family=family, amount=D("50.00"), reason="Moved", payment=plan)
    # Refunded by the school before the ledger: its charge went back whole, with no refund on
    # record. A free enrolment moved no money.
    refunded = a_payment("refunded", status="refunded", refunded_at=earlier)
    free = a_payment("free", status="cancelled", transaction_id="free_selection1", price=D("0"))
    # Cancelled by the family for credit with the school's 10% bonus on top.
    cancelled = a_payment("cancelled", status="cancelled")
    CreditEntry.objects.create(
        family=family, amount=D("110.00"), reason="Refund as credit", payment=cancelled
    )

    new = migrated_to(AFTER)
    entries = new.get_model("payments", "LedgerEntry").objects

    def held(payment) -> dict:
        """What each part of the seat still holds, as `payments.selectors.seat_paid` adds it."""
        parts = {}
        for entry in entries.filter(payment_id=payment.pk):
            if entry.drawn_from:
                key, sign = (entry.drawn_from, entry.instalment_id), -1
            else:
                key, sign = (entry.kind, entry.instalment_id), 1
            parts[key] = parts.get(key, D("0")) + sign * entry.amount
        return parts

    # The $50 of credit came off the newest card charge left: the instalment's $100.
    assert held(plan) == {
        ("charge", None): D("100.00"),
        ("credit_spent", None): D("40.00"),
        ("charge", by_card.pk): D("50.00"),
        ("offline", in_cash.pk): D("130.00"),
    }
    assert entries.get(payment_id=plan.pk, kind="refund").refund.stripe_refund_id == "re_1"
    assert held(refunded) == {("charge", None): D("0.00")}
    assert not entries.filter(payment_id=free.pk).exists()
    # The bonus is no money of the family's: the seat's $100 is all that went back.
    assert held(cancelled) == {("charge", None): D("0.00")}
    assert sum(e.amount for e in entries.filter(kind="credit_given", payment_id=cancelled.pk)) == (
        D("100.00")
    )
