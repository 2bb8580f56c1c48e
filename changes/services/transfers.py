"""A family moves an enrolment to another class (or the same class's other session): the seat
in the new class is taken before the old one is given back, in one transaction, and the price
difference is settled by the one pricing function (`checkout.pricing.price_for`).

What the seat cost is the price the payment last recorded for it, before account credit (its
list price and adjustments: the checkout's, or the last move's), so a seat bought partly with
credit, or by a plan, is compared at its whole price. The new class is priced now, as if the
seat given back were gone already (`price_for(giving_back=...)`), and the rules are asked the
same way (`enrolment_refusal(leaving_class_id=...)`: a class at the same hour is no clash). A
discount the family's other seats no longer earn once the seat has moved is kept from what goes
back, exactly as a cancellation keeps it (`discount_lost_by_cancelling(replaced_by=...)`). The
difference, plus `TRANSFER_FEE` and that discount, is the move's total:

- more to pay: from the account credit (under the family's lock, in the move's transaction), or
  by card before the move, as an instalment of kind transfer (`instalments.instalment_card_charge`,
  which records the try before Stripe is asked). A declined card moves nothing; a bank that asks
  for 3-D Secure is answered by a second request naming the PaymentIntent. A move that then
  fails (the last seat went meanwhile) refunds that charge.
- less: back to the cards that paid, newest charge first, each a `Refund` on record before
  Stripe is asked (what no card paid, such as credit spent at checkout, becomes credit); or all
  as account credit.

The family's lock order is the cancellation's: the payment, the family (for credit), then both
classes by id, so two moves in opposite directions wait for each other instead of deadlocking.

A week or a day (a unit of a series, `classes.series`) moves as a class does, to another unit
of its series or to any class. Its days of extended care do not move with it: those on days the
new seat does not meet are cancelled and given back whole in the move's transaction
(`care_days_moved`), and the family adds care to the new days at checkout. A day of care
itself is not moved.
"""

import logging
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from changes.selectors import care_days_riding_on
from changes.services.enrolment_cancellations import (
    RefundTo,
    care_days_moved,
    care_days_named,
    care_days_told,
)
from checkout.pricing import Quote, discount_lost_by_cancelling, price_for
from classes.models import Class, ClassStatus
from core.errors import CardDeclined, Conflict, DomainError, InvalidInput, NotFound
from core.language import WEEKDAY_AND_DAY, said
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.rules import Refusal, RefusalKind, enrolment_refusal
from enrolments.services import SeatRefused, seat_give_back, seat_take
from enrolments.services.holds import class_locked
from payments import stripe_client
from payments.models import (
    CreditEntry,
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    Kind,
    PaidBy,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
    Transfer,
)
from payments.money import in_cents
from payments.selectors import CARD, CHECKOUT_CREDIT, OTHER, credit_balance, seat_paid
from payments.services import card_charges
from payments.services.add_ons import add_on_purchases_make, add_ons_given_back
from payments.services.common import MINIMUM_CARD_CHARGE_CENTS
from payments.services.customers import card_setup_for
from payments.services.ledger import (
    ledger_card_refunds,
    ledger_credit_given,
    ledger_instalment_paid,
)
from payments.services.messages import enrolment_transferred_queue
from payments.services.refunds import refund_send
from plans.services import instalment_card_charge, instalment_record

logger = logging.getLogger(__name__)

ZERO = Decimal("0.00")
# A plan's parts not yet paid: the family pays them before moving the seat.
PLAN_UNPAID = (InstalmentStatus.DUE, InstalmentStatus.CHARGING, InstalmentStatus.FAILED)
# A transfer's own charge still open: made, or asked of the bank and not yet answered.
CHARGE_OPEN = (InstalmentStatus.DUE, InstalmentStatus.FAILED)
# A transfer's charge paid is marked in its note once settled: with the move it paid for, or
# with this when the move did not go ahead and the charge went back. Unmarked, it paid for no
# move yet, and the next request for that move uses it instead of charging again.
GIVEN_BACK = "Refunded: the move did not go ahead."


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


class SettleWith:
    CARD = PaidBy.CARD
    CREDIT = PaidBy.CREDIT


