"""What a plan asks after its deposit: instalments charged on the card saved at checkout.

Each charge is claimed first: the instalment moves to `charging` (and its try is counted) in a
transaction committed before Stripe is asked, under the instalment's row lock, so two workers
(or the beat task and a family paying at the same moment) never both charge it. The try's
idempotency key (`Instalment.idempotency_key`) makes a repeated ask of one try one charge at
Stripe. A charge Stripe never answered for stays `charging` until reconciliation finds it by
its metadata (`instalments_unanswered_settle`).

A charge the bank declines (or, with the family away, would need them to confirm) is failed:
the family is e-mailed a link to pay it; the school tries again daily up to INSTALMENT_RETRIES;
then the payment is overdue, its seat kept OVERDUE_GRACE_DAYS (`Payment.release_on`, which an
admin may move) and then released to the waitlist by the refund policy, as a cancellation
(`enrolment_cancellations.overdue_release`, which builds on this module).
"""

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import CardDeclined, Conflict, InvalidInput, NotFound
from core.school_time import school_today
from payments import stripe_client
from payments.models import (
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentStatus,
    PlanChange,
)
from payments.money import in_cents
from payments.selectors import seat_paid
from payments.services import card_charges
from payments.services.common import METADATA_APP, stripe_call
from payments.services.customers import card_setup_for
from payments.services.ledger import ledger_instalment_paid
from payments.services.messages import instalment_failed_queue

logger = logging.getLogger(__name__)

ZERO = Decimal("0.00")
UNPAID = (InstalmentStatus.DUE, InstalmentStatus.FAILED)


@dataclass(frozen=True)
class InstalmentCharged:
    """What one charge of an instalment did: paid, or why not (the bank's words), or the
    bank's question for the family (3-D Secure) first."""

    instalment: Instalment
    paid: bool
    message: str = ""
    action_client_secret: str = ""
    payment_intent_id: str = ""


def instalments_create(payment: Payment, parts: list[dict]) -> None:
    """The instalments a family confirmed at checkout ({due_on, amount}), in the caller's
    transaction with the payment they complete."""
    Instalment.objects.bulk_create(
        Instalment(
            payment=payment,
            kind=InstalmentKind.INSTALMENT,
            due_on=date.fromisoformat(part["due_on"]),
            amount=Decimal(part["amount"]),
        )
        for part in parts
    )


def paid_toward(payment: Payment) -> Decimal:
    """What the family has paid for this seat, by card, with credit on an instalment, in cash or
    by cheque, less what went back (`seat_paid`); the account credit spent at checkout is apart
    (`SeatPaid.credit_at_checkout`): a cancellation gives it back as credit."""
    held = seat_paid(payment)
    return held.card + held.paid_otherwise


def unpaid_of(payment: Payment, *, by: date | None = None) -> list[Instalment]:
    """The payment's instalments not yet paid (those due by `by`, when given), oldest first."""
    rows = payment.instalments.filter(status__in=UNPAID)
    if by is not None:
        rows = rows.filter(Q(due_on__lte=by) | Q(status=InstalmentStatus.FAILED))
    return list(rows.order_by("due_on", "id"))


def _claimed(instalment_id: int) -> Instalment | None:
    """The instalment moved to `charging` by this caller alone (its try counted), or None when
    it is paid, cancelled or being charged by another."""
    with transaction.atomic():
        instalment = (
            Instalment.objects.select_for_update()
            .select_related("payment")
            .filter(pk=instalment_id, status__in=UNPAID)
            .first()
        )
        if instalment is None:
            return None
        instalment.status = InstalmentStatus.CHARGING
        instalment.tries += 1
        instalment.charging_since = timezone.now()
        instalment.save(update_fields=["status", "tries", "charging_since"])
    return instalment


def _card_of(payment: Payment, setup_intent_id: str) -> stripe_client.CardSetup:
    setup_id = setup_intent_id or payment.card_setup_intent_id or payment.setup_intent_id
    if not setup_id:
        raise Conflict(_("No card is saved for this payment."), code="no_card")
    with stripe_call():
        return stripe_client.card_setup_retrieve(setup_id)


