"""What a payment tells the student: the receipt when a seat is taken, the refund when money goes
back. Queued in the transaction that changes the payment (notifications/), so each is sent once
whichever of the browser, the webhook and reconciliation got there first."""

from decimal import Decimal

from notifications.services import message_queue
from payments.message_kinds import PaymentMessage
from payments.models import Payment
from payments.refund_policy import refund_policy_text_of


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def _queue(kind: PaymentMessage, payment: Payment, **more) -> None:
    # One read for the student, the class and its instructor.
    payment = Payment.objects.select_related(
        "student", "participant", "camp_class__instructor"
    ).get(pk=payment.pk)
    camp_class = payment.camp_class
    message_queue(
        kind=kind,
        about=f"payment:{payment.pk}",
        recipient=payment.student.email,
        context={
            "name": payment.student.name,
            "class_name": camp_class.name,
            # Whom the seat is for: the parent pays and reads the mail, a child may take it.
            "participant_name": payment.participant_name or payment.student.name,
            "for_child": payment.participant is not None
            and not payment.participant.is_account_holder,
            "instructor_name": camp_class.instructor.name,
            "amount": _money(payment.price),
            "transaction_id": payment.transaction_id,
            "paid_at": payment.date,
            "free": payment.price == 0,
            "reason": payment.refund_reason,
            **more,
        },
    )


def receipt_queue(payment: Payment) -> None:
    _queue(PaymentMessage.PAYMENT_RECEIPT, payment, refund_policy=refund_policy_text_of(payment))


def refund_queue(payment: Payment, *, amount: Decimal | None = None) -> None:
    """The money went back: all of the payment, or `amount` of it (a cancellation's part)."""
    more = {} if amount is None else {"amount": _money(amount)}
    _queue(PaymentMessage.REFUND_MADE, payment, **more)


def enrolment_cancelled_queue(
    payment: Payment,
    *,
    refund: Decimal,
    tier_label: str,
    why: str,
    policy_text: str,
    withheld: Decimal = Decimal(0),
    to_credit: bool = False,
) -> None:
    """The family cancelled: what the policy gives back (to the card, or as account credit),
    why that much, and a discount kept from it."""
    _queue(
        PaymentMessage.ENROLMENT_CANCELLED,
        payment,
        refund=_money(refund),
        refund_due=refund > 0 and not to_credit,
        to_credit=to_credit,
        withheld=_money(withheld) if withheld > 0 else "",
        tier_label=tier_label,
        why=why,
        refund_policy=policy_text,
    )
