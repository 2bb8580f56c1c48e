"""The school gives a family their money back, and the class its seat: every cent the seat was
paid with goes back the way it came (`seat_paid`): each card charge's part to its card, and
account credit spent on it, or an instalment paid in cash or by cheque, as account credit."""

import logging
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import Conflict, NotFound
from enrolments.services import seat_give_back
from payments import stripe_client
from payments.models import InstalmentStatus, Payment, PaymentStatus, Refund, RefundStatus
from payments.money import in_cents
from payments.selectors import CHECKOUT_CREDIT, OTHER, seat_paid
from payments.services.add_ons import add_ons_given_back
from payments.services.common import is_free_enrolment, payment_charge_refund, stripe_call
from payments.services.ledger import ledger_card_refunds, ledger_credit_given
from payments.services.messages import refund_queue

logger = logging.getLogger(__name__)

ZERO = Decimal("0.00")


def payment_refund(*, payment_id: int, reason: str) -> bool:
    """An admin gives an enrolled family their money and the class its seat back, once: each
    card charge's part to its card, the rest as account credit (`seat_paid`).

    True when this call refunded it; False when it was refunded before. The Stripe refunds run
    under the payment's lock, each idempotent by its key, and a failure leaves nothing written,
    so a retry after any failure is safe.
    """
    # What the family reads, in their language (a reason of ours is said lazily, one typed is
    # kept as typed); the records keep it in the language of whoever refunded.
    said = reason if isinstance(reason, Promise) else reason.strip()
    said = said or gettext_lazy("Refunded by the school.")
    reason = str(said)
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.status == PaymentStatus.REFUNDED:
            return False
        if payment.status != PaymentStatus.ENROLLED:
            raise Conflict(_("Only an enrolled payment can be refunded."))
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
        add_ons_given_back(payment)
        payment.status = PaymentStatus.REFUNDED
        payment.refund_reason = reason
        payment.refund_id = refund_id
        payment.refunded_at = timezone.now()
        payment.save(update_fields=["status", "refund_reason", "refund_id", "refunded_at"])
        refund_queue(payment, amount=paid.card, credit=paid.other, reason=said)
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


def refund_at_stripe(refund: Refund) -> str:
    """Ask Stripe for a refund on record, by its key, on the charge it names (an instalment's
    own, or the payment's first); Stripe's refund id. Raises what Stripe's refusal raises."""
    if refund.instalment_id is not None:
        return stripe_client.charge_refund(
            payment_intent_id=refund.instalment.payment_intent_id,
            reason=refund.reason,
            amount_cents=in_cents(refund.amount),
            idempotency_key=refund.idempotency_key,
        )
    return payment_charge_refund(
        refund.payment,
        reason=refund.reason,
        amount_cents=in_cents(refund.amount),
        idempotency_key=refund.idempotency_key,
    )


def refund_send(*, refund_id: int, told: bool = True) -> Refund:
    """Ask Stripe for the refund, outside any transaction, on the charge it names (an
    instalment's own, or the payment's first); on record either way, a failed one waiting in the
    back office's queue. `told`: the family is e-mailed once it is made (a transfer's e-mail
    tells of its refund itself)."""
    refund = Refund.objects.select_related("payment", "instalment").get(pk=refund_id)
    if refund.status == RefundStatus.SUCCEEDED:
        return refund
    payment = refund.payment
    try:
        stripe_refund_id = refund_at_stripe(refund)
    except stripe_client.PaymentProviderError as error:
        # Refused, unknown at Stripe, or not reached: it waits in the back office's queue.
        logger.warning("Refund %s was not made at Stripe: %s", refund.pk, error)
        Refund.objects.filter(pk=refund.pk).exclude(status=RefundStatus.SUCCEEDED).update(
            status=RefundStatus.FAILED,
            failure_message=str(error) or error.__class__.__name__,
            updated_at=timezone.now(),
        )
        refund.refresh_from_db()
        return refund
    with transaction.atomic():
        # The payment first, then the refund: the order every writer of both takes.
        payment = Payment.objects.select_for_update().get(pk=payment.pk)
        refund = Refund.objects.select_for_update().get(pk=refund_id)
        if refund.status == RefundStatus.SUCCEEDED:
            # A twin retry recorded it first; Stripe made it once, by the key.
            return refund
        refund.status = RefundStatus.SUCCEEDED
        refund.stripe_refund_id = stripe_refund_id
        refund.failure_message = ""
        refund.save(update_fields=["status", "stripe_refund_id", "failure_message", "updated_at"])
        if not told:
            return refund
        payment.refunded_at = timezone.now()
        payment.refund_id = stripe_refund_id
        payment.save(update_fields=["refunded_at", "refund_id"])
        # A refund split over a plan's charges tells of each part.
        refund_queue(
            payment,
            amount=refund.amount,
            about=f"refund:{refund.pk}" if refund.instalment_id else "",
        )
    return refund


def refund_retry(*, refund_id: int) -> Refund:
    """Ask Stripe again for a refund it refused or never answered, with the same key, so it is
    made at most once however often this runs. The refund as it then stands."""
    refund = Refund.objects.filter(pk=refund_id).first()
    if refund is None:
        raise NotFound(_("No such refund."))
    if refund.status == RefundStatus.SUCCEEDED:
        raise Conflict(_("This refund was made already."))
    return refund_send(refund_id=refund.pk)
