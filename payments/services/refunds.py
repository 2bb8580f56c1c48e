"""The school gives a student their money back, and the class its seat."""

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict
from enrolments.services import seat_give_back
from payments import stripe_client
from payments.models import InstalmentStatus, PaidBy, Payment, PaymentStatus
from payments.pricing import in_cents
from payments.services.common import is_free_enrolment, payment_charge_refund, stripe_call
from payments.services.messages import refund_queue


def payment_refund(*, payment_id: int, reason: str) -> bool:
    """An admin gives an enrolled student their money and the class its seat back, once.

    True when this call refunded it; False when it was refunded before. The Stripe refund runs
    under the payment's lock and is itself idempotent, so a retry after any failure is safe.
    """
    reason = reason.strip() or "Refunded by the school."
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.status == PaymentStatus.REFUNDED:
            return False
        if payment.status != PaymentStatus.ENROLLED:
            raise Conflict("Only an enrolled payment can be refunded.")
        refund_id = ""
        # A free enrolment never went through Stripe, so there is nothing there to give back.
        if not is_free_enrolment(payment):
            with stripe_call():
                refund_id = payment_charge_refund(payment, reason=reason)
                _instalments_refunded(payment, reason=reason)
        # The seat this payment took goes back to the class.
        seat_give_back(enrolment_id=payment.enrolment_id, reason=reason)
        payment.status = PaymentStatus.REFUNDED
        payment.refund_reason = reason
        payment.refund_id = refund_id
        payment.refunded_at = timezone.now()
        payment.save(update_fields=["status", "refund_reason", "refund_id", "refunded_at"])
        refund_queue(payment)
    return True


def _instalments_refunded(payment: Payment, *, reason: str) -> None:
    """Under the payment's lock: a plan's (or a transfer's) own charges back in full, each once
    by its key, and what was still to pay cancelled."""
    for instalment in payment.instalments.filter(status=InstalmentStatus.PAID, paid_by=PaidBy.CARD):
        stripe_client.charge_refund(
            payment_intent_id=instalment.payment_intent_id,
            reason=reason,
            amount_cents=in_cents(instalment.amount),
            idempotency_key=f"camp-refund-instalment-{instalment.pk}",
        )
    payment.instalments.filter(status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED)).update(
        status=InstalmentStatus.CANCELLED
    )