def _back_to_unpaid(instalment: Instalment, *, was: str, message: str) -> None:
    Instalment.objects.filter(pk=instalment.pk, status=InstalmentStatus.CHARGING).update(
        status=was, message=message
    )


def instalment_card_charge(
    instalment: Instalment,
    *,
    on_session: bool,
    setup_intent_id: str = "",
) -> InstalmentCharged:
    """Charge one unpaid instalment to the payment's saved card (or the card saved in
    `setup_intent_id`, which then becomes the card on file). `on_session`: the family is there
    to answer their bank; a decline is theirs to see and not counted against the plan."""
    was = instalment.status
    claimed = _claimed(instalment.pk)
    if claimed is None:
        instalment.refresh_from_db()
        return InstalmentCharged(
            instalment=instalment,
            paid=instalment.status == InstalmentStatus.PAID,
            message="This instalment is being charged already.",
        )
    payment = claimed.payment
    try:
        setup = _card_of(payment, setup_intent_id)
    except Exception:
        _back_to_unpaid(claimed, was=was, message=claimed.message)
        raise
    return card_charges.card_charge(
        _InstalmentCharge(
            claimed, on_session=on_session, was=was, new_card=setup.id if setup_intent_id else ""
        ),
        setup=setup,
        amount_cents=in_cents(claimed.amount),
        metadata=card_charges.card_metadata(
            family_id=payment.student_id,
            payment_id=str(payment.pk),
            instalment_id=str(claimed.pk),
        ),
        idempotency_key=claimed.idempotency_key,
        off_session=not on_session,
    )


class _InstalmentCharge(card_charges.ChargeFlow[InstalmentCharged]):
    """One try of an instalment (claimed, `charging`): paid, it is recorded; declined, it is
    unpaid again as it `was` (`_declined`); never sent, unpaid again untouched. Sent with no
    answer, it stays charging for reconciliation (`instalments_unanswered_settle`). Off the
    session nobody is there to answer the bank, so its question is a decline."""

    def __init__(self, instalment: Instalment, *, on_session: bool, was: str, new_card: str):
        self.instalment = instalment
        self.on_session = on_session
        self.was = was
        # The SetupIntent of a card the family saved for this try, if they did: once the bank
        # has answered, it is the payment's card on file.
        self.new_card = new_card

    def answered(self, charge: stripe_client.Charge) -> None:
        payment = self.instalment.payment
        if self.new_card and self.new_card != payment.card_setup_intent_id:
            Payment.objects.filter(pk=payment.pk).update(card_setup_intent_id=self.new_card)

    def paid(self, charge: stripe_client.Charge) -> InstalmentCharged:
        recorded = instalment_record(charge=charge)
        return InstalmentCharged(instalment=recorded, paid=recorded.status == "paid")

    def awaiting_the_bank(self, charge: stripe_client.Charge) -> InstalmentCharged:
        if not self.on_session:
            return self.declined("Your bank asks you to confirm this payment yourself.", charge)
        instalment = self.instalment
        Instalment.objects.filter(pk=instalment.pk).update(
            status=self.was,
            payment_intent_id=charge.id,
            message="Your bank asks you to confirm.",
        )
        instalment.refresh_from_db()
        return InstalmentCharged(
            instalment=instalment,
            paid=False,
            action_client_secret=charge.client_secret,
            payment_intent_id=charge.id,
        )

    def declined(self, message: str, charge: stripe_client.Charge | None) -> InstalmentCharged:
        return _declined(self.instalment, message, on_session=self.on_session, was=self.was)

    def not_sent(self, error: stripe_client.ProviderUnreachable) -> InstalmentCharged:
        _back_to_unpaid(self.instalment, was=self.was, message="The charge did not reach the bank.")
        raise card_charges.ChargeNotSent() from error


