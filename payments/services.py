"""Card payments and enrolment: the writes of the payments app.

The flow, the same against Stripe and localstripe:
1. `payment_setup_create`: a SetupIntent for the student's selection; the browser saves the
   card into it with Stripe.js (confirmCardSetup).
2. `payment_create`: the server reads the SetupIntent back from Stripe, charges the saved card
   for the class price from our database, records the charge (enrollPending), then
   `payment_fulfil` takes a seat (enrolled) or gives the money back (refunded).
3. `stripe_event_handle`: Stripe's payment_intent.succeeded webhook records and fulfils a charge
   the browser did not come back for (a closed tab after 3-D Secure).
Each step is keyed by Stripe's ids, so any step may run twice, or concurrently with its twin.
"""

import logging
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from classes.models import Class
from core.errors import CardDeclined, Conflict, InvalidInput, NotFound, ProviderUnavailable
from enrolments.access import access_selection
from enrolments.models import Selection
from enrolments.rules import Refusal, enrolment_refusal
from enrolments.services import SeatRefused, seat_give_back, seat_take
from payments import stripe_client
from payments.models import (
    AttemptStatus,
    ChargeAttempt,
    Payment,
    PaymentStatus,
    StripeCustomer,
)

logger = logging.getLogger(__name__)

CURRENCY = "usd"
# Stripe refuses card charges under $0.50.
MINIMUM_CARD_CHARGE_CENTS = 50
# Marks what this site created at Stripe, among anything else on the same account.
METADATA_APP = "camp"
# Transaction ids of free enrolments, which never reach Stripe.
FREE_TRANSACTION_PREFIX = "free_"


class PriceChanged(Conflict):
    """The class costs other than what the student confirmed: nothing is charged."""

    def __init__(self, current_price: Decimal):
        self.current_price = current_price
        super().__init__(
            f"The price of this class is now ${current_price:.2f}. "
            "Please check the new price and confirm again."
        )


# A charge Stripe has not told us about this long after it was asked is taken as never made.
UNANSWERED_CHARGE_GRACE = timedelta(minutes=2)
# How far back reconciliation reads Stripe's charges.
RECONCILE_WINDOW = timedelta(days=3)


def fault_point(name: str) -> None:
    """Where a test may have this server process die at once (test settings arm it)."""
    if name == settings.PAYMENT_FAULT_POINT:
        logger.critical("Fault point %s armed: the server process stops here.", name)
        os._exit(70)


@dataclass(frozen=True)
class PaymentOutcome:
    """What `payment_create` did. Without a payment, the bank wants the cardholder first."""

    payment: Payment | None
    created: bool
    action_client_secret: str = ""
    payment_intent_id: str = ""
    # Set when Stripe has not said yet what became of the charge: the browser asks again.
    confirming: ChargeAttempt | None = field(default=None)


def price_in_cents(price: Decimal) -> int:
    """A class price as Stripe counts money: exact, never through a float."""
    return int(price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) * 100)


@contextmanager
def _stripe_call():
    try:
        yield
    except stripe_client.CardDeclined as error:
        raise CardDeclined(str(error)) from error
    except stripe_client.NotFoundAtProvider as error:
        # Stripe answered, and has no such object: a fact about our record, not an outage.
        logger.error("Stripe has no record of this: %s", error)
        raise Conflict("Stripe has no record of this payment.") from error
    except stripe_client.PaymentProviderError as error:
        logger.exception("Stripe call failed")
        raise ProviderUnavailable() from error


def _free_transaction_id(selection_id: int) -> str:
    # Deterministic, so a repeated free enrolment meets the unique transaction id.
    return f"{FREE_TRANSACTION_PREFIX}{selection_id}"


def _metadata(*, student: User, selection: Selection) -> dict[str, str]:
    return {
        "app": METADATA_APP,
        "student_id": str(student.pk),
        "student_email": student.email,
        "class_id": str(selection.camp_class_id),
        "selection_id": str(selection.pk),
    }


def _is_for(metadata: dict[str, str], *, student: User, selection_id: int) -> bool:
    return (
        metadata.get("app") == METADATA_APP
        and metadata.get("student_id") == str(student.pk)
        and metadata.get("selection_id") == str(selection_id)
    )


