"""Charge attempts: each charge is on record before Stripe is asked, so a retry, a double
click or a crash never charges twice, and an attempt nobody came back for is settled from
what Stripe says."""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from checkout.pricing import Quote
from checkout.services.fulfilment import (
    payment_fulfil,
    payment_record,
    payment_record_enrolled,
)
from checkout.services.seat_charges import SeatBeingPaid, seat_charge_refusal
from core.errors import CardDeclined, Conflict, NotFound, ProviderUnavailable
from core.prepared import insert_unless_present
from enrolments.models import Selection
from enrolments.rules import Refusal
from enrolments.services import SeatRefused
from payments import stripe_client
from payments.models import AttemptStatus, ChargeAttempt, Payment
from payments.refund_policy import RefundTerms
from payments.services import card_charges
from payments.services.common import (
    CURRENCY,
    PaymentOutcome,
    charge_metadata,
    is_for,
    is_ours,
    stripe_call,
)


def _attempt_outcome(attempt: ChargeAttempt) -> PaymentOutcome:
    """What a repeated request (a double click, a retry) learns of an attempt already made."""
    if attempt.payment_id is not None:
        return PaymentOutcome(payment=payment_fulfil(payment_id=attempt.payment_id), created=False)
    if attempt.status == AttemptStatus.DECLINED:
        raise CardDeclined(attempt.message or _("Your card was declined."))
    if attempt.status == AttemptStatus.NOT_CHARGED:
        raise ProviderUnavailable()
    if attempt.status == AttemptStatus.REQUIRES_ACTION and attempt.payment_intent_id:
        with stripe_call():
            charge = stripe_client.charge_retrieve(attempt.payment_intent_id)
        return card_charges.charge_settle(SelectionCharge(attempt=attempt), charge)
    return PaymentOutcome(payment=None, created=False, confirming=attempt)


def _attempt_mark(attempt: ChargeAttempt, **changes) -> None:
    for name, value in changes.items():
        setattr(attempt, name, value)
    attempt.save(update_fields=[*changes, "updated_at"])


class SelectionCharge(card_charges.ChargeFlow[PaymentOutcome]):
    """The charge of a selected class (`payment_create`). With its attempt, each answer of
    Stripe's is marked on it, and a charge this request just made for `selection` takes its
    seat at once under `refund_terms`. Without one (the browser back from the bank with the
    PaymentIntent), nothing is marked, and a charge still with the bank is said to be."""

    not_its_charge = "This is not a payment for this selected class."

    def __init__(
        self,
        *,
        attempt: ChargeAttempt | None = None,
        student: User | None = None,
        selection: Selection | None = None,
        refund_terms: RefundTerms | None = None,
    ):
        self.attempt = attempt
        self.student = student
        self.selection = selection
        self.refund_terms = refund_terms

    def _mark(self, **changes) -> None:
        if self.attempt is not None:
            _attempt_mark(self.attempt, **changes)

    def is_its_charge(self, charge: stripe_client.Charge) -> bool:
        return is_for(charge.metadata, student=self.student, selection_id=self.selection.pk)

    def paid(self, charge: stripe_client.Charge) -> PaymentOutcome:
        if self.attempt is not None and self.refund_terms is not None:
            enrolled = _attempt_enrolled(
                self.attempt, charge, selection=self.selection, refund_terms=self.refund_terms
            )
            if enrolled is not None:
                return PaymentOutcome(payment=enrolled, created=True, fulfilled=True)
        payment = payment_record(charge=charge)
        if payment is None:
            # The class was deleted meanwhile; payment_record refunded the charge.
            self._mark(
                status=AttemptStatus.DECLINED,
                payment_intent_id=charge.id,
                message=Refusal.CLOSED.refund_reason,
            )
            raise Conflict(Refusal.CLOSED.refund_reason)
        self._mark(status=AttemptStatus.CHARGED, payment_intent_id=charge.id, payment=payment)
        return PaymentOutcome(payment=payment, created=True)

    def awaiting_the_bank(self, charge: stripe_client.Charge) -> PaymentOutcome:
        attempt = self.attempt
        if attempt is not None and (attempt.status, attempt.payment_intent_id) != (
            AttemptStatus.REQUIRES_ACTION,
            charge.id,
        ):
            # Marked once: `updated_at` stays when the bank asked, which is how long the charge
            # keeps the seat from another one (`seat_charges.BANK_CONFIRMATION_WAIT`).
            _attempt_mark(
                attempt, status=AttemptStatus.REQUIRES_ACTION, payment_intent_id=charge.id
            )
        return PaymentOutcome(
            payment=None,
            created=False,
            action_client_secret=charge.client_secret,
            payment_intent_id=charge.id,
        )

    def still_with_the_bank(self, charge: stripe_client.Charge) -> PaymentOutcome:
        if self.attempt is None:
            # The payment_intent.succeeded webhook enrols the student when the bank is done.
            raise Conflict(
                _(
                    "Your bank is still processing this payment; "
                    "you will be enrolled when it is done."
                )
            )
        # The webhook or reconciliation finishes it; the browser asks again meanwhile.
        _attempt_mark(self.attempt, payment_intent_id=charge.id)
        return PaymentOutcome(payment=None, created=False, confirming=self.attempt)

    def declined(self, message: str, charge: stripe_client.Charge | None) -> PaymentOutcome:
        charged = {"payment_intent_id": charge.id} if charge is not None else {}
        self._mark(status=AttemptStatus.DECLINED, message=message, **charged)
        raise CardDeclined(message)

    def not_sent(self, error: stripe_client.ProviderUnreachable) -> PaymentOutcome:
        # Nothing was charged, and the student may simply try again.
        self._mark(status=AttemptStatus.NOT_CHARGED, message=str(error))
        raise ProviderUnavailable() from error

    def unanswered(self, error: stripe_client.PaymentProviderError) -> PaymentOutcome:
        # The attempt stays open until Stripe says (the browser asks again, and reconciliation
        # settles it).
        return PaymentOutcome(payment=None, created=False, confirming=self.attempt)


