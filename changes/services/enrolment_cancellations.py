"""A family cancels one enrolment (one participant, one class): the seat goes back to the class
and the school's refund policy, as it stood when they paid, says how much of the money goes back.

The cancellation itself is one transaction under the payment's lock: the seat given back, the
payment marked cancelled, the refund owed put on record and the family told. Stripe is asked
only after it commits, outside any lock, with the refund's own idempotency key. A refund
Stripe refuses, or that does not reach it, stays on record as failed: the back office sees it
in its queue and retries it (`refund_retry`), and the payment never claims to be refunded
until Stripe has made it.
"""

import logging
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import User
from changes.selectors import care_days_riding_on
from checkout.pricing import discount_lost_by_cancelling
from classes.models import Class, ClassStatus
from core.errors import Conflict, NotFound
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.services import seat_give_back
from payments.models import (
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from payments.money import percent_of
from payments.refund_policy import RefundTerms, RefundTier
from payments.selectors import CARD, CHECKOUT_CREDIT, OTHER, seat_paid
from payments.services.add_ons import add_ons_given_back, kept_on_refund
from payments.services.common import is_free_enrolment
from payments.services.ledger import ledger_card_refunds, ledger_credit_given
from payments.services.messages import (
    enrolment_cancelled_queue,
    seat_released_queue,
)
from payments.services.refunds import refund_send
from plans.services import UNPAID, instalment_card_charge

logger = logging.getLogger(__name__)

ZERO = Decimal("0.00")
# A day of care whose seat moved is given back whole, not by a tier of the policy.
IN_FULL = gettext_lazy("Refunded in full")
# Why the seat went back, as the roster and the back office read it.
SEAT_REASON = "Cancelled by the family."


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


class RefundChanged(Conflict):
    """The refund is not the one the family saw and confirmed (a day passed, and with it a
    tier): nothing is cancelled."""

    def __init__(self, current_refund: Decimal):
        self.current_refund = current_refund
        super().__init__(
            f"The refund for cancelling is now {_money(current_refund)}. "
            "Please check it and confirm again."
        )


class RefundTo:
    CARD = "card"
    CREDIT = "credit"


class RefundOutcome:
    """What became of the money owed back, as the family is told."""

    NONE = "none"
    SUCCEEDED = "succeeded"
    # Taken as account credit instead of back to the card.
    CREDITED = "credited"
    # Owed and not yet made: Stripe refused it or was not reached; the school retries it.
    PENDING = "pending"


@dataclass(frozen=True)
class CancellationQuote:
    """What cancelling an enrolment now would give back, and why."""

    enrolment_id: int
    class_id: int
    class_name: str
    participant_name: str
    paid: Decimal
    refund: Decimal
    tier: RefundTier
    tier_label: str
    # When it is cancelled, as the tier counts it: as the records and the e-mail say it once
    # done ("you cancelled 9 days before ..."), and as the family reads it before confirming
    # ("it is 9 days before ...").
    why: str
    why_now: str
    policy_text: str
    # A discount another of the family's classes loses with this one cancelled, kept from the
    # refund (`checkout.pricing.discount_lost_by_cancelling`); `refund` is net of it.
    withheld: Decimal = ZERO
    refund_to: str = RefundTo.CARD
    # What account credit the refund would become: the refund and the school's bonus.
    credit_amount: Decimal = ZERO
    credit_bonus_percent: Decimal = ZERO
    # Account credit spent on this seat at checkout, given back as credit by the same tier.
    credit_returned: Decimal = ZERO
    # The week's or the day's label ("Week 2: Jun 28–Jul 2", "Tue Jun 29") of a unit or a day
    # of care; empty for a class bought whole.
    unit_label: str = ""
    # The days of extended care that go with this seat's days (`care_days_riding_on`), each
    # quoted by this seat's tier: cancelled with it, in its transaction.
    care_days: tuple["CancellationQuote", ...] = ()
    # Given back whole, not by the policy: the days of care of a seat that moved (they cannot
    # move with it), and the quote they are quoted by.
    in_full: bool = False

    @property
    def care_refund(self) -> Decimal:
        """What the days of care give back, to the card or (`refund_to` credit) as credit."""
        return sum(
            (
                day.credit_amount if self.refund_to == RefundTo.CREDIT else day.refund
                for day in self.care_days
            ),
            ZERO,
        )

    @property
    def reason(self) -> str:
        """The payment's refund reason, as the family's history shows it."""
        return f"{self.why[0].upper()}{self.why[1:]}: {self.tier_label.lower()}."


@dataclass(frozen=True)
class EnrolmentCancellation:
    enrolment_id: int
    refund: Decimal
    refund_status: str
    message: str
    status: str = PaymentStatus.CANCELLED
    refund_to: str = RefundTo.CARD
    credit_amount: Decimal = ZERO
    # What the days of extended care cancelled with the seat gave back.
    care_refund: Decimal = ZERO


def _payment_of(*, student: User, enrolment_id: int, lock: bool = False) -> Payment:
    """The payment that bought this enrolment, when the caller's account paid for it; anyone
    else's enrolment is as good as absent."""
    payments = Payment.objects.select_related("enrolment", "camp_class", "participant")
    if lock:
        # The enrolment is on the nullable side of the join; only the payment is locked here
        # (seat_give_back locks the enrolment).
        payments = payments.select_for_update(of=("self",))
    payment = payments.filter(enrolment_id=enrolment_id, student=student).first()
    if payment is not None:
        return payment
    if Enrolment.objects.filter(pk=enrolment_id, student=student).exists():
        # Every seat has its payment on record (a free one too); this one's is missing.
        raise Conflict(_("This enrolment has no payment on record: please contact the school."))
    raise NotFound(_("No such enrolment."))


def _check_cancellable(payment: Payment, now: datetime) -> None:
    camp_class = payment.camp_class
    if payment.status == PaymentStatus.CANCELLED:
        raise Conflict(_("This enrolment is already cancelled."))
    if payment.status == PaymentStatus.REFUNDED:
        raise Conflict(_("The school has already refunded this enrolment."))
    enrolment = payment.enrolment
    if payment.status != PaymentStatus.ENROLLED or (
        enrolment is None or enrolment.status != EnrolmentStatus.ACTIVE
    ):
        raise Conflict(_("This enrolment cannot be cancelled."))
    if camp_class.status == ClassStatus.CANCELLED:
        # Its refund in full is the school's to make (class_cancel), not a policy's part.
        raise Conflict(_("The school cancelled this class: your payment is refunded in full."))
    # Ended by its dates now and by those the family enrolled under: a class moved into the past
    # after they paid is still theirs to cancel, by the terms they were promised.
    ends = [end for end in (camp_class.ends_at, payment.ends_at_promised) if end is not None]
    if ends and now >= max(ends):
        raise Conflict(_("This class has ended, so it can no longer be cancelled."))


# Better refunds first: a family is given the best its promises allow.
_TIER_RANK = {RefundTier.FULL: 2, RefundTier.PARTIAL: 1, RefundTier.NONE: 0}


@dataclass(frozen=True)
class _Standing:
    """Where a cancellation now falls against one first meeting."""

    days_before: int | None
    started: bool

    @classmethod
    def against(cls, starts_at: datetime | None, now: datetime) -> "_Standing":
        if starts_at is None:
            return cls(days_before=None, started=False)
        # Whole days at the school, from today there to the first meeting's day.
        today = timezone.localdate(now, timezone=school_timezone())
        first = timezone.localdate(starts_at, timezone=school_timezone())
        return cls(days_before=(first - today).days, started=now >= starts_at)


def _change_window_end(payment: Payment) -> datetime | None:
    """Until when this family may cancel for a full refund because the class's first meeting
    moved after they enrolled; None when it has not moved since."""
    moved_at = payment.camp_class.first_meeting_moved_at
    if moved_at is None or payment.date >= moved_at:
        return None
    return moved_at + timedelta(days=settings.CHANGE_FULL_REFUND_DAYS)


def _school_day(moment: datetime) -> str:
    return date_format(moment.astimezone(school_timezone()), _("l, F j"))


@dataclass(frozen=True)
class _Why:
    done: str
    now: str

    def by_the_promise(self) -> "_Why":
        said = _("%(why)s by the class's dates when you enrolled")
        return _Why(done=said % {"why": self.done}, now=said % {"why": self.now})


def _when(*, days_before: int | None, started: bool) -> _Why:
    # In the active language: the family's, whose request cancels (or asks what it would give).
    if started:
        return _Why(_("you cancelled after the class had started"), _("the class has started"))
    if days_before is None:
        return _Why(
            _("you cancelled before the class had its dates"), _("the class has no dates yet")
        )
    if days_before == 0:
        return _Why(
            _("you cancelled on the day of the first meeting"),
            _("today is the first meeting's day"),
        )
    days = {"count": days_before}
    return _Why(
        ngettext(
            "you cancelled %(count)s day before the first meeting",
            "you cancelled %(count)s days before the first meeting",
            days_before,
        )
        % days,
        ngettext(
            "it is %(count)s day before the first meeting",
            "it is %(count)s days before the first meeting",
            days_before,
        )
        % days,
    )


def _tier_now(
    payment: Payment, terms: RefundTerms, now: datetime, tier_of: CancellationQuote | None
) -> tuple[str, _Why]:
    """The policy's tier for cancelling now, and why: a seat's own for a day of care cancelled
    with it; full within a moved first meeting's window; else by the days left before the first
    meeting, now or as promised at enrolment, whichever gives more."""
    camp_class = payment.camp_class
    window_end = _change_window_end(payment)
    if tier_of is not None:
        return tier_of.tier, _Why(done=tier_of.why, now=tier_of.why_now)
    if window_end is not None and now < window_end:
        said = _(
            "the class's first meeting moved on %(moved)s, so you may cancel for a full refund "
            "until %(until)s"
        ) % {
            "moved": _school_day(camp_class.first_meeting_moved_at),
            "until": _school_day(window_end),
        }
        return RefundTier.FULL, _Why(done=said, now=said)
    standing = _Standing.against(camp_class.starts_at, now)
    tier = terms.tier(days_before=standing.days_before, started=standing.started)
    why = _when(days_before=standing.days_before, started=standing.started)
    if payment.starts_at_promised is not None:
        promised = _Standing.against(payment.starts_at_promised, now)
        promised_tier = terms.tier(days_before=promised.days_before, started=promised.started)
        if _TIER_RANK[promised_tier] > _TIER_RANK[tier]:
            tier = promised_tier
            why = _when(days_before=promised.days_before, started=promised.started).by_the_promise()
    return tier, why


def _quote(
    payment: Payment,
    now: datetime,
    refund_to: str = RefundTo.CARD,
    *,
    tier_of: CancellationQuote | None = None,
) -> CancellationQuote:
    """The refund by the terms the family paid under, counted from the class's dates now or as
    they stood when the family enrolled, whichever gives more; in full while a move of the first
    meeting since lets them cancel for a full refund. A day of care cancelled with its seat is
    refunded by that seat's tier (`tier_of`): the policy applies to the week's or the day's
    first meeting, not to each day of care in it."""
    camp_class = payment.camp_class
    terms = RefundTerms.from_snapshot(payment.refund_policy)
    in_full = tier_of is not None and tier_of.in_full
    tier, why = _tier_now(payment, terms, now, tier_of)
    held = seat_paid(payment)
    paid = held.card + held.paid_otherwise
    # An add-on delivered that is not refundable once delivered is the family's to keep, and
    # so is its price: off what the card paid first, then off the credit spent.
    add_ons_kept = ZERO if in_full else kept_on_refund(payment)
    kept_from_paid = min(add_ons_kept, paid)
    refund = terms.refund_for(paid=paid - kept_from_paid, tier=tier)
    if settings.CANCELLATION_CHARGES_UNPAID and payment.plan_total is not None:
        # The school keeps what its policy keeps of the whole price: what was paid beyond that
        # comes back, and what falls short is charged (`cancellation_charge`).
        kept = payment.plan_total - terms.refund_for(paid=payment.plan_total, tier=tier)
        refund = max(paid - kept, ZERO)
    if is_free_enrolment(payment):
        # Nothing went through Stripe, so nothing can come back through it.
        refund = ZERO
    # Credit spent on the seat goes back as credit, never to the card, by the same tier.
    credit_spent = held.credit_at_checkout
    credit_kept = min(add_ons_kept - kept_from_paid, credit_spent)
    credit_returned = (
        terms.refund_for(paid=credit_spent - credit_kept, tier=tier) if credit_spent else ZERO
    )
    if in_full:
        refund, credit_returned = (ZERO if is_free_enrolment(payment) else paid), credit_spent
    lost = ZERO if in_full else discount_lost_by_cancelling(payment)
    withheld = min(lost, refund + credit_returned)
    # The lost discount comes off the card's refund first, then off the credit given back.
    from_card = min(withheld, refund)
    refund -= from_card
    credit_returned -= withheld - from_card
    # The school's bonus is for a refund taken as credit, not for money given back whole.
    bonus = ZERO if in_full else settings.CREDIT_REFUND_BONUS_PERCENT
    participant = payment.participant
    return CancellationQuote(
        enrolment_id=payment.enrolment_id,
        class_id=camp_class.pk,
        class_name=camp_class.name,
        participant_name=payment.participant_name or (participant.name if participant else ""),
        paid=paid,
        refund=refund,
        tier=tier,
        tier_label=IN_FULL if in_full else terms.tier_label(tier),
        why=why.done,
        why_now=why.now,
        policy_text=terms.text,
        withheld=withheld,
        refund_to=refund_to,
        credit_amount=refund + percent_of(refund, bonus),
        credit_bonus_percent=bonus,
        credit_returned=credit_returned,
        unit_label=camp_class.unit_label,
        in_full=in_full,
    )


def _with_care_days(
    payment: Payment,
    quote: CancellationQuote,
    now: datetime,
    *,
    lock: bool = False,
    left_class: Class | None = None,
) -> CancellationQuote:
    """The quote with the days of care that go with the seat (those not over yet), each
    quoted by the seat's tier; under their payments' locks, in id order, when `lock`. A move
    names the class the seat left (`left_class`): the days of care on its days go, but for
    those the new seat meets on."""
    riding = care_days_riding_on(
        family_id=payment.student_id,
        participant_id=payment.enrolment.participant_id,
        camp_class=left_class or payment.camp_class,
    )
    if lock:
        riding = riding.select_for_update(of=("self",))
    days = tuple(
        _quote(care_day, now, quote.refund_to, tier_of=quote)
        for care_day in riding
        if care_day.camp_class.ends_at is None or now < care_day.camp_class.ends_at
    )
    return replace(quote, care_days=days) if days else quote


def care_days_moved(
    payment: Payment, *, left_class: Class, by: User, now: datetime, refund_to: str
) -> tuple[CancellationQuote, list[Refund]]:
    """A seat moved out of `left_class` (in the move's transaction, the new seat taken): its
    days of care on days the new seat does not meet cannot move with it, so they are cancelled
    and given back whole (to the card, or as credit), not by the policy: the family did not
    give them up. The quote with those days, and the refunds to send once the move commits."""
    said = f"you moved {_named(left_class)}"
    moved = CancellationQuote(
        enrolment_id=payment.enrolment_id,
        class_id=left_class.pk,
        class_name=left_class.name,
        participant_name=payment.participant_name,
        paid=ZERO,
        refund=ZERO,
        tier=RefundTier.FULL,
        tier_label=IN_FULL,
        why=said,
        why_now=said,
        policy_text="",
        refund_to=refund_to,
        in_full=True,
    )
    quote = _with_care_days(payment, moved, now, lock=True, left_class=left_class)
    return quote, care_days_ended(quote, by=by, seat_reason=f"Moved with {_named(left_class)}.")


def enrolment_cancellation_preview(
    *, student: User, enrolment_id: int, refund_to: str = RefundTo.CARD
) -> CancellationQuote:
    """What cancelling the enrolment now would refund, by the policy it was paid under, to the
    card or as credit, with the days of care that go with it. Nothing is changed."""
    payment = _payment_of(student=student, enrolment_id=enrolment_id)
    now = timezone.now()
    _check_cancellable(payment, now)
    return _with_care_days(payment, _quote(payment, now, refund_to), now)


def _refund_key(payment: Payment) -> str:
    # One cancellation per payment, so one key per payment; unique in the table as well.
    return f"camp-cancel-{payment.transaction_id}"


def enrolment_cancel(
    *,
    student: User,
    enrolment_id: int,
    expected_refund: Decimal | None = None,
    refund_to: str = RefundTo.CARD,
) -> EnrolmentCancellation:
    """Cancel the enrolment: the seat back to the class, the refund the policy gives back put
    on record and then asked of Stripe (or, `refund_to` credit, added to the family's credit
    with the school's bonus), the family told once of each. With `expected_refund` (what the
    family confirmed), nothing is done unless that is still the refund."""
    # Why this much comes back, the tier and the policy are the family's words: their e-mail,
    # their payment history and the answer say them in the family's language, whoever asks.
    with translation.override(student.reading_language):
        return _enrolment_cancel(
            student=student,
            enrolment_id=enrolment_id,
            expected_refund=expected_refund,
            refund_to=refund_to,
        )


def _enrolment_cancel(
    *,
    student: User,
    enrolment_id: int,
    expected_refund: Decimal | None,
    refund_to: str,
) -> EnrolmentCancellation:
    with transaction.atomic():
        payment = _payment_of(student=student, enrolment_id=enrolment_id, lock=True)
        now = timezone.now()
        _check_cancellable(payment, now)
        quote = _quote(payment, now, refund_to)
        if expected_refund is not None and expected_refund != quote.refund:
            raise RefundChanged(quote.refund)
        quote = _with_care_days(payment, quote, now, lock=True)
        _ended(payment, quote, seat_reason=SEAT_REASON)
        to_credit = refund_to == RefundTo.CREDIT and quote.refund > ZERO
        refunds = _refund_owed(payment, quote, by=student, to_credit=to_credit)
        _checkout_credit_back(payment, quote, by=student)
        care_refunds = care_days_ended(quote, by=student, seat_reason=_with_it(payment))
        enrolment_cancelled_queue(
            payment,
            refund=quote.credit_amount if to_credit else quote.refund,
            tier_label=quote.tier_label,
            why=quote.why,
            policy_text=quote.policy_text,
            withheld=quote.withheld,
            to_credit=to_credit,
            care_days=care_days_named(quote),
            care_refund=quote.care_refund,
        )
    # The family hears of the days of care in the cancellation's own e-mail.
    for refund in care_refunds:
        refund_send(refund_id=refund.pk, told=False)
    if to_credit:
        return _care_days_told(
            quote,
            _credit_back_told(
                quote,
                EnrolmentCancellation(
                    enrolment_id=enrolment_id,
                    refund=quote.refund,
                    refund_status=RefundOutcome.CREDITED,
                    message=_(
                        "Your enrolment is cancelled and %(money)s is added to your account credit."
                    )
                    % {"money": _money(quote.credit_amount)},
                    refund_to=RefundTo.CREDIT,
                    credit_amount=quote.credit_amount,
                ),
            ),
        )
    cancellation_charge(payment, quote)
    if not refunds:
        return _care_days_told(
            quote, _credit_back_told(quote, _nothing_refunded(payment, quote, enrolment_id))
        )
    return _care_days_told(quote, _credit_back_told(quote, _refunds_made(refunds, enrolment_id)))


def _named(camp_class: Class) -> str:
    if camp_class.unit_label:
        return f"{camp_class.name}, {camp_class.unit_label}"
    return camp_class.name


def _with_it(payment: Payment) -> str:
    return f"Cancelled with {_named(payment.camp_class)}."


def care_days_named(quote: CancellationQuote) -> str:
    """The days of care cancelled with the seat, as the e-mail names them."""
    return "; ".join(f"{day.class_name}, {day.unit_label}" for day in quote.care_days)


def care_days_ended(quote: CancellationQuote, *, by: User | None, seat_reason: str) -> list[Refund]:
    """In the seat's transaction, under the care days' payments' locks (`_with_care_days`):
    each day of care quoted with the seat ended as the seat is, its refund on record (or, by
    the quote, given as credit) to be asked of Stripe once the transaction commits, those
    refunds returned."""
    refunds = []
    for day in quote.care_days:
        care_payment = (
            Payment.objects.select_for_update(of=("self",))
            .select_related("enrolment", "camp_class", "participant")
            .get(enrolment_id=day.enrolment_id, status=PaymentStatus.ENROLLED)
        )
        _ended(care_payment, day, seat_reason=seat_reason)
        to_credit = day.refund_to == RefundTo.CREDIT and day.refund > ZERO
        refunds += _refund_owed(care_payment, day, by=by, to_credit=to_credit)
        _checkout_credit_back(care_payment, day, by=by)
    return refunds


def _care_days_told(
    quote: CancellationQuote, cancellation: EnrolmentCancellation
) -> EnrolmentCancellation:
    """The answer, with the days of care that went with the seat."""
    if not quote.care_days:
        return cancellation
    return replace(
        cancellation,
        message=care_days_told(quote, cancellation.message),
        care_refund=quote.care_refund,
    )


def care_days_told(quote: CancellationQuote, message: str) -> str:
    """A change's message to the family, with the days of care that went with the seat."""
    if not quote.care_days:
        return message
    days = len(quote.care_days)
    said = (
        "The day of extended care with it is cancelled too"
        if days == 1
        else f"The {days} days of extended care with it are cancelled too"
    )
    if quote.care_refund <= ZERO:
        said += "."
    elif quote.refund_to == RefundTo.CREDIT:
        said += f": {_money(quote.care_refund)} is added to your account credit."
    else:
        said += f": {_money(quote.care_refund)} is refunded to the card you paid with."
    return f"{message} {said}"


def _refund_owed(
    payment: Payment, quote: CancellationQuote, *, by: User, to_credit: bool
) -> list[Refund]:
    """Under the payment's lock, the refund the policy gives back: added to the family's credit
    with the school's bonus, or put on record to be asked of Stripe once the cancellation
    commits (those refunds returned)."""
    if to_credit:
        ledger_credit_given(
            payment,
            quote.refund,
            bonus=quote.credit_amount - quote.refund,
            reason=f"Refund for {quote.class_name} ({quote.participant_name}) as credit",
            by=by,
            drawn=(CARD, OTHER),
        )
        return []
    if quote.refund > ZERO:
        return _refunds_put_on_record(payment, amount=quote.refund, reason=quote.reason)
    return []


def _nothing_refunded(
    payment: Payment, quote: CancellationQuote, enrolment_id: int
) -> EnrolmentCancellation:
    """A cancellation with no refund to the card, and why there is none."""
    if quote.refund > ZERO:
        # Paid in cash or by cheque at the front desk: no card can take it back, so the refund
        # went to the family's account credit (`_refunds_put_on_record`).
        return EnrolmentCancellation(
            enrolment_id=enrolment_id,
            refund=quote.refund,
            refund_status=RefundOutcome.CREDITED,
            message=_(
                "Your enrolment is cancelled and %(money)s is added to your account "
                "credit: it was paid in cash, by cheque or with credit, which no card "
                "can take back."
            )
            % {"money": _money(quote.refund)},
            refund_to=RefundTo.CREDIT,
            credit_amount=quote.refund,
        )
    if quote.paid > ZERO:
        message = (
            "Your enrolment is cancelled. Under the refund policy you paid under, "
            "nothing is refunded."
        )
    elif (payment.list_price or ZERO) > ZERO:
        # Discounts and credit paid for it: nothing went through the card.
        message = "Your enrolment is cancelled. Nothing was paid by card, so none is refunded."
    else:
        message = "Your enrolment is cancelled. The class was free, so there is nothing to refund."
    return EnrolmentCancellation(
        enrolment_id=enrolment_id,
        refund=ZERO,
        refund_status=RefundOutcome.NONE,
        message=message,
    )


def _refunds_made(refunds: list[Refund], enrolment_id: int) -> EnrolmentCancellation:
    """The refunds on record asked of Stripe, after the cancellation committed; one it refused
    or did not answer is left for the school to make."""
    refunds = [refund_send(refund_id=refund.pk) for refund in refunds]
    refunded = sum((refund.amount for refund in refunds), ZERO)
    if all(refund.status == RefundStatus.SUCCEEDED for refund in refunds):
        return EnrolmentCancellation(
            enrolment_id=enrolment_id,
            refund=refunded,
            refund_status=RefundOutcome.SUCCEEDED,
            message=_(
                "Your enrolment is cancelled and %(money)s is refunded to the card you paid with."
            )
            % {"money": _money(refunded)},
        )
    return EnrolmentCancellation(
        enrolment_id=enrolment_id,
        refund=refunded,
        refund_status=RefundOutcome.PENDING,
        message=_(
            "Your enrolment is cancelled. The refund of %(money)s could not be "
            "made just now; the school will make it and e-mail you when it is done."
        )
        % {"money": _money(refunded)},
    )


def _ended(payment: Payment, quote: CancellationQuote, *, seat_reason: str) -> None:
    """Under the payment's lock: the seat back to the class (and its waitlist), the payment
    cancelled, and what a plan had still to charge cancelled with it."""
    seat_give_back(enrolment_id=payment.enrolment_id, reason=seat_reason)
    add_ons_given_back(payment)
    payment.status = PaymentStatus.CANCELLED
    payment.refund_reason = quote.reason
    payment.save(update_fields=["status", "refund_reason"])
    payment.instalments.filter(status__in=UNPAID).update(status=InstalmentStatus.CANCELLED)


def cancellation_charge(payment: Payment, quote: CancellationQuote) -> None:
    """With CANCELLATION_CHARGES_UNPAID, what the policy keeps of a plan's whole price beyond
    what was paid is charged to the card on file, once; a decline waits in the school's queue
    of failed instalments."""
    if not settings.CANCELLATION_CHARGES_UNPAID or payment.plan_total is None:
        return
    terms = RefundTerms.from_snapshot(payment.refund_policy)
    kept = payment.plan_total - terms.refund_for(paid=payment.plan_total, tier=quote.tier)
    short = kept - quote.paid
    if short < Decimal("0.50"):
        return
    instalment, created = Instalment.objects.get_or_create(
        payment=payment,
        kind=InstalmentKind.CANCELLATION,
        defaults={"due_on": school_today(), "amount": short},
    )
    if created:
        instalment_card_charge(instalment, on_session=False)


def enrolment_release(*, payment_id: int) -> bool:
    """An overdue balance's grace ran out: the seat goes to the waitlist, and what the family
    paid is refunded by the policy they paid under, as their own cancellation would be. False
    when it was paid (or its grace moved) meanwhile."""
    with transaction.atomic():
        payment = (
            Payment.objects.select_for_update(of=("self",))
            .select_related("enrolment", "camp_class", "participant")
            .get(pk=payment_id)
        )
        today = school_today()
        if (
            payment.status != PaymentStatus.ENROLLED
            or payment.release_on is None
            or payment.release_on > today
        ):
            return False
        now = timezone.now()
        quote = _quote(payment, now)
        quote = replace(quote, why="the balance was still unpaid when its grace ended")
        quote = _with_care_days(payment, quote, now, lock=True)
        _ended(payment, quote, seat_reason="Released: the balance was unpaid.")
        refunds = []
        if quote.refund > ZERO:
            refunds = _refunds_put_on_record(payment, amount=quote.refund, reason=quote.reason)
        _checkout_credit_back(payment, quote)
        refunds += care_days_ended(quote, by=None, seat_reason=_with_it(payment))
        seat_released_queue(payment, refund=quote.refund + quote.care_refund)
    for refund in refunds:
        refund_send(refund_id=refund.pk)
    return True


def overdue_release(*, today: date | None = None) -> int:
    """Seats whose overdue balance's grace ran out go to the waitlist, by the refund policy as a
    cancellation would. How many were released."""
    today = today or school_today()
    released = 0
    for payment_id in Payment.objects.filter(
        status=PaymentStatus.ENROLLED, release_on__lte=today
    ).values_list("pk", flat=True):
        if enrolment_release(payment_id=payment_id):
            released += 1
    return released


def _credit_back_told(
    quote: CancellationQuote, cancellation: EnrolmentCancellation
) -> EnrolmentCancellation:
    """The answer, with the account credit spent on the seat that goes back as credit."""
    if quote.credit_returned <= ZERO:
        return cancellation
    return replace(
        cancellation,
        message=_("%(message)s %(money)s of account credit spent on it is given back.")
        % {"message": cancellation.message, "money": _money(quote.credit_returned)},
    )


def _refunds_put_on_record(payment: Payment, *, amount: Decimal, reason: str) -> list[Refund]:
    """In the caller's transaction, under the payment's lock: `amount` back to the charges it
    came by (`ledger_card_refunds`); what was paid otherwise (cash, cheque, account credit on an
    instalment) comes back as credit, and the ledger refuses more than that."""
    refunds, left = ledger_card_refunds(
        payment,
        amount,
        reason=reason,
        key=lambda instalment_id: (
            _refund_key(payment) + (f"-i{instalment_id}" if instalment_id else "")
        ),
    )
    if left > ZERO:
        ledger_credit_given(
            payment,
            left,
            reason=f"Refund for {payment.camp_class.name} of what was paid in cash, by cheque "
            "or with credit",
            drawn=(OTHER,),
        )
    return refunds


def _checkout_credit_back(payment: Payment, quote: CancellationQuote, by: User | None = None):
    """The account credit spent on the seat at checkout goes back as credit, by the tier."""
    if quote.credit_returned > ZERO:
        ledger_credit_given(
            payment,
            quote.credit_returned,
            reason=f"Credit spent on {quote.class_name} ({quote.participant_name}) given back",
            by=by,
            drawn=(CHECKOUT_CREDIT,),
        )