def _declined(
    instalment: Instalment, message: str, *, on_session: bool, was: str
) -> InstalmentCharged:
    """A try the bank refused. The family's own try leaves the plan as it was; the school's is
    counted, retried tomorrow while retries remain, and the family is e-mailed the link."""
    with transaction.atomic():
        instalment = (
            Instalment.objects.select_for_update().select_related("payment").get(pk=instalment.pk)
        )
        if instalment.status != InstalmentStatus.CHARGING:
            return InstalmentCharged(instalment=instalment, paid=instalment.status == "paid")
        instalment.message = message
        if on_session:
            instalment.status = was
            instalment.save(update_fields=["status", "message"])
            return InstalmentCharged(instalment=instalment, paid=False, message=message)
        today = school_today()
        instalment.status = InstalmentStatus.FAILED
        instalment.declines += 1
        payment = instalment.payment
        if instalment.declines > settings.INSTALMENT_RETRIES:
            instalment.next_try_on = None
            if payment.overdue_since is None:
                payment.overdue_since = today
                payment.release_on = today + timedelta(days=settings.OVERDUE_GRACE_DAYS)
                payment.save(update_fields=["overdue_since", "release_on"])
        else:
            instalment.next_try_on = today + timedelta(days=1)
        instalment.save(update_fields=["status", "message", "declines", "next_try_on"])
        if instalment.kind != InstalmentKind.CANCELLATION:
            instalment_failed_queue(instalment)
    return InstalmentCharged(instalment=instalment, paid=False, message=message)


def instalment_record(*, charge: stripe_client.Charge) -> Instalment | None:
    """Put a succeeded instalment charge on record, once: the instalment paid. A charge for
    another amount than the instalment's, for one paid meanwhile another way, or for a seat
    given up meanwhile, is refunded whole. None when the charge is no instalment's of ours."""
    instalment_id = charge.metadata.get("instalment_id", "")
    if charge.status != "succeeded" or not instalment_id.isdigit():
        return None
    with transaction.atomic():
        instalment = (
            Instalment.objects.select_for_update()
            .select_related("payment")
            .filter(pk=int(instalment_id))
            .first()
        )
        if instalment is None or charge.metadata.get("student_id") != str(
            instalment.payment.student_id
        ):
            logger.warning("Charge %s names an instalment we do not have; left alone.", charge.id)
            return None
        if instalment.status == InstalmentStatus.PAID and instalment.payment_intent_id == charge.id:
            return instalment
        if (
            instalment.kind == InstalmentKind.INSTALMENT
            and instalment.payment.status != PaymentStatus.ENROLLED
        ):
            # The seat was given up (cancelled, released) while Stripe's answer was on its way:
            # the cancellation's refund counted only what was paid before it, so this goes back
            # whole, and the instalment is owed no more.
            logger.warning("Charge %s came after its seat was given up: refunded", charge.id)
            with stripe_call():
                stripe_client.charge_refund(
                    payment_intent_id=charge.id,
                    reason="This enrolment was cancelled before the instalment was charged.",
                )
            instalment.status = InstalmentStatus.CANCELLED
            instalment.message = "Charged after the seat was given up, and refunded."
            instalment.save(update_fields=["status", "message"])
            return instalment
        if instalment.status in (
            InstalmentStatus.PAID,
            InstalmentStatus.CANCELLED,
        ) or charge.amount != in_cents(instalment.amount):
            logger.warning("Charge %s is not instalment %s's: refunded", charge.id, instalment.pk)
            with stripe_call():
                stripe_client.charge_refund(
                    payment_intent_id=charge.id,
                    reason="This instalment was paid or cancelled already, or its amount changed.",
                )
            return instalment
        instalment.status = InstalmentStatus.PAID
        instalment.paid_by = PaidBy.CARD
        instalment.payment_intent_id = charge.id
        instalment.paid_at = timezone.now()
        instalment.next_try_on = None
        instalment.message = ""
        instalment.save(
            update_fields=[
                "status",
                "paid_by",
                "payment_intent_id",
                "paid_at",
                "next_try_on",
                "message",
            ]
        )
        ledger_instalment_paid(instalment)
        _overdue_cleared(instalment.payment)
    return instalment