@dataclass(frozen=True)
class TransferRefusal:
    """Why the seat may not move to that class: `code` for the app, `message` for people."""

    code: str
    message: str


class TransferRefused(Conflict):
    def __init__(self, refusal: TransferRefusal, details: dict | None = None):
        self.refusal = refusal
        super().__init__(refusal.message, code=refusal.code, details=details)


class TransferTotalChanged(Conflict):
    """The move costs (or gives back) other than what the family confirmed: nothing is done."""

    def __init__(self, total: Decimal):
        self.total = total
        said = (
            f"Moving now costs {_money(total)}"
            if total >= 0
            else f"Moving now gives back {_money(-total)}"
        )
        super().__init__(
            f"{said}. Please check it and confirm again.",
            code="total_changed",
            details={"total": float(total)},
        )


@dataclass(frozen=True)
class TransferQuote:
    """What moving one enrolment to one class would cost now, and anything that stops it."""

    enrolment_id: int
    class_id: int
    class_name: str
    from_class_name: str
    participant_name: str
    # What the seat cost (before account credit), and what the new class costs the participant.
    current_price: Decimal
    new_price: Decimal
    fee: Decimal
    # The last school day a move is taken; None while neither class has dates.
    cutoff_on: date | None
    refusals: tuple[TransferRefusal, ...]
    # A discount the family's other seats no longer earn after the move, kept from what would go
    # back (never charged), as a cancellation keeps it.
    withheld: Decimal = Decimal("0.00")
    # The new class's price as `checkout.pricing` reached it, kept on the payment once moved.
    priced: Quote | None = field(default=None, compare=False)
    # Where Stripe.js saves a card to pay the total with (the preview's, when there is one).
    client_secret: str | None = None
    # The days of extended care of the seat's days the new class does not meet: they cannot
    # move, so the move gives them back whole (`care_days_moved`).
    care_days: tuple[Payment, ...] = ()

    @property
    def care_refund(self) -> Decimal:
        return sum((seat_paid(day).total for day in self.care_days), ZERO)

    @property
    def difference(self) -> Decimal:
        return self.new_price - self.current_price

    @property
    def total(self) -> Decimal:
        """Positive: what the family pays; negative: what it gets back."""
        return self.difference + self.fee + self.withheld


@dataclass(frozen=True)
class TransferMade:
    """What a move did, or, without a transfer, the bank's question (3-D Secure) first."""

    transfer: Transfer | None
    message: str = ""
    action_client_secret: str = ""
    payment_intent_id: str = ""

    @property
    def enrolment_id(self) -> int | None:
        return self.transfer.to_enrolment_id if self.transfer else None


def _payment_of(*, family: User, enrolment_id: int, lock: bool = False) -> Payment:
    """The payment that bought the enrolment, when the family paid for it; anyone else's is as
    good as absent. An enrolment moved before answers where it went."""
    payments = Payment.objects.select_related("enrolment__participant", "camp_class", "participant")
    if lock:
        payments = payments.select_for_update(of=("self",))
    payment = payments.filter(enrolment_id=enrolment_id, student=family).first()
    if payment is not None:
        return payment
    enrolment = Enrolment.objects.filter(pk=enrolment_id, student=family).first()
    if enrolment is None:
        raise NotFound(_("No such enrolment."))
    moved = Transfer.objects.filter(from_enrolment=enrolment).select_related("to_class").first()
    if moved is not None:
        raise TransferRefused(
            TransferRefusal(
                "not_active",
                _("This enrolment was moved to %(name)s.") % {"name": moved.to_class.name},
            ),
            details={"enrolmentId": moved.to_enrolment_id},
        )
    raise Conflict(_("This enrolment has no payment on record: please contact the school."))


def _class_of(class_id: int) -> Class:
    camp_class = Class.objects.filter(pk=class_id).first()
    if camp_class is None:
        raise InvalidInput({"class_id": [_("No such class.")]})
    return camp_class


def seat_cost(payment: Payment) -> Decimal:
    """What the seat costs the family, before any account credit spent on it: the price the
    payment last recorded (the checkout's, or the last move's), or what it charged when it
    recorded none."""
    if payment.list_price is None:
        return payment.plan_total if payment.plan_total is not None else payment.price
    adjusted = payment.list_price + sum(
        (Decimal(a["amount"]) for a in payment.adjustments if a.get("kind") != Kind.CREDIT), ZERO
    )
    return max(adjusted, ZERO)


