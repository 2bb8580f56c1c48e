"""Reads of checkout: a price as the payment page words it."""

from accounts.models import Participant
from checkout.pricing import price_for
from classes.models import Class
from payments.services.messages import money, money_change


def price_in_words(*, participant: Participant, camp_class: Class) -> list[dict]:
    """What a seat costs the participant now (`checkout.pricing.price_for`), as the payment
    page shows it: the list price and each adjustment when there are any, then the total due."""
    quote = price_for(participant, camp_class)
    lines = []
    if quote.adjustments:
        lines.append({"label": "List price", "amount": money(quote.list_price)})
        lines += [{"label": a.label, "amount": money_change(a.amount)} for a in quote.adjustments]
    lines.append({"label": "Total due", "amount": money(quote.amount_due)})
    return lines
