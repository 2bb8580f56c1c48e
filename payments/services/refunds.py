"""The school gives a family their money back, and the class its seat: every cent the seat was
paid with goes back the way it came (`seat_paid`): each card charge's part to its card, and
account credit spent on it, or an instalment paid in cash or by cheque, as account credit."""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict
from enrolments.services import seat_give_back
from payments.models import InstalmentStatus, Payment, PaymentStatus, Refund, RefundStatus
from payments.selectors import CHECKOUT_CREDIT, OTHER, seat_paid
from payments.services.common import is_free_enrolment, stripe_call
from payments.services.enrolment_cancellations import refund_at_stripe
from payments.services.ledger import ledger_card_refunds, ledger_credit_given
from payments.services.messages import refund_queue

ZERO = Decimal("0.00")


def payment_refund(*, payment_id: int, reason: str) -> bool:
    """An admin gives an enrolled family their money and the class its seat back, once: each
    card charge's part to its card, the rest as account credit (`seat_paid`).

    True when this call refunded it; False when it was refunded before. The Stripe refunds run
    under the payment's lock, each idempotent by its key, and a failure leaves nothing written,
    so a retry after any failure is safe.
    """
    reason = reason.strip() or "Refunded by the school."
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.status == PaymentStatus.REFUNDED:
            return False
        if payment.status != PaymentStatus.ENROLLED:
            raise Conflict("Only an enrolled payment can be refunded.")
        paid = seat_paid(payment)
        refund_id = ""
        # A free enrolment never went through Stripe, so there is nothing there to give back.
        if not is_free_enrolment(payment):
            with stripe_call():
                refund_id = _card_charges_refunded(payment, paid.card, reason=reason)
        if paid.other > ZERO:
            ledger_credit_given(
                payment,
                paid.other,
                reason=f"{reason} Given back as account credit: what {payment.camp_class.name} "
                "was paid with credit, in cash or by cheque.",
                drawn=(OTHER, CHECKOUT_CREDIT),
            )
        payment.instalments.filter(
            status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED)
        ).update(status=InstalmentStatus.CANCELLED)
        # The seat this payment took goes back to the class.
        seat_give_back(enrolment_id=payment.enrolment_id, reason=reason)
        payment.status = PaymentStatus.REFUNDED
        payment.refund_reason = reason
        payment.refund_id = refund_id
        payment.refunded_at = timezone.now()
        payment.save(update_fields=["status", "refund_reason", "refund_id", "refunded_at"])
        refund_queue(payment, amount=paid.card, credit=paid.other)
    return True


def _card_charges_refunded(payment: Payment, card: Decimal, *, reason: str) -> str:
    """Under the payment's lock: what the card charges still hold (`card`), each back to its
    card (`ledger_card_refunds`), each made at Stripe there and then by its key, so a failure leaves
    nothing written. The first charge's refund id is answered."""
    refunds, _ = ledger_card_refunds(
        payment,
        card,
        reason=reason,
        key=lambda instalment_id: f"camp-school-refund-{payment.pk}-{instalment_id or 'first'}",
    )
    refund_id = ""
    for refund in refunds:
        made = refund_at_stripe(refund)
        Refund.objects.filter(pk=refund.pk).update(
            status=RefundStatus.SUCCEEDED, stripe_refund_id=made, updated_at=timezone.now()
        )
        if refund.instalment_id is None:
            refund_id = made
    return refund_id