def _first_day(camp_class: Class) -> date | None:
    if camp_class.starts_at is None:
        return None
    return timezone.localdate(camp_class.starts_at, timezone=school_timezone())


def _cutoff_on(*classes: Class) -> date | None:
    """The last day at the school a move between these classes is taken."""
    days = [day for day in map(_first_day, classes) if day is not None]
    if not days:
        return None
    return min(days) - timedelta(days=settings.TRANSFER_CUTOFF_DAYS)


def _refusals(payment: Payment, new_class: Class, cutoff_on: date | None) -> list[TransferRefusal]:
    enrolment = payment.enrolment
    if (
        payment.status != PaymentStatus.ENROLLED
        or enrolment is None
        or enrolment.status != EnrolmentStatus.ACTIVE
    ):
        return [
            TransferRefusal("not_active", _("This enrolment is not active, so it cannot move."))
        ]
    if payment.camp_class.status == ClassStatus.CANCELLED:
        return [
            TransferRefusal(
                "not_active",
                _("The school cancelled this class: your payment is refunded in full."),
            )
        ]
    if new_class.pk == payment.camp_class_id:
        return [TransferRefusal("same_class", _("This enrolment is in this class already."))]
    if payment.camp_class.extended_care_id is not None or new_class.extended_care_id is not None:
        return [
            TransferRefusal(
                Refusal.EXTENDED_CARE.code,
                _(
                    "A day of extended care goes with the day it was booked for: cancel it, and "
                    "add care to another booked day at checkout."
                ),
            )
        ]
    refusals = []
    if cutoff_on is not None and school_today() > cutoff_on:
        days = settings.TRANSFER_CUTOFF_DAYS
        refusals.append(
            TransferRefusal(
                "transfer_closed",
                ngettext(
                    "Moves close %(days)s day before the first meeting: the last "
                    "day to move this enrolment was %(day)s.",
                    "Moves close %(days)s days before the first meeting: the last "
                    "day to move this enrolment was %(day)s.",
                    days,
                )
                % {"days": days, "day": said(cutoff_on, WEEKDAY_AND_DAY)},
            )
        )
    if payment.instalments.filter(kind=InstalmentKind.INSTALMENT, status__in=PLAN_UNPAID).exists():
        refusals.append(TransferRefusal("balance_unpaid", _("Pay the remaining balance first.")))
    refusal = enrolment_refusal(
        participant=enrolment.participant,
        camp_class=new_class,
        paying=True,
        leaving_class_id=payment.camp_class_id,
    )
    if refusal is not None:
        code = "class_full" if refusal.kind == RefusalKind.FULL else refusal.code or "not_eligible"
        refusals.append(TransferRefusal(code, refusal.before_paying))
    return refusals


def _quote(payment: Payment, new_class: Class) -> TransferQuote:
    cutoff_on = _cutoff_on(payment.camp_class, new_class)
    refusals = _refusals(payment, new_class, cutoff_on)
    participant = payment.enrolment.participant if payment.enrolment else payment.participant
    priced = (
        price_for(participant, new_class, giving_back=payment) if participant is not None else None
    )
    current = seat_cost(payment)
    new_price = priced.amount_due if priced is not None else current
    given_back = max(current - new_price - settings.TRANSFER_FEE, ZERO)
    withheld = ZERO
    if given_back > 0 and priced is not None:
        withheld = min(discount_lost_by_cancelling(payment, replaced_by=priced), given_back)
    care_days = ()
    if payment.enrolment is not None:
        care_days = tuple(
            care_days_riding_on(
                family_id=payment.student_id,
                participant_id=payment.enrolment.participant_id,
                camp_class=payment.camp_class,
                keeping=new_class,
            )
        )
    return TransferQuote(
        care_days=care_days,
        enrolment_id=payment.enrolment_id,
        class_id=new_class.pk,
        class_name=new_class.name,
        from_class_name=payment.camp_class.name,
        participant_name=payment.participant_name or (participant.name if participant else ""),
        current_price=current,
        new_price=new_price,
        fee=settings.TRANSFER_FEE,
        cutoff_on=cutoff_on,
        refusals=tuple(refusals),
        withheld=withheld,
        priced=priced,
    )