def _overdue_cleared(payment: Payment) -> None:
    """Nothing failed is left unpaid: the payment is no longer overdue."""
    if payment.overdue_since is None:
        return
    if payment.instalments.filter(status=InstalmentStatus.FAILED).exists():
        return
    Payment.objects.filter(pk=payment.pk).update(overdue_since=None, release_on=None)
    payment.overdue_since = payment.release_on = None


def instalment_charge_settle(*, charge: stripe_client.Charge) -> str:
    """The webhook's and reconciliation's part for an instalment's charge. Empty when there was
    nothing left to do."""
    if Instalment.objects.filter(
        payment_intent_id=charge.id, status=InstalmentStatus.PAID
    ).exists():
        return ""
    recorded = instalment_record(charge=charge)
    return recorded.status if recorded is not None else "left alone"


def is_instalment_charge(charge: stripe_client.Charge) -> bool:
    return charge.metadata.get("app") == METADATA_APP and bool(charge.metadata.get("instalment_id"))


def instalments_due(*, today: date | None = None):
    """Instalments the school charges today: due ones reached, failed ones whose retry day has
    come; only for seats still held (or a cancellation's own charge)."""
    today = today or school_today()
    return Instalment.objects.filter(
        Q(status=InstalmentStatus.DUE, due_on__lte=today)
        | Q(status=InstalmentStatus.FAILED, next_try_on__lte=today),
    ).filter(
        Q(payment__status=PaymentStatus.ENROLLED, kind=InstalmentKind.INSTALMENT)
        | Q(kind=InstalmentKind.CANCELLATION),
    )


def instalments_charge(*, today: date | None = None) -> int:
    """The beat task's run: each instalment due is charged once, off-session. How many were
    asked of Stripe. Safe to run twice or in two workers at once (`_claimed`)."""
    asked = 0
    for instalment in instalments_due(today=today).order_by("due_on", "id"):
        try:
            instalment_card_charge(instalment, on_session=False)
        except Conflict as problem:
            logger.warning("Instalment %s was not charged: %s", instalment.pk, problem)
        except stripe_client.PaymentProviderError:
            logger.warning("Instalment %s: no answer from Stripe", instalment.pk)
        asked += 1
    return asked


def instalments_unanswered_settle(*, now: datetime | None = None) -> int:
    """Instalments whose charge Stripe never answered for: charged after all (recorded) or never
    made (unpaid again, to be charged on the next run). How many were settled."""
    now = now or timezone.now()
    settled = 0
    waiting = Instalment.objects.filter(
        status=InstalmentStatus.CHARGING,
        charging_since__lt=now - card_charges.UNANSWERED_CHARGE_GRACE,
    )
    for instalment in waiting:
        charges = card_charges.charges_asked_since(
            instalment.charging_since,
            lambda charge, instalment=instalment: (
                charge.metadata.get("instalment_id") == str(instalment.pk)
            ),
        )
        succeeded = next((charge for charge in charges if charge.status == "succeeded"), None)
        if succeeded is not None:
            instalment_record(charge=succeeded)
        else:
            was = InstalmentStatus.FAILED if instalment.declines else InstalmentStatus.DUE
            _back_to_unpaid(instalment, was=was, message="The charge did not reach the bank.")
        settled += 1
    return settled


# The family's balance: what is left, paid from My Enrolled Classes or the e-mail's link.


class BalanceScope:
    # What is due by today, and every failed instalment.
    DUE = "due"
    # Everything still to pay.
    ALL = "all"


class AmountChanged(Conflict):
    def __init__(self, amount: Decimal):
        self.amount = amount
        super().__init__(
            f"The amount to pay is now ${amount:.2f}. Please check it and confirm again.",
            code="amount_changed",
            details={"amount": float(amount)},
        )