def _stripe_customer_id(student: User) -> str:
    """The Stripe Customer the student's card is saved under, made on first need."""
    known = StripeCustomer.objects.filter(student=student).first()
    with _stripe_call():
        if known is not None and stripe_client.customer_exists(known.customer_id):
            return known.customer_id
        customer_id = stripe_client.customer_create(
            email=student.email, name=student.name, student_id=student.pk
        )
    if known is not None:
        # Stripe no longer has the old one: deleted, another account, or a fresh localstripe.
        StripeCustomer.objects.filter(pk=known.pk).update(customer_id=customer_id)
        return customer_id
    try:
        with transaction.atomic():
            StripeCustomer.objects.create(student=student, customer_id=customer_id)
    except IntegrityError:
        # A parallel request saved the student's customer first; the one made here stays empty.
        return StripeCustomer.objects.get(student=student).customer_id
    return customer_id


def payment_setup_create(*, student: User, selection_id: int) -> stripe_client.CardSetup:
    """A SetupIntent the browser saves the card into; nothing is charged yet."""
    selection = access_selection(student=student, selection_id=selection_id)
    camp_class = selection.camp_class
    refusal = enrolment_refusal(student=student, camp_class=camp_class)
    if refusal is not None:
        raise Conflict(refusal.before_paying)
    amount = price_in_cents(camp_class.price)
    if amount == 0:
        raise Conflict("This class is free: enrol without a card.")
    if amount < MINIMUM_CARD_CHARGE_CENTS:
        raise Conflict("Card payments start at $0.50, so this class cannot be paid by card.")
    customer_id = _stripe_customer_id(student)
    with _stripe_call():
        return stripe_client.card_setup_create(
            customer_id=customer_id, metadata=_metadata(student=student, selection=selection)
        )


def _earlier_payment(
    *, student: User, selection_id: int, setup_intent_id: str, payment_intent_id: str
) -> Payment | None:
    payments = Payment.objects.filter(student=student)
    if payment_intent_id:
        return payments.filter(transaction_id=payment_intent_id).first()
    if setup_intent_id:
        return payments.filter(setup_intent_id=setup_intent_id).order_by("id").first()
    return payments.filter(transaction_id=_free_transaction_id(selection_id)).first()


def payment_create(
    *,
    student: User,
    selection_id: int,
    setup_intent_id: str = "",
    payment_intent_id: str = "",
    confirmed_price: Decimal | None = None,
) -> PaymentOutcome:
    """Pay for a selection with the card saved in a SetupIntent (or after 3-D Secure, with the
    PaymentIntent the bank asked about), or enrol in a free class; then take the seat."""
    ids = {
        "student": student,
        "selection_id": selection_id,
        "setup_intent_id": setup_intent_id,
        "payment_intent_id": payment_intent_id,
    }
    earlier = _earlier_payment(**ids)
    selection = None
    if earlier is None:
        try:
            selection = access_selection(student=student, selection_id=selection_id)
        except NotFound:
            # A twin request (a double click) may have enrolled a moment ago, which removed
            # the selection.
            earlier = _earlier_payment(**ids)
            if earlier is None:
                raise
    if earlier is not None:
        # A retry of a request already answered: the same payment, finished if it was not.
        return PaymentOutcome(payment=payment_fulfil(payment_id=earlier.pk), created=False)

    if price_in_cents(selection.camp_class.price) == 0:
        return _enrol_free(student=student, selection=selection)
    if payment_intent_id:
        outcome = _pay_after_action(
            student=student, selection=selection, payment_intent_id=payment_intent_id
        )
    elif setup_intent_id:
        outcome = _pay_with_saved_card(
            student=student,
            selection=selection,
            setup_intent_id=setup_intent_id,
            confirmed_price=confirmed_price,
        )
    else:
        raise InvalidInput({"setup_intent": ["This class is not free: save a card to pay for it."]})
    if outcome.payment is None:
        return outcome
    return PaymentOutcome(
        payment=payment_fulfil(payment_id=outcome.payment.pk), created=outcome.created
    )


def _attempt_outcome(attempt: ChargeAttempt) -> PaymentOutcome:
    """What a repeated request (a double click, a retry) learns of an attempt already made."""
    if attempt.payment_id is not None:
        return PaymentOutcome(payment=payment_fulfil(payment_id=attempt.payment_id), created=False)
    if attempt.status == AttemptStatus.DECLINED:
        raise CardDeclined(attempt.message or "Your card was declined.")
    if attempt.status == AttemptStatus.NOT_CHARGED:
        raise ProviderUnavailable()
    if attempt.status == AttemptStatus.REQUIRES_ACTION and attempt.payment_intent_id:
        with _stripe_call():
            charge = stripe_client.charge_retrieve(attempt.payment_intent_id)
        return _attempt_settled_by(attempt, charge)
    return PaymentOutcome(payment=None, created=False, confirming=attempt)


