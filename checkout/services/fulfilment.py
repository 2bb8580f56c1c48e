"""A succeeded charge is put on record, then given its seat or its money back, exactly once,
whichever of the browser, the webhook and reconciliation gets there first."""

import logging
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Subquery
from django.utils import timezone

from accounts.models import Participant, User
from accounts.services import account_holder_of
from checkout.pricing import price_for
from classes.models import Class
from enrolments.models import Selection
from enrolments.rules import Refusal
from enrolments.services import SeatRefused, seat_take
from enrolments.services.class_reminders import class_reminder_if_due
from extras.services import answers_record
from payments import stripe_client
from payments.models import (
    ChargeAttempt,
    CheckoutLine,
    InstalmentStatus,
    PaidWith,
    Payment,
    PaymentStatus,
)
from payments.money import in_cents
from payments.refund_policy import RefundTerms
from payments.selectors import CHECKOUT_CREDIT, refund_policy_in_force, seat_paid
from payments.services.add_ons import add_on_options_of, add_ons_given_back
from payments.services.common import (
    CURRENCY,
    METADATA_APP,
    is_free_enrolment,
    payment_charge_refund,
    stripe_call,
)
from payments.services.ledger import ledger_card_refunded, ledger_credit_given, ledger_payment_made
from payments.services.messages import receipt_queue, refund_queue

logger = logging.getLogger(__name__)


def payment_record(*, charge: stripe_client.Charge) -> Payment | None:
    """Put a succeeded charge on record as enrollPending, once per PaymentIntent.

    None when the charge is not this site's. A charge for a class that no longer exists is
    refunded here, since there is no class to record it against.
    """
    if charge.status != "succeeded":
        raise ValueError(f"Only a succeeded charge is recorded, not {charge.status!r}.")
    recorded = Payment.objects.filter(transaction_id=charge.id).first()
    if recorded is not None:
        return recorded
    metadata = charge.metadata
    if metadata.get("app") != METADATA_APP or metadata.get("checkout_id"):
        # A family checkout's charge pays several lines: `family_checkout.checkout_record`.
        return None
    student_id, class_id = metadata.get("student_id", ""), metadata.get("class_id", "")
    student = None
    if student_id.isdigit():
        student = User.objects.filter(
            pk=int(student_id), email=metadata.get("student_email", "")
        ).first()
    if student is None:
        # Another site sharing the Stripe account (a developer's, a staging one) made it.
        logger.warning("Charge %s names a student we do not know; left alone.", charge.id)
        return None
    if not class_id.isdigit() or not Class.objects.filter(pk=int(class_id)).exists():
        logger.warning("Charge %s is for a class we do not have; refunding it.", charge.id)
        with stripe_call():
            stripe_client.charge_refund(
                payment_intent_id=charge.id, reason="The class no longer exists."
            )
        return None
    selection_id = metadata.get("selection_id", "")
    participant = _participant_of(student, metadata)
    attempt_id = metadata.get("attempt_id", "")
    attempt = (
        ChargeAttempt.objects.filter(pk=int(attempt_id), amount_cents=charge.amount).first()
        if attempt_id.isdigit()
        else None
    )
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                student=student,
                participant=participant,
                participant_name=participant.name if participant else "",
                camp_class_id=int(class_id),
                transaction_id=charge.id,
                setup_intent_id=metadata.get("setup_intent_id", ""),
                selection_id=int(selection_id) if selection_id.isdigit() else None,
                price=Decimal(charge.amount) / 100,
                # How that price was reached, as the attempt the family confirmed kept it.
                list_price=attempt.list_price if attempt else None,
                adjustments=attempt.adjustments if attempt else [],
                currency=charge.currency,
                status=PaymentStatus.ENROLL_PENDING,
                # The terms a cancellation of this seat will follow, as they stand now.
                refund_policy=refund_policy_in_force().as_snapshot(),
            )
            ledger_payment_made(payment)
            return payment
    except IntegrityError:
        # The browser and the webhook recorded the same charge at once; the other one won.
        return Payment.objects.get(transaction_id=charge.id)


