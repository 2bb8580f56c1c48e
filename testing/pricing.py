"""Payments as the payment page makes them from a priced line (`checkout.pricing.Quote`)."""

from payments.models import Payment, PaymentStatus
from testing.factories import PaymentFactory


def paid_as_priced(family, participant, camp_class, line) -> Payment:
    """An enrolled payment for one priced line (`checkout.pricing.Quote`), keeping its list price
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
