"""Checkouts the office opens and pays at the front desk for a family.

Each is the family's own checkout (`checkout.services.family_checkout`), with the family as the
family and the member of staff as who opened it, so every rule, price, hold, code, credit,
plan, add-on and answer is the one the family's own checkout asks. It is paid by a card typed
at the desk (not kept unless the family agrees), in cash or by cheque, or later by the family
online, by a link e-mailed to them. Each is written to the desk's log in its transaction
(`log.desk_log`)."""

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Role, User
from checkout.items import Item, items_read
from checkout.services.family_checkout import (
    CheckoutPaid,
    CheckoutView,
    checkout_open,
    checkout_pay,
    checkout_pay_offline,
    checkout_view,
)
from core.errors import Conflict, InvalidInput, NotFound
from enrolments.services import holds_keep_until
from front_desk.message_kinds import DeskMessage
from front_desk.models import DeskActionKind
from front_desk.services.log import desk_log
from notifications.services import message_queue
from payments.models import Checkout, CheckoutLine, CheckoutStatus, PaidWith
from payments.services.customers import card_saved_forget
from payments.services.messages import money

CARD, LINK = "card", "link"
OFFLINE = (PaidWith.CASH, PaidWith.CHEQUE)
METHODS = (CARD, *OFFLINE, LINK)


def _family(family_id: int) -> User:
    family = User.objects.filter(pk=family_id, role=Role.STUDENT).first()
    if family is None:
        raise InvalidInput({"family_id": [_("No such family.")]})
    return family


def _desk_checkout(checkout_id: int) -> Checkout:
    """A checkout the front desk opened (a family's own is not the desk's to pay)."""
    checkout = (
        Checkout.objects.select_related("family")
        .filter(pk=checkout_id, opened_by__isnull=False)
        .first()
    )
    if checkout is None:
        raise NotFound(_("No such checkout."))
    return checkout


def _lines_named(checkout: Checkout) -> str:
    lines = CheckoutLine.objects.filter(checkout=checkout).select_related(
        "participant", "camp_class"
    )
    return ", ".join(f"{line.participant.first_name}: {line.camp_class.title}" for line in lines)


def desk_checkout_open(
    *,
    staff: User,
    family_id: int,
    items: list[Item],
    plan_ids: dict[tuple[int, int], int],
    promo_code: str = "",
    apply_credit: bool = False,
) -> CheckoutView:
    """A checkout of `items` opened by `staff` for the family: every line held, or none and the
    refusal names the line, as the family's own checkout is (`checkout_open`)."""
    family = _family(family_id)
    lines, add_ons = items_read(items)

    def logged(checkout: Checkout) -> None:
        desk_log(
            actor=staff,
            family=family,
            kind=DeskActionKind.CHECKOUT_OPENED,
            summary=f"Opened checkout #{checkout.pk}: {_lines_named(checkout)}"[:300],
            detail={"checkoutId": checkout.pk},
        )

    return checkout_open(
        family=family,
        items=lines,
        add_ons=add_ons,
        plan_ids=plan_ids,
        promo_code=promo_code,
        apply_credit=apply_credit,
        answers={(item.class_id, item.participant_id): item.answers for item in items},
        opened_by=staff,
        recorded=logged,
    )


def desk_checkout_view(*, checkout_id: int) -> CheckoutView:
    """A checkout the desk opened, priced now as the family's page prices it."""
    checkout = _desk_checkout(checkout_id)
    return checkout_view(family=checkout.family, checkout_id=checkout.pk)


@dataclass(frozen=True)
class LinkSent:
    """A checkout left for the family to pay online: to whom the link went, and the checkout."""

    view: CheckoutView
    sent_to: str