def balance_payment_of(*, family: User, enrolment_id: int, lock: bool = False) -> Payment:
    payments = Payment.objects.select_related("camp_class", "participant")
    if lock:
        payments = payments.select_for_update(of=("self",))
    payment = payments.filter(enrolment_id=enrolment_id, student=family).first()
    if payment is None:
        raise NotFound(_("No such enrolment."))
    return payment


def balance_setup_secret(family: User, payment: Payment) -> str | None:
    """The SetupIntent's secret another card is saved into for this balance, made on first
    need; None when nothing is left to pay."""
    if payment.status != PaymentStatus.ENROLLED or not unpaid_of(payment):
        return None
    if payment.balance_setup_intent_id:
        with stripe_call():
            setup = stripe_client.card_setup_retrieve(payment.balance_setup_intent_id)
        if setup.status != "succeeded":
            return setup.client_secret
    setup = card_setup_for(
        student=family,
        metadata=card_charges.card_metadata(family_id=family.pk, payment_id=str(payment.pk)),
    )
    Payment.objects.filter(pk=payment.pk).update(balance_setup_intent_id=setup.id)
    return setup.client_secret


@dataclass(frozen=True)
class BalancePaid:
    payment: Payment
    action_client_secret: str = ""
    payment_intent_id: str = ""


def balance_pay(
    *,
    family: User,
    enrolment_id: int,
    scope: str,
    confirmed_amount: Decimal,
    setup_intent_id: str = "",
    payment_intent_id: str = "",
) -> BalancePaid:
    """Pay what is due (or all that is left) now, with the family there: each instalment its own
    charge, in date order, on the card on file or a new one. Stops at the first the bank asks
    the family to confirm (3-D Secure); asked again with that charge's id, it goes on."""
    payment = balance_payment_of(family=family, enrolment_id=enrolment_id)
    by = None if scope == BalanceScope.ALL else school_today()
    if payment_intent_id:
        # The bank's answer settles one instalment; the rest are charged as asked first.
        card_charges.charge_after_the_bank(_BalanceAfterTheBank(payment), payment_intent_id)
        to_pay = unpaid_of(payment, by=by)
    elif payment.status != PaymentStatus.ENROLLED:
        raise Conflict(_("This enrolment is not active, so nothing is due on it."))
    else:
        to_pay = unpaid_of(payment, by=by)
        total = sum((instalment.amount for instalment in to_pay), ZERO)
        if not to_pay:
            raise Conflict(_("Nothing is due on this enrolment now."), code="nothing_due")
        if in_cents(total) != in_cents(confirmed_amount):
            raise AmountChanged(total)
    card = ""
    if setup_intent_id:
        card = card_charges.card_setup_verified(
            setup_intent_id,
            made_for=lambda metadata: (
                metadata.get("payment_id") == str(payment.pk)
                and metadata.get("student_id") == str(family.pk)
            ),
            not_made_for="This card was not saved for this balance.",
        ).id
    for instalment in to_pay:
        charged = instalment_card_charge(instalment, on_session=True, setup_intent_id=card)
        if charged.action_client_secret:
            return BalancePaid(
                payment=payment,
                action_client_secret=charged.action_client_secret,
                payment_intent_id=charged.payment_intent_id,
            )
        if not charged.paid and charged.instalment.status == InstalmentStatus.CHARGING:
            # Another's charge of it (the beat's run, another tab) is with the bank: no decline,
            # and it may well succeed.
            raise Conflict(
                _("This instalment is being charged already; it shows as paid in a moment."),
                code="instalment_charging",
            )
        if not charged.paid:
            raise CardDeclined(charged.message or _("The payment did not go through."))
    payment.refresh_from_db()
    return BalancePaid(payment=payment)


