"""The school gives a family their money back, and the class its seat: every cent the seat was
paid with goes back the way it came (`seat_paid`): each card charge's part to its card, and
account credit spent on it, or an instalment paid in cash or by cheque, as account credit."""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from core.errors import Conflict
from enrolments.services import seat_give_back
from payments import stripe_client
from payments.models import CreditEntry, InstalmentStatus, PaidBy, Payment, PaymentStatus
from payments.pricing import Kind, in_cents
from payments.services.common import is_free_enrolment, payment_charge_refund, stripe_call
from payments.services.enrolment_cancellations import refundable_charges
from payments.services.instalments import paid_toward
from payments.services.messages import refund_queue

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class SeatPaid:
    """What a seat's payment holds now, by the way it goes back: what its card charges can
    still give back (a refund owed counts as given), and the rest of what it was paid (account
    credit spent at checkout or on an instalment, cash, cheque), which goes back as credit."""

    card: Decimal
    other: Decimal

    @property
    def total(self) -> Decimal:
        return self.card + self.other


def seat_paid(payment: Payment) -> SeatPaid:
    """What the seat's payment took and still holds: the first charge and every instalment paid
    (card, credit, cash, cheque) and the account credit spent on it at checkout, less what went
    back (refunds to the card, credit given back)."""
    card = sum((room for _, room in refundable_charges(payment)), ZERO)
    credit_spent = -sum(
        (Decimal(a["amount"]) for a in payment.adjustments if a.get("kind") == Kind.CREDIT), ZERO
    )
    held = paid_toward(payment) + credit_spent
    return SeatPaid(card=max(card, ZERO), other=max(held - max(card, ZERO), ZERO))


@dataclass(frozen=True)
class GivenBack:
    """One way a seat refunded whole gave its money back: a card charge's (the payment's first,
    or an instalment's, named) to its card, or what went back as account credit."""

    way: PaidBy
    amount: Decimal
    instalment_id: int | None = None


def seat_given_back(payment: Payment) -> list[GivenBack]:
    """Where the money of a seat refunded whole (`payment_refund`, or a charge refused its seat)
    went, so the family can follow every cent: each card charge went back whole to its card, the
    first charge's, then each instalment's by its date, and the rest as account credit. Nothing
    for a payment not refunded whole (a family's cancellation keeps its own refunds on record)."""
    if payment.status != PaymentStatus.REFUNDED:
        return []
    parts = []
    if not is_free_enrolment(payment) and payment.price > ZERO:
        parts.append(GivenBack(way=PaidBy.CARD, amount=payment.price))
    parts += [
        GivenBack(way=PaidBy.CARD, amount=instalment.amount, instalment_id=instalment.pk)
        for instalment in payment.instalments.filter(
            status=InstalmentStatus.PAID, paid_by=PaidBy.CARD
        ).order_by("due_on", "id")
    ]
    credit = payment.credit_entries.filter(amount__gt=ZERO).aggregate(total=Sum("amount"))["total"]
    if credit:
        parts.append(GivenBack(way=PaidBy.CREDIT, amount=credit))
    return parts


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
                refund_id = _card_charges_refunded(payment, reason=reason)
        if paid.other > ZERO:
            CreditEntry.objects.create(
                family_id=payment.student_id,
                amount=paid.other,
                reason=f"{reason} Given back as account credit: what {payment.camp_class.name} "
                "was paid with credit, in cash or by cheque.",
                payment=payment,
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


def _card_charges_refunded(payment: Payment, *, reason: str) -> str:
    """Under the payment's lock: what each card charge can still give back, to its card, each
    once by its key (the first charge's refund id is answered)."""
    refund_id = ""
    refunded = dict(
        payment.refunds.values_list("instalment_id").annotate(total=Sum("amount")).order_by()
    )
    for instalment, room in refundable_charges(payment):
        if room <= ZERO:
            continue
        whole = not refunded.get(instalment.pk if instalment else None)
        if instalment is None:
            # The whole charge by its usual key, as before; what is left of it after a
            # refund already made, by a key of its own.
            refund_id = payment_charge_refund(
                payment,
                reason=reason,
                amount_cents=None if whole and not payment.shares_its_charge else in_cents(room),
                idempotency_key="" if whole else f"camp-refund-rest-{payment.transaction_id}",
            )
            continue
        stripe_client.charge_refund(
            payment_intent_id=instalment.payment_intent_id,
            reason=reason,
            amount_cents=in_cents(room),
            idempotency_key=f"camp-refund-instalment-{instalment.pk}" + ("" if whole else "-rest"),
        )
    return refund_id