def _attempt_for(
    *, student: User, selection: Selection, setup: stripe_client.CardSetup, quote: Quote
) -> tuple[ChargeAttempt, bool]:
    """The attempt for this saved card and price, committed before any charge, and whether this
    request is the one to charge for it: made now, or made before and never sent to Stripe
    (`_attempt_retaken`). Under the participant's lock (`seat_charges`): a twin request finds
    the first one's attempt, and none is made or taken again while another charge of the seat
    is open."""
    amount = quote.amount_due_cents
    # Per setup and amount: a retry is the same attempt, a new price a new one.
    key = f"camp-charge-{setup.id}-{amount}"
    with transaction.atomic():
        refusal = seat_charge_refusal(
            seats=[(selection.participant, selection.camp_class)], attempt_key=key
        )
        # Without a savepoint: a twin's row (its key) is left as it is.
        attempt = None
        if refusal is None:
            attempt = insert_unless_present(
                ChargeAttempt,
                student=student,
                camp_class_id=selection.camp_class_id,
                participant_id=selection.participant_id,
                selection_id=selection.pk,
                setup_intent_id=setup.id,
                amount_cents=amount,
                list_price=quote.list_price,
                adjustments=[adjustment.as_record() for adjustment in quote.adjustments],
                currency=CURRENCY,
                idempotency_key=key,
            )
        if attempt is not None:
            return attempt, True
        earlier = ChargeAttempt.objects.filter(idempotency_key=key).first()
        if earlier is not None and earlier.status != AttemptStatus.NOT_CHARGED:
            # A double click or a retry: the first request owns the charge; this one reports it.
            return earlier, False
        if refusal is not None:
            raise refusal[1]
        if earlier is None:
            # Refused by the seat's constraint (`attempt_one_charging_per_seat`) alone.
            raise SeatBeingPaid()
        return earlier, _attempt_retaken(earlier)