def desk_checkout_pay(
    *,
    staff: User,
    checkout_id: int,
    method: str,
    total: Decimal | None,
    reference: str = "",
    setup_intent_id: str = "",
    payment_intent_id: str = "",
    keep_card: bool = False,
) -> CheckoutPaid:
    """The checkout paid at the desk: by the card staff typed (`setup_intent_id`), for exactly
    `total`, the card then taken off the family's Customer unless `keep_card`; or in cash or
    by cheque (`reference`: the cheque's number), every seat taken or none."""
    checkout = _desk_checkout(checkout_id)
    family = checkout.family
    if total is None:
        raise InvalidInput({"total": [_("Confirm the total taken.")]})
    reference = reference.strip()
    if method in OFFLINE:
        if method == PaidWith.CHEQUE and not reference:
            raise InvalidInput({"reference": [_("Give the cheque's number.")]})
        how = "in cash" if method == PaidWith.CASH else f"by cheque no. {reference}"
        return checkout_pay_offline(
            family=family,
            checkout_id=checkout.pk,
            confirmed_total=total,
            paid_with=method,
            reference=reference,
            recorded=lambda paid: _payment_logged(staff, paid, how),
        )
    if method != CARD:
        raise InvalidInput({"method": [_("Pay by card, in cash or by cheque, or send a link.")]})
    if not keep_card and checkout.lines.filter(plan__isnull=False).exists():
        raise InvalidInput(
            {
                "keep_card": [
                    _(
                        "A payment plan charges its instalments to this card: keep it (with the "
                        "family's agreement), or pay in full."
                    )
                ]
            }
        )
    paid = checkout_pay(
        family=family,
        checkout_id=checkout.pk,
        confirmed_total=total,
        setup_intent_id=setup_intent_id,
        payment_intent_id=payment_intent_id,
        at_desk=True,
    )
    if paid.created and paid.checkout.status == CheckoutStatus.PAID:
        with transaction.atomic():
            # Taken at the desk, so among the day's takings (`selectors.day_takings`); a
            # checkout the family pays online by the desk's link stays the family's own.
            Checkout.objects.filter(pk=checkout.pk, paid_with="").update(paid_with=PaidWith.CARD)
            paid.checkout.paid_with = PaidWith.CARD
            _payment_logged(staff, paid.checkout, "by card")
        if not keep_card and paid.checkout.setup_intent_id:
            card_saved_forget(setup_intent_id=paid.checkout.setup_intent_id)
    return paid


def _payment_logged(staff: User, checkout: Checkout, how: str) -> None:
    desk_log(
        actor=staff,
        family=checkout.family,
        kind=DeskActionKind.PAYMENT_TAKEN,
        summary=f"Took {money(checkout.total or Decimal(0))} {how} for checkout #{checkout.pk}",
        detail={
            "checkoutId": checkout.pk,
            "total": str(checkout.total),
            "paidWith": checkout.paid_with or CARD,
            "reference": checkout.paid_reference,
        },
    )


def desk_checkout_link_send(*, staff: User, checkout_id: int) -> LinkSent:
    """Nothing taken: the family is e-mailed a link to pay the checkout online, and its seats
    stay held for them for `FRONT_DESK_PAY_LATER_HOURS`."""
    checkout = _desk_checkout(checkout_id)
    family = checkout.family
    view = checkout_view(family=family, checkout_id=checkout.pk)
    if checkout.status != CheckoutStatus.OPEN:
        raise Conflict(_("This checkout is paid or being paid already."), code="checkout_paying")
    until = timezone.now() + timedelta(hours=settings.FRONT_DESK_PAY_LATER_HOURS)
    seats = [(line.participant_id, line.camp_class_id) for line in view.lines]
    with transaction.atomic():
        if holds_keep_until(student_id=family.pk, seats=seats, until=until) != len(seats):
            # Held by the checkout a while ago, they ran out: the family would pay for seats
            # that may be gone. A new checkout holds them again.
            raise Conflict(
                _("The seats of this checkout are no longer held: open a new checkout."),
                code="holds_lapsed",
            )
        message_queue(
            kind=DeskMessage.PAY_LATER_LINK,
            about=f"checkout:{checkout.pk}:pay-later:{until:%Y%m%d%H%M%S}",
            recipient=family.email,
            context={
                "name": family.name,
                "checkout_id": checkout.pk,
                "lines": [
                    {
                        "class_name": line.camp_class.title,
                        "participant_name": line.participant.name,
                        "price": money(priced.amount_due),
                    }
                    for line, priced in zip(view.lines, view.quote.lines, strict=True)
                ],
                "total": money(view.due_now),
                "held_until": until,
            },
        )
        desk_log(
            actor=staff,
            family=family,
            kind=DeskActionKind.LINK_SENT,
            summary=f"Sent a link to pay checkout #{checkout.pk} online to {family.email}",
            detail={"checkoutId": checkout.pk, "heldUntil": until.isoformat()},
        )
    view = checkout_view(family=family, checkout_id=checkout.pk)
    return LinkSent(view=view, sent_to=family.email)