def _attempt_mark(attempt: ChargeAttempt, **changes) -> None:
    for name, value in changes.items():
        setattr(attempt, name, value)
    attempt.save(update_fields=[*changes, "updated_at"])


def _bank_asks(charge: stripe_client.Charge) -> PaymentOutcome:
    """The bank wants the cardholder to confirm (3-D Secure) before it charges."""
    return PaymentOutcome(
        payment=None,
        created=False,
        action_client_secret=charge.client_secret,
        payment_intent_id=charge.id,
    )


def _attempt_settled_by(attempt: ChargeAttempt, charge: stripe_client.Charge) -> PaymentOutcome:
    """Put what Stripe says of an attempt's charge on record; the payment, if there is one."""
    if charge.status == "requires_action":
        _attempt_mark(attempt, status=AttemptStatus.REQUIRES_ACTION, payment_intent_id=charge.id)
        return _bank_asks(charge)
    if charge.status == "succeeded":
        payment = payment_record(charge=charge)
        if payment is None:
            # The class was deleted meanwhile; payment_record refunded the charge.
            _attempt_mark(
                attempt,
                status=AttemptStatus.DECLINED,
                payment_intent_id=charge.id,
                message=Refusal.CLOSED.refund_reason,
            )
            raise Conflict(Refusal.CLOSED.refund_reason)
        _attempt_mark(
            attempt, status=AttemptStatus.CHARGED, payment_intent_id=charge.id, payment=payment
        )
        return PaymentOutcome(payment=payment, created=True)
    if charge.status in ("processing", "requires_confirmation", "requires_capture"):
        # Stripe is still working on it; the webhook or reconciliation finishes it.
        _attempt_mark(attempt, payment_intent_id=charge.id)
        return PaymentOutcome(payment=None, created=False, confirming=attempt)
    message = charge.error_message or "The payment did not go through."
    _attempt_mark(
        attempt, status=AttemptStatus.DECLINED, payment_intent_id=charge.id, message=message
    )
    raise CardDeclined(message)


def _recorded(charge: stripe_client.Charge) -> PaymentOutcome:
    """A charge just made or just authenticated: on record, or back to the bank's question."""
    if charge.status == "requires_action":
        return _bank_asks(charge)
    if charge.status == "processing":
        # The payment_intent.succeeded webhook enrols the student when the bank is done.
        raise Conflict(
            "Your bank is still processing this payment; you will be enrolled when it is done."
        )
    if charge.status != "succeeded":
        raise CardDeclined(charge.error_message or "The payment did not go through.")
    payment = payment_record(charge=charge)
    if payment is None:
        # The class was deleted while the student paid; payment_record refunded the charge.
        raise Conflict(Refusal.CLOSED.refund_reason)
    return PaymentOutcome(payment=payment, created=True)


def _pay_after_action(
    *, student: User, selection: Selection, payment_intent_id: str
) -> PaymentOutcome:
    with _stripe_call():
        try:
            charge = stripe_client.charge_retrieve(payment_intent_id)
        except stripe_client.NotFoundAtProvider:
            charge = None
    if charge is None or not _is_for(charge.metadata, student=student, selection_id=selection.pk):
        raise InvalidInput({"payment_intent": ["This is not a payment for this selected class."]})
    return _recorded(charge)


def _verified_setup(
    *, student: User, selection: Selection, setup_intent_id: str
) -> stripe_client.CardSetup:
    """The SetupIntent as Stripe has it, checked to be this student's, for this selection."""
    with _stripe_call():
        try:
            setup = stripe_client.card_setup_retrieve(setup_intent_id)
        except stripe_client.NotFoundAtProvider:
            setup = None
    if setup is None or not (
        _is_for(setup.metadata, student=student, selection_id=selection.pk)
        and setup.metadata.get("class_id") == str(selection.camp_class_id)
    ):
        raise InvalidInput({"setup_intent": ["This card was not saved for this selected class."]})
    if setup.status != "succeeded" or not setup.payment_method_id:
        raise CardDeclined(
            setup.error_message or "Your card was not accepted. Please check it or use another."
        )
    return setup