def _setup_metadata(family: User, payment: Payment) -> dict[str, str]:
    return card_charges.card_metadata(
        family_id=family.pk, payment_id=str(payment.pk), purpose="transfer"
    )


def transfer_preview(*, family: User, enrolment_id: int, class_id: int) -> TransferQuote:
    """What moving the family's enrolment to `class_id` would cost now, and what stops it; with
    something to pay by card, where Stripe.js saves a new card for it. Nothing is changed."""
    payment = _payment_of(family=family, enrolment_id=enrolment_id)
    quote = _quote(payment, _class_of(class_id))
    if quote.refusals or in_cents(quote.total) < MINIMUM_CARD_CHARGE_CENTS:
        return quote
    setup = card_setup_for(student=family, metadata=_setup_metadata(family, payment))
    return replace(quote, client_secret=setup.client_secret)


def _checked(quote: TransferQuote, expected_total: Decimal) -> None:
    if quote.refusals:
        raise TransferRefused(quote.refusals[0])
    if in_cents(quote.total) != in_cents(expected_total):
        raise TransferTotalChanged(quote.total)


def transfer_make(
    *,
    family: User,
    enrolment_id: int,
    class_id: int,
    settle_with: str,
    expected_total: Decimal,
    setup_intent_id: str = "",
    payment_intent_id: str = "",
) -> TransferMade:
    """Move the family's enrolment to `class_id` for exactly `expected_total` (what the preview
    showed: positive to pay, negative to get back), settled by card or account credit. Refused
    as the preview refuses; by card, the charge is made before the seat moves, and after 3-D
    Secure the same request names `payment_intent_id`."""
    if settle_with not in (SettleWith.CARD, SettleWith.CREDIT):
        raise InvalidInput({"settle_with": [_("Choose card or credit.")]})
    payment = _payment_of(family=family, enrolment_id=enrolment_id)
    new_class = _class_of(class_id)
    if payment_intent_id:
        instalment = card_charges.charge_after_the_bank(
            _MoveAfterTheBank(payment), payment_intent_id
        )
        return _moved_after_the_charge(family, payment, new_class, instalment)
    quote = _quote(payment, new_class)
    _checked(quote, expected_total)
    if quote.total <= 0 or settle_with == SettleWith.CREDIT:
        return _moved(
            family=family,
            enrolment_id=enrolment_id,
            new_class_id=new_class.pk,
            expected_total=expected_total,
            settle_with=settle_with,
        )
    if in_cents(quote.total) < MINIMUM_CARD_CHARGE_CENTS:
        raise Conflict(
            _("Card payments start at $0.50: pay this move with account credit."),
            code="below_card_minimum",
        )
    if setup_intent_id:
        card_charges.card_setup_verified(
            setup_intent_id,
            made_for=lambda metadata: metadata == _setup_metadata(family, payment),
            not_made_for="This card was not saved for moving this enrolment.",
        )
    instalment = _charge_opened(payment, quote)
    if instalment.status == InstalmentStatus.PAID:
        # Paid already (the bank's answer came by the webhook, the move did not follow).
        return _moved_after_the_charge(family, payment, new_class, instalment)
    try:
        charged = instalment_card_charge(
            instalment, on_session=True, setup_intent_id=setup_intent_id
        )
    except DomainError:
        # Not charged (no card on file, the bank not reached): nothing is left open to charge.
        _charge_dropped(instalment.pk)
        raise
    if charged.action_client_secret:
        return TransferMade(
            transfer=None,
            action_client_secret=charged.action_client_secret,
            payment_intent_id=charged.payment_intent_id,
        )
    if not charged.paid:
        _charge_dropped(instalment.pk)
        raise CardDeclined(charged.message or _("The payment did not go through."))
    return _moved_after_the_charge(family, payment, new_class, charged.instalment)


