"""The one place a price is computed: what a seat in a class costs one participant, and why.

`price_for` answers the class's list price, the adjustments that apply to it and the amount
due. Checkout and the payment page ask it what to charge, the charge attempt keeps the amount it
answered, and a charge is given its seat when its amount is the one its attempt confirmed
(`payments.services.fulfilment`); the receipt and refunds read the amount paid. Nothing else
reads `Class.price` to decide what anyone pays.

Adjustments are rules named in `settings.PRICE_ADJUSTMENTS` (dotted paths), each called with
the participant, the class, the moment and the context, answering an `Adjustment` or None, in
the order named. The school has none yet; discounts and credit will be rules here.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import cache

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string

from accounts.models import Participant
from classes.models import Class

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Adjustment:
    """A change to the list price, with the reason a family reads: negative for a discount."""

    reason: str
    amount: Decimal


@dataclass(frozen=True)
class Quote:
    """A class's list price for one participant, what changes it, and what is due."""

    list_price: Decimal
    adjustments: tuple[Adjustment, ...] = field(default=())

    @property
    def amount_due(self) -> Decimal:
        total = self.list_price + sum((a.amount for a in self.adjustments), Decimal(0))
        # Never below nothing, whatever the adjustments add up to.
        return max(total, Decimal(0)).quantize(CENT, rounding=ROUND_HALF_UP)

    @property
    def amount_due_cents(self) -> int:
        return in_cents(self.amount_due)


Rule = Callable[..., Adjustment | None]


def in_cents(amount: Decimal) -> int:
    """Money as Stripe counts it: exact cents, never through a float."""
    return int(amount.quantize(CENT, rounding=ROUND_HALF_UP) * 100)


@cache
def _rules(paths: tuple[str, ...]) -> tuple[Rule, ...]:
    return tuple(import_string(path) for path in paths)


def price_for(
    participant: Participant,
    camp_class: Class,
    *,
    at: datetime | None = None,
    context: dict | None = None,
) -> Quote:
    """What a seat in `camp_class` costs `participant` at `at` (now by default)."""
    at = at or timezone.now()
    context = context or {}
    adjustments = []
    for rule in _rules(tuple(settings.PRICE_ADJUSTMENTS)):
        adjustment = rule(participant, camp_class, at=at, context=context)
        if adjustment is not None:
            adjustments.append(adjustment)
    return Quote(list_price=camp_class.price, adjustments=tuple(adjustments))