def _pay_with_saved_card(
    *,
    student: User,
    selection: Selection,
    setup_intent_id: str,
    confirmed_price: Decimal | None = None,
) -> PaymentOutcome:
    """Charge the saved card: the attempt is committed first, Stripe is asked outside any
    transaction or lock, and the result is put on record after, in short transactions."""
    setup = _verified_setup(student=student, selection=selection, setup_intent_id=setup_intent_id)
    camp_class = selection.camp_class
    refusal = enrolment_refusal(student=student, camp_class=camp_class)
    if refusal is not None:
        raise Conflict(refusal.before_paying)
    amount = price_in_cents(camp_class.price)
    if confirmed_price is not None and price_in_cents(confirmed_price) != amount:
        # Charged is exactly what the student saw and confirmed, or nothing.
        raise PriceChanged(camp_class.price)

    attempt, made = _attempt_for(student=student, selection=selection, setup=setup, amount=amount)
    if not made and not _attempt_retaken(attempt):
        # A double click or a retry: the first request owns the charge; this one reports it.
        return _attempt_outcome(attempt)
    try:
        charge = stripe_client.charge_create(
            amount=amount,
            currency=CURRENCY,
            customer_id=setup.customer_id,
            payment_method_id=setup.payment_method_id,
            metadata={
                **_metadata(student=student, selection=selection),
                "setup_intent_id": setup.id,
                "attempt_id": str(attempt.pk),
            },
            idempotency_key=attempt.idempotency_key,
        )
    except stripe_client.CardDeclined as error:
        _attempt_mark(attempt, status=AttemptStatus.DECLINED, message=str(error))
        raise CardDeclined(str(error)) from error
    except stripe_client.ProviderUnreachable as error:
        # The request never left: nothing was charged, and the student may simply try again.
        logger.warning("Stripe unreachable for attempt %s: %s", attempt.pk, error)
        _attempt_mark(attempt, status=AttemptStatus.NOT_CHARGED, message=str(error))
        raise ProviderUnavailable() from error
    except stripe_client.PaymentProviderError as error:
        # Sent, but no answer came: Stripe may have charged. The attempt stays open until
        # Stripe says (the browser asks again, and reconciliation settles it).
        logger.warning("No answer from Stripe for attempt %s: %s", attempt.pk, error)
        return PaymentOutcome(payment=None, created=False, confirming=attempt)
    fault_point("after_charge")
    return _attempt_settled_by(attempt, charge)


def _attempt_for(
    *, student: User, selection: Selection, setup: stripe_client.CardSetup, amount: int
) -> tuple[ChargeAttempt, bool]:
    """The attempt for this saved card and price, committed before any charge; made or found."""
    # Per setup and amount: a retry is the same attempt, a new price a new one.
    key = f"camp-charge-{setup.id}-{amount}"
    try:
        with transaction.atomic():
            return (
                ChargeAttempt.objects.create(
                    student=student,
                    camp_class_id=selection.camp_class_id,
                    selection_id=selection.pk,
                    setup_intent_id=setup.id,
                    amount_cents=amount,
                    currency=CURRENCY,
                    idempotency_key=key,
                ),
                True,
            )
    except IntegrityError:
        return ChargeAttempt.objects.get(idempotency_key=key), False


def _attempt_retaken(attempt: ChargeAttempt) -> bool:
    """Whether this request may charge again for an attempt that never reached Stripe.

    Nothing was charged under its key, so sending it again is safe; the conditional update
    lets one request of several do it.
    """
    if attempt.status != AttemptStatus.NOT_CHARGED:
        return False
    retaken = ChargeAttempt.objects.filter(pk=attempt.pk, status=AttemptStatus.NOT_CHARGED).update(
        status=AttemptStatus.CHARGING, message="", updated_at=timezone.now()
    )
    attempt.refresh_from_db()
    return bool(retaken)


def attempt_get_for(*, student: User, attempt_id: int) -> ChargeAttempt:
    """One of the student's own attempts; anyone else's is as good as absent."""
    attempt = ChargeAttempt.objects.filter(pk=attempt_id, student=student).first()
    if attempt is None:
        raise NotFound("No such payment attempt.")
    return attempt


def _charge_of(attempt: ChargeAttempt) -> stripe_client.Charge | None:
    """The PaymentIntent Stripe made for an attempt, if it made one."""
    if attempt.payment_intent_id:
        return stripe_client.charge_retrieve(attempt.payment_intent_id)
    for charge in stripe_client.charges_since(attempt.created_at - timedelta(minutes=1)):
        if _is_attempts(charge, attempt):
            return charge
    return None