def _charge_opened(payment: Payment, quote: TransferQuote) -> Instalment:
    """The instalment the move's card charge is made for, under the payment's lock: one paid
    already and not yet moved, or one still open, for this same amount; else a new one (an open
    one for another amount is dropped, so one move is paid for at a time)."""
    with transaction.atomic():
        Payment.objects.select_for_update().get(pk=payment.pk)
        transfer_charges = payment.instalments.filter(kind=InstalmentKind.TRANSFER)
        if transfer_charges.filter(status=InstalmentStatus.CHARGING).exists():
            raise Conflict(
                _("A payment for moving this enrolment is under way. Please wait a moment."),
                code="transfer_paying",
            )
        unmoved = transfer_charges.filter(
            status=InstalmentStatus.PAID, paid_by=PaidBy.CARD, amount=quote.total, note=""
        ).first()
        if unmoved is not None:
            return unmoved
        open_charges = transfer_charges.filter(status__in=CHARGE_OPEN)
        same = open_charges.filter(amount=quote.total).first()
        if same is not None:
            open_charges = open_charges.exclude(pk=same.pk)
        open_charges.update(
            status=InstalmentStatus.CANCELLED, message=_("Another move was asked for.")
        )
        if same is not None:
            return same
        return Instalment.objects.create(
            payment=payment,
            kind=InstalmentKind.TRANSFER,
            due_on=school_today(),
            amount=quote.total,
            status=InstalmentStatus.DUE,
        )


def _charge_dropped(instalment_id: int) -> None:
    """A declined charge: the instalment is nobody's to pay, and no task tries it again."""
    Instalment.objects.filter(pk=instalment_id, status__in=CHARGE_OPEN).update(
        status=InstalmentStatus.CANCELLED
    )


class _MoveAfterTheBank(card_charges.ChargeFlow[Instalment]):
    """The move's charge the family confirmed with their bank: put on record paid, or, declined
    (or still asked), dropped so that nothing is left open to charge."""

    not_its_charge = "This is not a payment for moving this enrolment."

    def __init__(self, payment: Payment):
        self.payment = payment
        self.instalment: Instalment | None = None

    def is_its_charge(self, charge: stripe_client.Charge) -> bool:
        if charge.metadata.get("payment_id") != str(self.payment.pk):
            return False
        self.instalment = Instalment.objects.filter(
            pk=int(charge.metadata.get("instalment_id") or 0),
            payment=self.payment,
            kind=InstalmentKind.TRANSFER,
        ).first()
        return self.instalment is not None

    def paid(self, charge: stripe_client.Charge) -> Instalment:
        recorded = instalment_record(charge=charge)
        if recorded is None or recorded.status != InstalmentStatus.PAID:
            raise Conflict(_("This payment could not be matched to the move; it was refunded."))
        return recorded

    def declined(self, message: str, charge: stripe_client.Charge | None) -> Instalment:
        _charge_dropped(self.instalment.pk)
        raise CardDeclined(message)


def _moved_after_the_charge(
    family: User, payment: Payment, new_class: Class, instalment: Instalment
) -> TransferMade:
    """The card paid: the seat moves, for exactly what was charged, or the charge goes back."""
    try:
        return _moved(
            family=family,
            enrolment_id=payment.enrolment_id,
            new_class_id=new_class.pk,
            expected_total=instalment.amount,
            settle_with=SettleWith.CARD,
            instalment=instalment,
        )
    except DomainError as error:
        refund = _charge_given_back(instalment, why=error.message)
        if refund is None:
            # A twin request moved the seat with this charge: it stays paid for that move.
            raise
        given_back = (
            f"The {_money(instalment.amount)} charged is refunded to your card."
            if refund.status == RefundStatus.SUCCEEDED
            else f"The {_money(instalment.amount)} charged will be refunded to your card by "
            "the school."
        )
        error.message = f"{error.message} {given_back}"
        error.args = (error.message,)
        raise


def _charge_given_back(instalment: Instalment, *, why: str) -> Refund | None:
    """The charge of a move that did not go ahead, refunded whole; None when a move took it
    after all (the payment's lock orders this against `_moved`, which marks it in its note)."""
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=instalment.payment_id)
        taken = Instalment.objects.filter(pk=instalment.pk).exclude(note="")
        if taken.exclude(note=GIVEN_BACK).exists():
            return None
        refund, _ = Refund.objects.get_or_create(
            idempotency_key=f"camp-transfer-charge-{instalment.pk}",
            defaults={
                "payment": payment,
                "instalment": instalment,
                "amount": instalment.amount,
                "reason": f"The move did not go ahead: {why}",
            },
        )
        Instalment.objects.filter(pk=instalment.pk).update(note=GIVEN_BACK)
    return refund_send(refund_id=refund.pk, told=False)


