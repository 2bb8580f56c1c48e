"""Reads of checkout: a price as the payment page words it, and the family's cart."""

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from accounts.models import Participant, User
from checkout.items import Item, items_read, lines_read
from checkout.pricing import CheckoutQuote, price_checkout, price_for
from classes.models import Class, ClassStatus
from core.errors import InvalidInput
from enrolments.models import Selection
from enrolments.selectors import selection_list_for
from payments.services.messages import money, money_change


def price_in_words(*, participant: Participant, camp_class: Class) -> list[dict]:
    """What a seat costs the participant now (`checkout.pricing.price_for`), as the payment
    page shows it: the list price and each adjustment when there are any, then the total due."""
    quote = price_for(participant, camp_class)
    lines = []
    if quote.adjustments:
        lines.append({"label": gettext_lazy("List price"), "amount": money(quote.list_price)})
        lines += [{"label": a.label, "amount": money_change(a.amount)} for a in quote.adjustments]
    lines.append({"label": gettext_lazy("Total due"), "amount": money(quote.amount_due)})
    return lines


@dataclass(frozen=True)
class Cart:
    """The family's selections, each a line, priced together as a checkout of them all would
    price them before a code or credit (`checkout.pricing.price_checkout`)."""

    selections: tuple[Selection, ...]
    quote: CheckoutQuote

    @property
    def count(self) -> int:
        return len(self.selections)


def cart_for(*, family: User) -> Cart:
    """The family's cart: every selection (`enrolments.selectors.selection_list_for`) priced
    together, so the sibling and multi-class discounts of a checkout of them all show in it.
    Whether a line may still be held is asked when the checkout is opened, not here."""
    selections = tuple(selection_list_for(student=family))
    if not selections:
        return Cart(selections=(), quote=CheckoutQuote(lines=()))
    quote = price_checkout(family, [(s.participant, s.camp_class) for s in selections])
    return Cart(selections=selections, quote=quote)


def checkout_quote(*, family: User, items: list[Item]) -> CheckoutQuote:
    """What a checkout of `items` would cost now, line by line (each unit and each day of
    extended care a line, `checkout.items`), priced as the checkout prices them, before a code or
    credit. Nothing is held: whether each line may be taken is asked when the checkout opens."""
    lines, add_ons = items_read(items)
    pairs = lines_read(family=family, lines=lines)
    for number, (_, camp_class) in enumerate(pairs, start=1):
        if camp_class.status != ClassStatus.APPROVED:
            raise InvalidInput(
                {"items": [gettext("Item %(number)s: no such class.") % {"number": number}]}
            )
    return price_checkout(family, pairs, add_ons=add_ons)
