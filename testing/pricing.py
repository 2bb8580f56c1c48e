"""Price adjustments that only tests name (`settings.PRICE_ADJUSTMENTS`): the school has none yet,
and these show that what is charged is what `payments.pricing.price_for` answers."""

from decimal import Decimal

from payments.pricing import Adjustment


def five_dollars_off(participant, camp_class, *, at, context):
    return Adjustment(reason="Five dollars off (tests only)", amount=Decimal("-5.00"))


def a_hundred_dollars_off(participant, camp_class, *, at, context):
    return Adjustment(reason="A hundred dollars off (tests only)", amount=Decimal("-100.00"))


def ten_cents_on_for_children(participant, camp_class, *, at, context):
    if participant.is_account_holder:
        return None
    return Adjustment(reason="Ten cents on for a child (tests only)", amount=Decimal("0.10"))