def _moved(
    *,
    family: User,
    enrolment_id: int,
    new_class_id: int,
    expected_total: Decimal,
    settle_with: str,
    instalment: Instalment | None = None,
) -> TransferMade:
    with transaction.atomic():
        payment = _move_locked(family=family, enrolment_id=enrolment_id, new_class_id=new_class_id)
        new_class = Class.objects.get(pk=new_class_id)
        quote = _quote(payment, new_class)
        _checked(quote, expected_total)
        total = quote.total
        if total > 0 and settle_with == SettleWith.CREDIT and credit_balance(family.pk) < total:
            raise Conflict(
                _("Your account credit is less than %(money)s: pay by card instead.")
                % {"money": _money(total)},
                code="credit_short",
            )
        from_class, old_enrolment_id, enrolment = _seat_moved(family, payment, new_class)
        _payment_moved(payment, new_class, enrolment, quote)
        care, care_refunds = care_days_moved(
            payment,
            left_class=from_class,
            by=family,
            now=timezone.now(),
            refund_to=RefundTo.CREDIT if settle_with == SettleWith.CREDIT else RefundTo.CARD,
        )
        transfer = Transfer.objects.create(
            payment=payment,
            from_class=from_class,
            to_class=new_class,
            from_enrolment_id=old_enrolment_id,
            to_enrolment=enrolment,
            difference=quote.difference,
            fee=quote.fee,
            withheld=quote.withheld,
            settled_with=settle_with if total != 0 else "",
            by=family,
        )
        card, credit, refunds = _difference_settled(
            payment,
            transfer,
            family=family,
            total=total,
            settle_with=settle_with,
            instalment=instalment,
            reason=f"Transfer from {from_class.name} to {new_class.name}",
        )
        enrolment_transferred_queue(
            payment,
            transfer_id=transfer.pk,
            from_class_name=from_class.name,
            difference=quote.difference,
            fee=quote.fee,
            withheld=quote.withheld,
            settled="charged" if total > 0 else "given back" if total < 0 else "even",
            card=card,
            credit=credit,
            care_days=care_days_named(care),
            care_refund=care.care_refund,
        )
    refunds = [refund_send(refund_id=refund.pk, told=False) for refund in refunds]
    for refund in care_refunds:
        refund_send(refund_id=refund.pk, told=False)
    return TransferMade(
        transfer=transfer,
        message=care_days_told(
            care, _told(quote, total=total, card=card, credit=credit, refunds=refunds)
        ),
    )


def _move_locked(*, family: User, enrolment_id: int, new_class_id: int) -> Payment:
    """The payment of the seat that moves, under the move's locks, taken in the order the
    module's docstring gives."""
    payment = _payment_of(family=family, enrolment_id=enrolment_id, lock=True)
    # The family's lock before the classes': the order a checkout spending credit takes.
    User.objects.select_for_update().get(pk=family.pk)
    for class_id in sorted({payment.camp_class_id, new_class_id}):
        class_locked(class_id)
    return payment


def _seat_moved(family: User, payment: Payment, new_class: Class) -> tuple[Class, int, Enrolment]:
    """The class left, its enrolment's id and the new seat: the new seat taken (the rules asked
    as if the old one were gone), then the old one given back."""
    participant = payment.enrolment.participant
    from_class = payment.camp_class
    old_enrolment_id = payment.enrolment_id
    try:
        enrolment = seat_take(
            student_id=family.pk,
            participant=participant,
            camp_class_id=new_class.pk,
            leaving_class_id=from_class.pk,
        )
    except SeatRefused as refused:
        code = "class_full" if refused.refusal.kind == RefusalKind.FULL else "not_eligible"
        raise TransferRefused(TransferRefusal(code, refused.message)) from None
    seat_give_back(enrolment_id=old_enrolment_id, reason=f"Moved to {new_class.name}")
    return from_class, old_enrolment_id, enrolment