def _is_ours(charge: stripe_client.Charge) -> bool:
    return charge.metadata.get("app") == METADATA_APP


def _is_attempts(charge: stripe_client.Charge, attempt: ChargeAttempt) -> bool:
    # The SetupIntent id is Stripe's own and unique; an attempt id alone could be another
    # database's (a developer's, a staging site on the same Stripe account).
    metadata = charge.metadata
    return (
        _is_ours(charge)
        and metadata.get("attempt_id") == str(attempt.pk)
        and metadata.get("setup_intent_id") == attempt.setup_intent_id
    )


def attempt_settle(*, attempt_id: int) -> ChargeAttempt:
    """Bring an open attempt up to date with Stripe: charged (then enrolled or refunded),
    declined, or, when Stripe never had it, not charged. Safe to run any number of times."""
    attempt = ChargeAttempt.objects.get(pk=attempt_id)
    if attempt.status not in (AttemptStatus.CHARGING, AttemptStatus.REQUIRES_ACTION):
        if attempt.payment_id is not None:
            payment_fulfil(payment_id=attempt.payment_id)
        return attempt
    with _stripe_call():
        charge = _charge_of(attempt)
    if charge is None:
        if timezone.now() - attempt.updated_at > UNANSWERED_CHARGE_GRACE:
            _attempt_mark(
                attempt,
                status=AttemptStatus.NOT_CHARGED,
                message="The payment did not reach the bank; nothing was charged.",
            )
        return attempt
    try:
        outcome = _attempt_settled_by(attempt, charge)
    except (CardDeclined, Conflict):
        return attempt
    if outcome.payment is not None:
        payment_fulfil(payment_id=outcome.payment.pk)
    return attempt


@dataclass
class ReconcileReport:
    settled: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def payments_reconcile(*, now=None) -> ReconcileReport:
    """Settle every charge Stripe made for Camp, and every attempt and payment still open,
    exactly once: enrolled, or refunded in full with the reason. One item failing never
    stops the others; each is logged."""
    now = now or timezone.now()
    report = ReconcileReport()

    def settle(label: str, work) -> None:
        try:
            result = work()
        except Exception:
            logger.exception("Reconciliation could not settle %s", label)
            report.failed.append(label)
            return
        if result:
            logger.info("Reconciliation: %s %s", label, result)
            report.settled.append(f"{label}: {result}")

    def settle_charge(charge: stripe_client.Charge) -> str:
        attempt_id = charge.metadata.get("attempt_id", "")
        attempt = (
            ChargeAttempt.objects.filter(pk=int(attempt_id)).first()
            if attempt_id.isdigit()
            else None
        )
        if attempt is not None and not _is_attempts(charge, attempt):
            attempt = None
        already = Payment.objects.filter(transaction_id=charge.id).first()
        if already is not None and already.status != PaymentStatus.ENROLL_PENDING:
            if attempt is not None and attempt.payment_id is None:
                _attempt_mark(attempt, status=AttemptStatus.CHARGED, payment=already)
            return ""
        payment = payment_record(charge=charge)
        if payment is None:
            return "left alone (not this site's)"
        if attempt is not None and attempt.payment_id is None:
            _attempt_mark(
                attempt, status=AttemptStatus.CHARGED, payment_intent_id=charge.id, payment=payment
            )
        return payment_fulfil(payment_id=payment.pk).status

    try:
        charges = [
            charge
            for charge in stripe_client.charges_since(now - RECONCILE_WINDOW)
            if charge.status == "succeeded" and _is_ours(charge)
        ]
    except stripe_client.PaymentProviderError:
        logger.exception("Reconciliation could not list Stripe's charges")
        report.failed.append("Stripe's list of charges")
        charges = []
    for charge in charges:
        settle(f"charge {charge.id}", lambda charge=charge: settle_charge(charge))

    open_attempts = ChargeAttempt.objects.filter(
        status__in=(AttemptStatus.CHARGING, AttemptStatus.REQUIRES_ACTION)
    ).order_by("created_at")
    for attempt_id in open_attempts.values_list("id", flat=True):
        settle(
            f"attempt {attempt_id}",
            lambda attempt_id=attempt_id: attempt_settle(attempt_id=attempt_id).status,
        )

    pending = Payment.objects.filter(status=PaymentStatus.ENROLL_PENDING).order_by("id")
    for payment_id in pending.values_list("id", flat=True):
        settle(
            f"payment {payment_id}",
            lambda payment_id=payment_id: payment_fulfil(payment_id=payment_id).status,
        )
    return report


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
    if metadata.get("app") != METADATA_APP:
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
        with _stripe_call():
            stripe_client.charge_refund(
                payment_intent_id=charge.id, reason="The class no longer exists."
            )
        return None
    selection_id = metadata.get("selection_id", "")
    try:
        with transaction.atomic():
            return Payment.objects.create(
                student=student,
                camp_class_id=int(class_id),
                transaction_id=charge.id,
                setup_intent_id=metadata.get("setup_intent_id", ""),
                selection_id=int(selection_id) if selection_id.isdigit() else None,
                price=Decimal(charge.amount) / 100,
                currency=charge.currency,
                status=PaymentStatus.ENROLL_PENDING,
            )
    except IntegrityError:
        # The browser and the webhook recorded the same charge at once; the other one won.
        return Payment.objects.get(transaction_id=charge.id)