def attempt_charge(
    *,
    student: User,
    selection: Selection,
    setup: stripe_client.CardSetup,
    quote: Quote,
    refund_terms: RefundTerms,
) -> PaymentOutcome:
    """Charge the card saved in `setup` the amount `quote` says for the selection: the attempt is
    committed first, Stripe is asked outside any transaction or lock, and the result is put on
    record after, in short transactions. A charge that succeeds takes its seat and is recorded
    enrolled at once, under `refund_terms` (`fulfilment.payment_record_enrolled`); one that
    cannot is recorded to be fulfilled or refunded as every other. A repeated request reports
    the first one's attempt."""
    attempt, charging = _attempt_for(student=student, selection=selection, setup=setup, quote=quote)
    if not charging:
        return _attempt_outcome(attempt)
    return card_charges.card_charge(
        SelectionCharge(
            attempt=attempt, student=student, selection=selection, refund_terms=refund_terms
        ),
        setup=setup,
        amount_cents=attempt.amount_cents,
        metadata={
            **charge_metadata(student=student, selection=selection),
            "attempt_id": str(attempt.pk),
        },
        idempotency_key=attempt.idempotency_key,
    )


def _attempt_enrolled(
    attempt: ChargeAttempt,
    charge: stripe_client.Charge,
    *,
    selection: Selection,
    refund_terms: RefundTerms,
) -> Payment | None:
    """The seat the attempt's charge bought, taken and put on record with the attempt charged,
    all in one transaction; None when it does not go so simply, with nothing of it kept."""
    if charge.status != "succeeded":
        return None
    try:
        with transaction.atomic():
            payment = payment_record_enrolled(
                charge=charge, attempt=attempt, selection=selection, refund_terms=refund_terms
            )
            if payment is not None:
                _attempt_mark(
                    attempt,
                    status=AttemptStatus.CHARGED,
                    payment_intent_id=charge.id,
                    payment=payment,
                )
    except (SeatRefused, IntegrityError):
        # What was marked on the attempt went back with the rest.
        attempt.refresh_from_db()
        return None
    return payment


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
        raise NotFound(_("No such payment attempt."))
    return attempt


def _charge_of(attempt: ChargeAttempt) -> stripe_client.Charge | None:
    """The PaymentIntent Stripe made for an attempt, if it made one."""
    if attempt.payment_intent_id:
        return stripe_client.charge_retrieve(attempt.payment_intent_id)
    found = card_charges.charges_asked_since(
        attempt.created_at, lambda charge: is_attempts_charge(charge, attempt)
    )
    return found[0] if found else None


def is_attempts_charge(charge: stripe_client.Charge, attempt: ChargeAttempt) -> bool:
    # The SetupIntent id is Stripe's own and unique; an attempt id alone could be another
    # database's (a developer's, a staging site on the same Stripe account).
    metadata = charge.metadata
    return (
        is_ours(charge)
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
    with stripe_call():
        charge = _charge_of(attempt)
    if charge is None:
        if timezone.now() - attempt.updated_at > card_charges.UNANSWERED_CHARGE_GRACE:
            _attempt_mark(
                attempt,
                status=AttemptStatus.NOT_CHARGED,
                message=_("The payment did not reach the bank; nothing was charged."),
            )
        return attempt
    try:
        outcome = card_charges.charge_settle(SelectionCharge(attempt=attempt), charge)
    except (CardDeclined, Conflict):
        return attempt
    if outcome.payment is not None:
        payment_fulfil(payment_id=outcome.payment.pk)
    return attempt


def attempt_of(charge: stripe_client.Charge) -> ChargeAttempt | None:
    """The attempt a charge names in its metadata, if the charge is truly that attempt's."""
    attempt_id = charge.metadata.get("attempt_id", "")
    attempt = (
        ChargeAttempt.objects.filter(pk=int(attempt_id)).first() if attempt_id.isdigit() else None
    )
    if attempt is not None and not is_attempts_charge(charge, attempt):
        return None
    return attempt


def attempt_paid_by(attempt: ChargeAttempt, payment: Payment) -> None:
    """An attempt whose charge is on record as `payment` is charged; marked once."""
    if attempt.payment_id is None:
        _attempt_mark(
            attempt,
            status=AttemptStatus.CHARGED,
            payment_intent_id=payment.transaction_id,
            payment=payment,
        )