def _payment_moved(
    payment: Payment, new_class: Class, enrolment: Enrolment, quote: TransferQuote
) -> None:
    """The payment now pays for the new seat, at the price the move quoted for it."""
    payment.camp_class = new_class
    payment.enrolment = enrolment
    payment.starts_at_promised = new_class.starts_at
    payment.ends_at_promised = new_class.ends_at
    payment.list_price = quote.priced.list_price
    payment.adjustments = [a.as_record() for a in quote.priced.adjustments]
    payment.save(
        update_fields=[
            "camp_class",
            "enrolment",
            "starts_at_promised",
            "ends_at_promised",
            "list_price",
            "adjustments",
        ]
    )
    # The old seat's add-ons go back with it (but one delivered); the new price's are bought.
    add_ons_given_back(payment)
    add_on_purchases_make(payment)


def _difference_settled(
    payment: Payment,
    transfer: Transfer,
    *,
    family: User,
    total: Decimal,
    settle_with: str,
    instalment: Instalment | None,
    reason: str,
) -> tuple[Decimal, Decimal, list[Refund]]:
    """What the move's total came to on the card and in credit, and the refunds put on record
    (sent once the move commits): more to pay, from the credit or by the card already charged;
    less, back to the cards or as credit."""
    card, credit, refunds = ZERO, ZERO, []
    if total > 0 and settle_with == SettleWith.CREDIT:
        CreditEntry.objects.create(
            family=family, amount=-total, reason=reason, by=family, payment=payment
        )
        paid_with_credit = Instalment.objects.create(
            payment=payment,
            kind=InstalmentKind.TRANSFER,
            due_on=school_today(),
            amount=total,
            status=InstalmentStatus.PAID,
            paid_by=PaidBy.CREDIT,
            paid_at=timezone.now(),
            note=f"{reason} (transfer {transfer.pk})",
        )
        ledger_instalment_paid(paid_with_credit)
        credit = total
    elif total > 0:
        Instalment.objects.filter(pk=instalment.pk).update(
            note=f"{reason} (transfer {transfer.pk})"
        )
        card = total
    elif total < 0 and settle_with == SettleWith.CARD:
        refunds, rest = _refunds_put_on_record(payment, -total, transfer=transfer, why=reason)
        card = -total - rest
        credit = rest
    elif total < 0:
        credit = -total
    if total < 0 and credit > 0:
        # Chosen as credit, it comes from the cards first; what no card could take back,
        # from the rest.
        ledger_credit_given(
            payment,
            credit,
            reason=reason,
            by=family,
            drawn=(CARD, OTHER, CHECKOUT_CREDIT)
            if settle_with == SettleWith.CREDIT
            else (OTHER, CHECKOUT_CREDIT),
        )
    return card, credit, refunds


def _told(
    quote: TransferQuote, *, total: Decimal, card: Decimal, credit: Decimal, refunds: list[Refund]
) -> str:
    said = [f"{quote.participant_name} is now in {quote.class_name}."]
    if total > 0 and card:
        said.append(f"{_money(card)} was charged to your card.")
    elif total > 0:
        said.append(f"{_money(credit)} was paid from your account credit.")
    elif total < 0:
        if card:
            late = [refund for refund in refunds if refund.status != RefundStatus.SUCCEEDED]
            said.append(
                f"{_money(card)} is refunded to the card you paid with."
                if not late
                else f"A refund of {_money(card)} could not be made just now; the school will "
                "make it and e-mail you when it is done."
            )
        if credit:
            said.append(f"{_money(credit)} is added to your account credit.")
    else:
        said.append("There was nothing to pay.")
    return " ".join(said)


def _refunds_put_on_record(
    payment: Payment, amount: Decimal, *, transfer: Transfer, why: str
) -> tuple[list[Refund], Decimal]:
    """What goes back to the cards (`ledger_card_refunds`), in the caller's transaction, under
    the payment's lock. What no card paid for is returned, for credit."""
    return ledger_card_refunds(
        payment,
        amount,
        reason=why,
        key=lambda instalment_id: f"camp-transfer-{transfer.pk}-{instalment_id or 'first'}",
    )