class _BalanceAfterTheBank(card_charges.ChargeFlow[Instalment | None]):
    """An instalment of the balance the family confirmed with their bank: recorded paid, or
    declined (the bank still asking is a decline: the family is asked to pay again)."""

    not_its_charge = "This is not a payment for this balance."

    def __init__(self, payment: Payment):
        self.payment = payment

    def is_its_charge(self, charge: stripe_client.Charge) -> bool:
        return charge.metadata.get("payment_id") == str(self.payment.pk)

    def paid(self, charge: stripe_client.Charge) -> Instalment | None:
        return instalment_record(charge=charge)

    def declined(self, message: str, charge: stripe_client.Charge | None) -> Instalment | None:
        raise CardDeclined(message)


# The school's changes to a plan, each on record (`PlanChange`).


def _changed(payment: Payment, instalment: Instalment | None, by: User, what: str, note: str):
    PlanChange.objects.create(
        payment=payment, instalment=instalment, what=what, note=note.strip(), by=by
    )


def _unpaid_locked(instalment_id: int) -> Instalment:
    instalment = (
        Instalment.objects.select_for_update().select_related("payment").get(pk=instalment_id)
    )
    if instalment.status not in UNPAID:
        raise Conflict(_("Only an instalment not yet paid (nor being charged) can be changed."))
    return instalment


def instalment_move(*, instalment_id: int, due_on: date, by: User, note: str = "") -> Instalment:
    with transaction.atomic():
        instalment = _unpaid_locked(instalment_id)
        was = instalment.due_on
        instalment.due_on = due_on
        if instalment.status == InstalmentStatus.FAILED:
            instalment.next_try_on = due_on
        instalment.save(update_fields=["due_on", "next_try_on"])
        _changed(instalment.payment, instalment, by, f"Due date moved from {was} to {due_on}", note)
    return instalment


def instalment_amount_change(
    *, instalment_id: int, amount: Decimal, by: User, note: str = ""
) -> Instalment:
    if amount < Decimal("0.50"):
        raise InvalidInput({"amount": [_("An instalment is at least $0.50 (the card minimum).")]})
    with transaction.atomic():
        instalment = _unpaid_locked(instalment_id)
        was = instalment.amount
        instalment.amount = amount
        instalment.save(update_fields=["amount"])
        _changed(instalment.payment, instalment, by, f"Amount changed from {was} to {amount}", note)
    return instalment


def instalments_cancel_future(*, payment_id: int, by: User, note: str = "") -> int:
    """The school waives what is left to pay: every unpaid instalment cancelled."""
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        cancelled = 0
        for instalment in payment.instalments.select_for_update().filter(status__in=UNPAID):
            instalment.status = InstalmentStatus.CANCELLED
            instalment.save(update_fields=["status"])
            _changed(
                payment,
                instalment,
                by,
                f"Cancelled ({instalment.amount} due {instalment.due_on})",
                note,
            )
            cancelled += 1
        _overdue_cleared(payment)
    return cancelled


def instalment_paid_offline(*, instalment_id: int, by: User, note: str) -> Instalment:
    """Cash or cheque taken by the office: the instalment paid, with the office's note."""
    if not note.strip():
        raise InvalidInput({"note": [_("Say how it was paid (cash, cheque number).")]})
    with transaction.atomic():
        instalment = _unpaid_locked(instalment_id)
        instalment.status = InstalmentStatus.PAID
        instalment.paid_by = PaidBy.OFFLINE
        instalment.paid_at = timezone.now()
        instalment.note = note.strip()
        instalment.next_try_on = None
        instalment.save(update_fields=["status", "paid_by", "paid_at", "note", "next_try_on"])
        ledger_instalment_paid(instalment)
        _changed(instalment.payment, instalment, by, f"Paid offline ({instalment.amount})", note)
        _overdue_cleared(instalment.payment)
    return instalment


def release_extend(*, payment_id: int, release_on: date, by: User, note: str = "") -> Payment:
    """An admin keeps an overdue seat longer."""
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.overdue_since is None:
            raise Conflict(_("This payment is not overdue."))
        was = payment.release_on
        payment.release_on = release_on
        payment.save(update_fields=["release_on"])
        _changed(payment, None, by, f"Seat kept until {release_on} (was {was})", note)
    return payment