def _enrol(payment: Payment) -> Refusal | None:
    """Take a seat for a recorded payment; why not, when there is none to take."""
    if payment.currency != CURRENCY:
        return Refusal.PRICE
    try:
        enrolment = seat_take(
            student_id=payment.student_id,
            camp_class_id=payment.camp_class_id,
            price=payment.price,
        )
    except SeatRefused as refused:
        return refused.refusal
    # In the caller's transaction, with the seat: both are kept, or neither.
    payment.status = PaymentStatus.ENROLLED
    payment.enrolment = enrolment
    payment.save(update_fields=["status", "enrolment"])
    return None


def payment_fulfil(*, payment_id: int) -> Payment:
    """Give a recorded charge its seat, or its money back with the reason why; once."""
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.status != PaymentStatus.ENROLL_PENDING:
            return payment
        refusal = _enrol(payment)
        if refusal is not None:
            with _stripe_call():
                payment.refund_id = stripe_client.charge_refund(
                    payment_intent_id=payment.transaction_id, reason=refusal.refund_reason
                )
            payment.status = PaymentStatus.REFUNDED
            payment.refund_reason = refusal.refund_reason
            payment.save(update_fields=["status", "refund_reason", "refund_id"])
    return payment


def _enrol_free(*, student: User, selection: Selection) -> PaymentOutcome:
    transaction_id = _free_transaction_id(selection.pk)
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                student=student,
                camp_class_id=selection.camp_class_id,
                transaction_id=transaction_id,
                selection_id=selection.pk,
                price=Decimal("0.00"),
                currency=CURRENCY,
                status=PaymentStatus.ENROLL_PENDING,
            )
            refusal = _enrol(payment)
            if refusal is not None:
                # Nothing was charged, so nothing stays on record.
                raise Conflict(refusal.before_paying)
    except IntegrityError:
        earlier = Payment.objects.filter(transaction_id=transaction_id).first()
        if earlier is None:
            raise
        return PaymentOutcome(payment=earlier, created=False)
    return PaymentOutcome(payment=payment, created=True)


def stripe_event_handle(*, payload: bytes, signature: str) -> Payment | None:
    """A signed Stripe webhook: a succeeded charge is recorded and fulfilled, once."""
    event = stripe_client.webhook_event(payload=payload, signature=signature)
    if event.type != "payment_intent.succeeded" or not event.object_id:
        return None
    # The payload only names the charge; its state is what Stripe says now.
    with _stripe_call():
        charge = stripe_client.charge_retrieve(event.object_id)
    if charge.status != "succeeded":
        return None
    payment = payment_record(charge=charge)
    if payment is None:
        return None
    return payment_fulfil(payment_id=payment.pk)


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
        if not payment.transaction_id.startswith(FREE_TRANSACTION_PREFIX):
            with _stripe_call():
                refund_id = stripe_client.charge_refund(
                    payment_intent_id=payment.transaction_id, reason=reason
                )
        # The seat this payment took goes back to the class.
        seat_give_back(enrolment_id=payment.enrolment_id, reason=reason)
        payment.status = PaymentStatus.REFUNDED
        payment.refund_reason = reason
        payment.refund_id = refund_id
        payment.save(update_fields=["status", "refund_reason", "refund_id"])
    return True
