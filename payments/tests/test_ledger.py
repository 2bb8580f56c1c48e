"""The ledger's own rules: money out never beyond the part it comes from, each part paid once,
and what a seat holds read back part by part, newest first."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from core.errors import Conflict
from payments.models import (
    Instalment,
    InstalmentStatus,
    LedgerEntry,
    LedgerKind,
    PaidBy,
    PaymentStatus,
    Refund,
)
from payments.selectors import CARD, CHECKOUT_CREDIT, OTHER, credit_balance, seat_paid
from payments.services.ledger import (
    ledger_card_refunds,
    ledger_credit_given,
    ledger_instalment_paid,
    ledger_refund,
)
from testing.factories import PaymentFactory

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def seat():
    """$60 by card and $40 of credit at checkout, then $50 in cash and $70 by card."""
    payment = PaymentFactory(
        status=PaymentStatus.ENROLLED,
        price=D("60.00"),
        adjustments=[{"kind": "credit", "label": "Account credit", "amount": "-40.00"}],
    )
    for amount, paid_by, charge in (("50.00", PaidBy.OFFLINE, ""), ("70.00", PaidBy.CARD, "pi_i")):
        instalment = Instalment.objects.create(
            payment=payment,
            due_on=payment.date.date(),
            amount=D(amount),
            status=InstalmentStatus.PAID,
            paid_by=paid_by,
            payment_intent_id=charge,
        )
        ledger_instalment_paid(instalment)
    return payment


def ways(payment) -> list[tuple[str, Decimal]]:
    return [(part.way, room) for part, room in seat_paid(payment).parts]


def test_what_a_seat_holds_is_each_part_newest_first(seat):
    held = seat_paid(seat)

    assert ways(seat) == [
        ("card", D("70.00")),
        ("other", D("50.00")),
        ("card", D("60.00")),
        ("checkout_credit", D("40.00")),
    ]
    assert (held.card, held.credit_at_checkout, held.paid_otherwise, held.total) == (
        D("130.00"),
        D("40.00"),
        D("50.00"),
        D("220.00"),
    )


def test_card_refunds_take_the_newest_charge_first_and_return_what_no_card_holds(seat):
    refunds, left = ledger_card_refunds(
        seat, D("150.00"), reason="Cancelled", key=lambda instalment_id: f"k-{instalment_id}"
    )

    assert [refund.amount for refund in refunds] == [D("70.00"), D("60.00")]
    assert left == D("20.00")
    assert seat_paid(seat).card == D("0.00")


def test_credit_given_is_drawn_from_the_parts_named_in_order_and_never_beyond(seat):
    ledger_credit_given(seat, D("45.00"), reason="Moved", drawn=(CHECKOUT_CREDIT, OTHER))

    assert ways(seat)[1:4:2] == [("other", D("45.00")), ("checkout_credit", D("0.00"))]
    assert credit_balance(seat.student_id) == D("45.00")
    with pytest.raises(Conflict), transaction.atomic():
        ledger_credit_given(seat, D("46.00"), reason="Too much", drawn=(OTHER,))
    # Refused whole: neither the account nor the ledger moved.
    assert credit_balance(seat.student_id) == D("45.00")
    assert seat_paid(seat).paid_otherwise == D("45.00")


def test_a_refund_beyond_what_is_left_of_its_charge_is_refused(seat):
    # $70 of the newest charge and $5 of the first went back as credit: $55 of it is left.
    ledger_credit_given(seat, D("75.00"), reason="Moved", drawn=(CARD,))
    too_much = Refund.objects.create(payment=seat, amount=D("60.00"), idempotency_key="too-much")

    with pytest.raises(Conflict):
        ledger_refund(too_much)


def test_the_bonus_on_credit_is_the_schools_and_no_part_of_the_seat(seat):
    entry = ledger_credit_given(
        seat, D("100.00"), bonus=D("10.00"), reason="As credit", drawn=(CARD,)
    )

    assert entry.amount == D("110.00")
    assert seat_paid(seat).card == D("30.00")
    assert sum(e.amount for e in LedgerEntry.objects.filter(credit_entry=entry)) == D("100.00")


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": LedgerKind.CHARGE, "amount": D("0.00")},
        {"kind": LedgerKind.REFUND, "amount": D("1.00"), "drawn_from": LedgerKind.OFFLINE},
        {"kind": LedgerKind.CHARGE, "amount": D("1.00"), "drawn_from": LedgerKind.CHARGE},
        {"kind": LedgerKind.CREDIT_GIVEN, "amount": D("1.00")},
        # The payment's own charge is on record already.
        {"kind": LedgerKind.CHARGE, "amount": D("1.00")},
    ],
)
def test_the_database_refuses_an_entry_that_breaks_the_ledgers_rules(seat, fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(family_id=seat.student_id, payment=seat, **fields)


def test_an_instalment_is_paid_once(seat):
    instalment = seat.instalments.first()

    with pytest.raises(IntegrityError), transaction.atomic():
        ledger_instalment_paid(instalment)
