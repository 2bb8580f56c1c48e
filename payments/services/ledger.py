"""The one ledger: every movement of a family's money for a seat is written here, in the
transaction of the change it belongs to. What a seat holds is read back by
`payments.selectors.seat_paid`; nothing else adds up what a seat was paid.

Money in: `ledger_payment_made` (the payment's own card charge and the account credit spent on
it at checkout) and `ledger_instalment_paid` (an instalment's card charge, credit, cash or
cheque). Money out: `ledger_card_refunds`, the one way money goes back to cards (a refund on
record for each charge, newest first, each within what is left of it), `ledger_refund` (one such
refund), `ledger_card_refunded` (a charge given back whole at once, its seat never taken) and
`ledger_credit_given` (money given back as account credit, drawn from the parts the caller
names, in order)."""

from collections.abc import Callable
from decimal import Decimal

from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import Conflict
from payments.models import (
    CreditEntry,
    Instalment,
    Kind,
    LedgerEntry,
    LedgerKind,
    PaidBy,
    PaidWith,
    Payment,
    Refund,
)
from payments.selectors import CARD, seat_paid
from payments.services.add_ons import add_on_purchases_make
from payments.services.common import is_free_enrolment

ZERO = Decimal("0.00")
_PAID_AS = {
    PaidBy.CARD: LedgerKind.CHARGE,
    PaidBy.CREDIT: LedgerKind.CREDIT_SPENT,
    PaidBy.OFFLINE: LedgerKind.OFFLINE,
}


def credit_spent_at_checkout(payment: Payment) -> Decimal:
    """The account credit the family's checkout put on this seat, as its price's adjustments
    say when the payment is made (a move later prices the seat again; the ledger keeps this)."""
    return -sum(
        (Decimal(a["amount"]) for a in payment.adjustments if a.get("kind") == Kind.CREDIT), ZERO
    )


def ledger_payment_made(payment: Payment) -> None:
    """A payment put on record: its card charge (none for a free enrolment), or the cash or
    cheque the office took, and the account credit spent on it, and the add-ons its price
    bought (`add_ons`). In the caller's transaction, with the payment."""
    entries = []
    if payment.price > ZERO and not is_free_enrolment(payment):
        kind = LedgerKind.CHARGE if payment.paid_with == PaidWith.CARD else LedgerKind.OFFLINE
        entries.append(_entry(payment, kind, payment.price, at=payment.date))
    credit = credit_spent_at_checkout(payment)
    if credit > ZERO:
        entries.append(_entry(payment, LedgerKind.CREDIT_SPENT, credit, at=payment.date))
    LedgerEntry.objects.bulk_create(entries)
    add_on_purchases_make(payment)


def ledger_instalment_paid(instalment: Instalment) -> None:
    """An instalment paid (by card, with credit, in cash or by cheque), as it now stands."""
    if instalment.amount <= ZERO:
        return
    _entry(
        instalment.payment,
        _PAID_AS[instalment.paid_by],
        instalment.amount,
        instalment=instalment,
        at=instalment.paid_at,
    ).save()


def ledger_refund(refund: Refund) -> None:
    """A refund put on record: the money is the family's from now on, made or still owed."""
    _within(refund.payment, LedgerKind.CHARGE, refund.instalment_id, refund.amount)
    _refund_entry(refund).save()


def _refund_entry(refund: Refund) -> LedgerEntry:
    return _entry(
        refund.payment,
        LedgerKind.REFUND,
        refund.amount,
        drawn_from=LedgerKind.CHARGE,
        instalment_id=refund.instalment_id,
        refund=refund,
        at=refund.created_at,
    )


def ledger_card_refunds(
    payment: Payment, amount: Decimal, *, reason: str, key: Callable[[int | None], str]
) -> tuple[list[Refund], Decimal]:
    """`amount` back to the card charges the seat was paid by, the newest first, each never more
    than is left of it: a refund put on record for each (`key`: its idempotency key, by the
    charge's instalment, None for the payment's own), in the caller's transaction and under the
    payment's lock; `refund_send` makes them at Stripe. What no card can take back is returned,
    for the caller to give back as credit."""
    refunds, left = [], amount
    for part, room in seat_paid(payment).parts_in((CARD,)):
        take = min(room, left)
        if take <= ZERO:
            continue
        refund = Refund.objects.create(
            payment=payment,
            instalment_id=part.instalment_id,
            amount=take,
            idempotency_key=key(part.instalment_id),
            reason=reason,
        )
        refunds.append(refund)
        left -= take
    # Each within what its charge holds, as read above under the payment's lock.
    LedgerEntry.objects.bulk_create(_refund_entry(refund) for refund in refunds)
    return refunds, left


def ledger_card_refunded(payment: Payment, amount: Decimal, *, instalment_id: int | None) -> None:
    """A refund the school made at Stripe there and then, of one card charge."""
    _within(payment, LedgerKind.CHARGE, instalment_id, amount)
    _entry(
        payment,
        LedgerKind.REFUND,
        amount,
        drawn_from=LedgerKind.CHARGE,
        instalment_id=instalment_id,
    ).save()


def ledger_credit_given(
    payment: Payment,
    amount: Decimal,
    *,
    reason: str,
    drawn: tuple[str, ...],
    bonus: Decimal = ZERO,
    by: User | None = None,
) -> CreditEntry:
    """`amount` of the seat's money given back to the family's account credit, with the
    school's `bonus` on top: the credit account's row, and the ledger's entries taking it from
    the seat's parts in the order `drawn` names (CARD: the card charges, newest first; OTHER:
    the instalments paid with credit, cash or cheque, newest first; CHECKOUT_CREDIT: the credit
    spent at checkout). Never more than those parts hold."""
    credit_entry = CreditEntry.objects.create(
        family_id=payment.student_id, amount=amount + bonus, reason=reason, by=by, payment=payment
    )
    held = seat_paid(payment)
    left, entries = amount, []
    for part, room in held.parts_in(drawn):
        take = min(room, left)
        if take <= ZERO:
            continue
        entries.append(
            _entry(
                payment,
                LedgerKind.CREDIT_GIVEN,
                take,
                drawn_from=part.kind,
                instalment_id=part.instalment_id,
                credit_entry=credit_entry,
                at=credit_entry.at,
            )
        )
        left -= take
    if left > ZERO:
        raise Conflict(_("Money given back is never more than was paid."), code="more_than_paid")
    LedgerEntry.objects.bulk_create(entries)
    return credit_entry


def _within(payment: Payment, kind: str, instalment_id: int | None, amount: Decimal) -> None:
    """Refuses money out of a part beyond what is left of it."""
    room = seat_paid(payment).room_of(kind, instalment_id)
    if amount > room:
        raise Conflict(_("A refund is never more than was paid."), code="more_than_paid")


def _entry(payment: Payment, kind: str, amount: Decimal, **fields) -> LedgerEntry:
    if fields.get("at") is None:
        fields.pop("at", None)
    return LedgerEntry(
        family_id=payment.student_id, payment=payment, kind=kind, amount=amount, **fields
    )
