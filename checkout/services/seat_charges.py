"""One seat, one charge: a participant's seat in a class is paid for by one charge at a time.

A family may hold the same seat in two places at once (two checkouts, a checkout and the
single-class payment, two tabs of the payment page each with its own card), and pay in both.
Each would be charged and one refunded after. So the transaction that puts a charge on record
before Stripe is asked (a charge attempt, `attempts.attempt_charge`; a checkout set aside,
`family_checkout.checkout_pay`) asks `seat_charge_refusal` first: it locks the seats'
participants, then reads whether another charge of any of those seats is open, and the second
payment is refused before Stripe hears of it.

The lock is the participant's row: it is there for every seat (a hold runs out and is tidied
away, a selection is settled when the seat is taken), and only that participant's payments
wait on it. It is `FOR NO KEY UPDATE`, so the writes that merely name the participant (a hold,
a seat, a payment) never wait for it. What it guards is read in a statement of its own after
it: a statement that waits for a lock reads as things stood before it waited.

A charge of the seat is open while money may move without the family doing anything more:
asked of Stripe and not yet answered (an attempt `charging`, the partial unique index
`attempt_one_charging_per_seat` holding it in the database too; a checkout `charging` with no
PaymentIntent yet), charged and not yet settled (a payment `enrollPending`), or paid (the seat
taken). While the bank asks the cardholder to confirm (3-D Secure) the charge is open for
`BANK_CONFIRMATION_WAIT`: a tab closed at the bank's question keeps the seat from another
payment no longer than that, and a confirmation later still is settled as any late charge is
(enrolled, or refunded whole when the seat was paid for meanwhile).
"""

from collections.abc import Sequence
from datetime import timedelta
from functools import reduce
from operator import or_

from django.db.models import BooleanField, Q, Value
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import Participant
from classes.models import Class
from core.errors import Conflict
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.rules import Refusal
from payments.models import (
    AttemptStatus,
    ChargeAttempt,
    CheckoutLine,
    CheckoutStatus,
    Payment,
    PaymentStatus,
)

# How long a charge the bank asked the cardholder to confirm keeps the seat from another one.
BANK_CONFIRMATION_WAIT = timedelta(minutes=15)


class SeatBeingPaid(Conflict):
    """Another charge of this seat is open: this one is not asked of Stripe."""

    def __init__(self):
        super().__init__(
            gettext("This class is already being paid for in another payment."), code="seat_paying"
        )


def seat_charge_refusal(
    *,
    seats: Sequence[tuple[Participant, Class]],
    checkout_id: int | None = None,
    attempt_key: str = "",
) -> tuple[int, Conflict] | None:
    """Why a charge of `seats` ((participant, class) pairs) may not be made now, and which of
    them: another charge of one is open (`SeatBeingPaid`), or its seat is taken already (the
    rules' refusal). None when it may. Asked in the transaction that puts the charge on record,
    which keeps the participants' locks taken here until the record is committed. The charge
    being made does not count: the checkout being paid (`checkout_id`), or the attempt of this
    card and price (`attempt_key`, its idempotency key), which a twin request made first."""
    now = timezone.now()
    participant_ids = sorted({participant.pk for participant, _ in seats})
    # Locked in the participants' order, so two payments of the same children never wait on
    # each other for ever.
    list(
        Participant.objects.select_for_update(no_key=True)
        .filter(pk__in=participant_ids)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    open_ = _seats_charged(seats, now=now, checkout_id=checkout_id, attempt_key=attempt_key)
    for participant_id, camp_class_id, enrolled in open_[:1]:
        index, participant = next(
            (index, participant)
            for index, (participant, camp_class) in enumerate(seats)
            if (participant.pk, camp_class.pk) == (participant_id, camp_class_id)
        )
        if enrolled:
            return index, Refusal.enrolled(participant).conflict_before_paying()
        return index, SeatBeingPaid()
    return None


def _seats_charged(seats, *, now, checkout_id: int | None, attempt_key: str):
    """The seats of `seats` with a charge open or taken, each with whether it is taken: one
    statement."""
    of_seats = reduce(
        or_,
        (
            Q(participant_id=participant.pk, camp_class_id=camp_class.pk)
            for participant, camp_class in seats
        ),
    )
    asked_of_the_bank_since = now - BANK_CONFIRMATION_WAIT
    attempts = ChargeAttempt.objects.filter(of_seats).filter(
        Q(status=AttemptStatus.CHARGING)
        | Q(status=AttemptStatus.REQUIRES_ACTION, updated_at__gt=asked_of_the_bank_since)
    )
    if attempt_key:
        attempts = attempts.exclude(idempotency_key=attempt_key)
    checkouts = CheckoutLine.objects.filter(
        of_seats, checkout__status=CheckoutStatus.CHARGING
    ).filter(
        Q(checkout__payment_intent_id="") | Q(checkout__charging_since__gt=asked_of_the_bank_since)
    )
    if checkout_id is not None:
        checkouts = checkouts.exclude(checkout_id=checkout_id)
    pending = Payment.objects.filter(of_seats, status=PaymentStatus.ENROLL_PENDING)
    taken = Enrolment.objects.filter(of_seats, status=EnrolmentStatus.ACTIVE)

    def rows(charges, *, is_taken: bool):
        return (
            charges.order_by()
            .annotate(taken=Value(is_taken, output_field=BooleanField()))
            .values_list("participant_id", "camp_class_id", "taken")
        )

    # A seat taken is said as the rules say it, before a charge still open.
    return (
        rows(taken, is_taken=True)
        .union(
            rows(attempts, is_taken=False),
            rows(checkouts, is_taken=False),
            rows(pending, is_taken=False),
            all=True,
        )
        .order_by("-taken")
    )