def payment_record_enrolled(
    *,
    charge: stripe_client.Charge,
    attempt: ChargeAttempt,
    selection: Selection,
    refund_terms: RefundTerms,
) -> Payment | None:
    """The charge a family's request just made for its selection put on record with the seat it
    bought, in the caller's transaction: what `payment_record` then `payment_fulfil` do, without
    reading again what the request knows. The family, the participant and the class are the
    selection's (read with its student), the amount the attempt's, the refund terms those in
    force as the selection was read. The seat is taken under the class's lock (`seat_take`),
    the payment recorded enrolled, the receipt queued.

    None, with nothing written, for a charge other than the one the family confirmed (its
    amount, its currency): `payment_fulfil` refunds that. Raises SeatRefused when the seat is
    not theirs to take, IntegrityError when a twin request or Stripe's webhook recorded the
    charge first: the caller's transaction then rolls back whole, and the charge is recorded
    and fulfilled as every other is, which gives a refused seat's money back."""
    if (
        charge.status != "succeeded"
        or charge.currency != CURRENCY
        or charge.amount != attempt.amount_cents
    ):
        return None
    student, participant = selection.student, selection.participant
    enrolment = seat_take(
        student_id=student.pk,
        participant=participant,
        camp_class_id=selection.camp_class_id,
        savepoint=False,
        add_on_options=add_on_options_of(attempt.adjustments),
    )
    # The class as the seat left it, read under its lock: its dates are the ones the refund
    # terms count from (Payment.starts_at_promised). Its instructor as the selection read it.
    camp_class = enrolment.camp_class
    camp_class.instructor = selection.camp_class.instructor
    payment = Payment.objects.create(
        student=student,
        participant=participant,
        participant_name=participant.name,
        camp_class=camp_class,
        transaction_id=charge.id,
        setup_intent_id=attempt.setup_intent_id,
        selection_id=selection.pk,
        price=Decimal(charge.amount) / 100,
        list_price=attempt.list_price,
        adjustments=attempt.adjustments,
        currency=charge.currency,
        status=PaymentStatus.ENROLLED,
        enrolment=enrolment,
        refund_policy=refund_terms.as_snapshot(),
        starts_at_promised=camp_class.starts_at,
        ends_at_promised=camp_class.ends_at,
    )
    ledger_payment_made(payment)
    # Made this moment: nothing of it went back.
    payment.refunds_made, payment.refund_owed = Decimal("0.00"), False
    receipt_queue(payment)
    class_reminder_if_due(enrolment)
    return payment


def _participant_of(student: User, metadata: dict[str, str]) -> Participant | None:
    """Whom a charge was for, as its metadata says, if they are still of this family; a charge
    made before families (no participant named) was for the account holder. None when the
    child's record was deleted since: the charge is then refunded, as no seat can be theirs."""
    participant_id = metadata.get("participant_id", "")
    if not participant_id:
        return account_holder_of(student)
    if not participant_id.isdigit():
        return None
    return Participant.objects.filter(pk=int(participant_id), account=student).first()


def _charged_as_confirmed(payment: Payment) -> bool:
    """Whether the amount paid is the one the family confirmed: the amount of the charge attempt
    it was made under (every card charge this site makes has one, `checkout.services.attempts`),
    whatever the class's price says now. A charge with no attempt on record is held to the
    amount due now (`checkout.pricing.price_for`); a free enrolment pays nothing."""
    paid = in_cents(payment.price)
    if payment.shares_its_charge or payment.paid_with != PaidWith.CARD:
        # A family checkout's line: its share of the one total the family confirmed (or the
        # cash or cheque the office took for it).
        return CheckoutLine.objects.filter(payment=payment, price=payment.price).exists()
    if is_free_enrolment(payment):
        # Made by `checkout._enrol_free` in this transaction, when price_for said nothing is due.
        return paid == 0
    if payment.setup_intent_id:
        confirmed = set(
            ChargeAttempt.objects.filter(
                student_id=payment.student_id,
                camp_class_id=payment.camp_class_id,
                setup_intent_id=payment.setup_intent_id,
                currency=payment.currency,
            ).values_list("amount_cents", flat=True)
        )
        if confirmed:
            return paid in confirmed
    camp_class = Class.objects.get(pk=payment.camp_class_id)
    return paid == price_for(payment.participant, camp_class).amount_due_cents


