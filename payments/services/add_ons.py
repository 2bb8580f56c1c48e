"""The add-ons a seat was bought with (`AddOnPurchase`): written with its payment, from the
adjustments its price was reached by (`checkout.pricing`: an add-on's names what was bought),
and given back with the seat: the stock of one not yet delivered goes back to its option, while
one the school marked non-refundable once delivered, and delivered, stays the family's and its
amount is kept from the refund (`kept_on_refund`)."""

from decimal import Decimal

from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from extras.models import AddOnOption
from payments.models import AddOnPurchase, Kind, Payment

ZERO = Decimal("0.00")


def _bought(adjustments: list[dict]) -> list[dict]:
    return [a for a in adjustments or [] if a.get("kind") == Kind.ADD_ON and a.get("addOnId")]


def add_on_options_of(adjustments: list[dict]) -> dict[int, int]:
    """Of each option with a stock the adjustments bought, how many: what the seat takes."""
    wanted: dict[int, int] = {}
    for bought in _bought(adjustments):
        if bought.get("optionId"):
            option_id = bought["optionId"]
            wanted[option_id] = wanted.get(option_id, 0) + bought.get("quantity", 1)
    return wanted


def add_on_purchases_make(payment: Payment) -> None:
    """The payment's add-ons on record, one row each, as its adjustments priced them."""
    rows = [
        AddOnPurchase(
            payment=payment,
            add_on_id=bought["addOnId"],
            option_id=bought.get("optionId"),
            label=bought["label"][:110],
            quantity=bought.get("quantity", 1),
            amount=Decimal(str(bought["amount"])),
        )
        for bought in _bought(payment.adjustments)
    ]
    if rows:
        AddOnPurchase.objects.bulk_create(rows)


def kept_on_refund(payment: Payment) -> Decimal:
    """What the seat's refund keeps for add-ons delivered that are not refundable once
    delivered."""
    kept = AddOnPurchase.objects.filter(
        payment=payment,
        delivered_at__isnull=False,
        add_on__non_refundable_once_delivered=True,
    ).values_list("amount", flat=True)
    return sum(kept, ZERO)


def add_ons_delivered(*, purchase_ids: list[int]) -> int:
    """Add-ons handed out: those of seats still held and not yet delivered are marked delivered
    now (one given back stays given back). How many were marked."""
    return AddOnPurchase.objects.filter(
        pk__in=purchase_ids, delivered_at__isnull=True, returned_at__isnull=True
    ).update(delivered_at=timezone.now())


def add_ons_given_back(payment: Payment, *, stock_taken: bool = True) -> None:
    """The seat went back: each add-on not delivered goes back with it, its stock to its option
    (`stock_taken`: the seat had taken it; a seat never taken took none)."""
    now = timezone.now()
    returned = AddOnPurchase.objects.filter(
        payment=payment, delivered_at__isnull=True, returned_at__isnull=True
    )
    if stock_taken:
        for option_id, quantity in returned.exclude(option=None).values_list(
            "option_id", "quantity"
        ):
            # Never below nothing, even for stock sold before its count was kept.
            AddOnOption.objects.filter(pk=option_id).update(sold=Greatest(F("sold") - quantity, 0))
    returned.update(returned_at=now)
