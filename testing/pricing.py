"""Price adjustments that only tests name (`settings.PRICE_ADJUSTMENTS`), applied after the
school's own rules: they show that what is charged is what `payments.pricing` answers."""

from decimal import Decimal

from payments.models import Payment, PaymentStatus
from payments.pricing import Adjustment, Kind
from testing.factories import PaymentFactory


def five_dollars_off(participant, camp_class, *, at, context):
    return Adjustment(
        kind=Kind.OTHER, label="Five dollars off (tests only)", amount=Decimal("-5.00")
    )


def a_hundred_dollars_off(participant, camp_class, *, at, context):
    return Adjustment(
        kind=Kind.OTHER, label="A hundred dollars off (tests only)", amount=Decimal("-100.00")
    )


def ten_cents_on_for_children(participant, camp_class, *, at, context):
    if participant.is_account_holder:
        return None
    return Adjustment(
        kind=Kind.OTHER, label="Ten cents on for a child (tests only)", amount=Decimal("0.10")
    )


def paid_as_priced(family, participant, camp_class, line) -> Payment:
    """An enrolled payment for one priced line (`payments.pricing.Quote`), keeping its list price
    and adjustments as a payment made through the payment page does."""
    return PaymentFactory(
        student=family,
        participant=participant,
        camp_class=camp_class,
        price=line.amount_due,
        list_price=line.list_price,
        adjustments=[a.as_record() for a in line.adjustments],
        status=PaymentStatus.ENROLLED,
    )