def payment_enrol(payment: Payment) -> Refusal | None:
    """Take a seat for a recorded payment; why not, when there is none to take."""
    if payment.currency != CURRENCY:
        return Refusal.PRICE
    if payment.participant is None:
        return Refusal.NOBODY
    if not _charged_as_confirmed(payment):
        return Refusal.PRICE
    try:
        enrolment = seat_take(
            student_id=payment.student_id,
            participant=payment.participant,
            camp_class_id=payment.camp_class_id,
            add_on_options=add_on_options_of(payment.adjustments),
        )
    except SeatRefused as refused:
        return refused.refusal
    if payment.is_checkout_line:
        _line_answers_kept(payment)
    # In the caller's transaction, with the seat: both are kept, or neither. The class's dates
    # as they stand under the seat's lock are the ones the refund terms count from
    # (Payment.starts_at_promised); read in the same UPDATE.
    the_class = Class.objects.filter(pk=payment.camp_class_id)
    Payment.objects.filter(pk=payment.pk).update(
        status=PaymentStatus.ENROLLED,
        enrolment=enrolment,
        starts_at_promised=Subquery(the_class.values("starts_at")[:1]),
        ends_at_promised=Subquery(the_class.values("ends_at")[:1]),
    )
    payment.status = PaymentStatus.ENROLLED
    payment.enrolment = enrolment
    if not payment.is_checkout_line:
        # A checkout's lines share one receipt, queued as the checkout was paid
        # (`family_checkout.checkout_record`).
        receipt_queue(payment)
    class_reminder_if_due(enrolment)
    return None


def _line_answers_kept(payment: Payment) -> None:
    """A checkout line's answers to the school's questions (checked as it was opened) become
    the child's answers, with the seat: kept in its transaction, or neither is."""
    answers = CheckoutLine.objects.filter(payment=payment).values_list("answers", flat=True).first()
    if answers:
        answers_record(
            participant=payment.participant,
            answers=answers,
            by_id=payment.student_id,
        )


def _money_back(payment: Payment, *, reason: str) -> None:
    """The seat was not taken: its card charge went back whole, and the credit spent on it at
    checkout goes back to the family's account."""
    held = seat_paid(payment)
    if held.card > 0:
        ledger_card_refunded(payment, held.card, instalment_id=None)
    if held.credit_at_checkout > 0:
        ledger_credit_given(
            payment,
            held.credit_at_checkout,
            reason=f"{reason} The account credit spent on it is given back.",
            drawn=(CHECKOUT_CREDIT,),
        )


def payment_fulfil(*, payment_id: int) -> Payment:
    """Give a recorded charge its seat, or its money back with the reason why; once."""
    with transaction.atomic():
        payment = (
            Payment.objects.select_for_update(of=("self",))
            .select_related("participant")
            .get(pk=payment_id)
        )
        if payment.status != PaymentStatus.ENROLL_PENDING:
            return payment
        refusal = payment_enrol(payment)
        if refusal is not None:
            with stripe_call():
                payment.refund_id = payment_charge_refund(payment, reason=refusal.refund_reason)
            _money_back(payment, reason=refusal.refund_reason)
            # Its add-ons went with the seat it never had: no stock of theirs was taken.
            add_ons_given_back(payment, stock_taken=False)
            payment.status = PaymentStatus.REFUNDED
            payment.refund_reason = refusal.refund_reason
            payment.refunded_at = timezone.now()
            payment.save(update_fields=["status", "refund_reason", "refund_id", "refunded_at"])
            # No seat, so nothing more is owed for it: a plan's instalments go with it.
            payment.instalments.filter(status=InstalmentStatus.DUE).update(
                status=InstalmentStatus.CANCELLED
            )
            refund_queue(payment)
    return payment
