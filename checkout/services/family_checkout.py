"""One checkout for the family: several (participant, class) lines held at once, priced
together by `checkout.pricing.price_checkout`, paid with one card charge (or by discounts and
credit alone), each line then its own payment and seat, all told in one receipt.

Opening holds a seat for every line in one transaction (all or none). Paying sets the promo
code's use and the credit aside under their locks before the card is charged, so parallel
checkouts never pass a code's limit or spend credit twice; a charge that fails gives both back.
The charge itself is asked of Stripe outside any transaction, under a key per checkout, card
and total, and put on record by whichever of the browser, the webhook and reconciliation
comes first (`checkout_record`). Each line's payment is then fulfilled as the spec's single
payment is (`fulfilment.payment_fulfil`): a seat, or that line's money back.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from checkout.answers import checkout_answers
from checkout.items import lines_read
from checkout.pricing import (
    AddOnChosen,
    CheckoutQuote,
    Quote,
    price_checkout,
    promo_code_find,
)
from checkout.services.fulfilment import payment_enrol, payment_fulfil
from checkout.services.seat_charges import seat_charge_refusal
from classes.models import Class
from core.errors import CardDeclined, Conflict, DomainError, InvalidInput, NotFound
from enrolments.models import SeatHold, Selection
from enrolments.rules import enrolment_refusal
from enrolments.services import hold_add_ons_put, hold_take
from enrolments.services.waitlists import hold_given_up
from payments import stripe_client
from payments.models import (
    DESK_CHECKOUT_TRANSACTION_PREFIX,
    FREE_CHECKOUT_TRANSACTION_PREFIX,
    Checkout,
    CheckoutLine,
    CheckoutStatus,
    CreditEntry,
    Payment,
    PaymentPlan,
    PaymentStatus,
    PromoCode,
    PromoCodeUse,
)
from payments.money import in_cents
from payments.selectors import refund_policy_in_force
from payments.services import card_charges
from payments.services.common import (
    CURRENCY,
    METADATA_APP,
    MINIMUM_CARD_CHARGE_CENTS,
    stripe_call,
)
from payments.services.customers import card_setup_for
from payments.services.ledger import ledger_payment_made
from payments.services.messages import checkout_receipt_queue
from plans.schedule import PlanPart, PlanSchedule, plan_schedule, plans_of, plans_open
from plans.services import instalments_create

logger = logging.getLogger(__name__)


class TotalChanged(Conflict):
    """The checkout costs other than what the family confirmed: nothing is charged."""

    def __init__(self, total: Decimal):
        self.total = total
        super().__init__(
            f"The total of this checkout is now ${total:.2f}. Please check it and confirm again.",
            code="total_changed",
            details={"total": float(total)},
        )


@dataclass(frozen=True)
class CheckoutView:
    """A checkout as the family sees it: each line priced now, the total, until when the seats
    are held, and where Stripe.js saves the card (none when nothing is left to pay by card)."""

    checkout: Checkout
    lines: list[CheckoutLine]
    quote: CheckoutQuote
    hold_expires_at: datetime | None
    client_secret: str | None
    # Why the code typed no longer applies (its limit was reached meanwhile, it expired).
    promo_code_problem: str = ""
    # Per line: the plan chosen with its schedule (None: paid in full), and the plans open.
    schedules: tuple[PlanSchedule | None, ...] = ()
    plans_open: tuple[tuple[PlanSchedule, ...], ...] = ()
    # What the card is charged now (each plan's deposit, the other lines in full), and later.
    due_now: Decimal = Decimal("0.00")
    later: Decimal = Decimal("0.00")


@dataclass(frozen=True)
class CheckoutPaid:
    """What paying did: the lines' payments, or the bank's question (3-D Secure) first."""

    checkout: Checkout
    payments: list[Payment]
    created: bool
    action_client_secret: str = ""
    payment_intent_id: str = ""


def _line_error(error: DomainError, *, index: int, participant, camp_class) -> DomainError:
    """A refusal of one line, named: which line, whom and which class."""
    error.details = {
        **error.details,
        "line": index,
        "classId": camp_class.pk,
        "participantId": participant.pk,
    }
    error.message = f"{participant.name}, {camp_class.name}: {error.message}"
    error.args = (error.message,)
    return error


def _lines_refused(pairs, *, at_desk: bool = False) -> None:
    """Every line may be paid for now, or the first that may not is named. `at_desk`: the
    office pays for the family (`enrolments.rules.Asked.at_desk`)."""
    for index, (participant, camp_class) in enumerate(pairs):
        refusal = enrolment_refusal(
            participant=participant, camp_class=camp_class, paying=True, at_desk=at_desk
        )
        if refusal is not None:
            raise _line_error(
                refusal.conflict_before_paying(),
                index=index,
                participant=participant,
                camp_class=camp_class,
            )


def _priced(family: User, checkout: Checkout, lines: list[CheckoutLine]) -> CheckoutQuote:
    return price_checkout(
        family,
        [(line.participant, line.camp_class) for line in lines],
        promo_code=checkout.promo_code.code if checkout.promo_code_id else "",
        apply_credit=checkout.apply_credit,
        add_ons=[[AddOnChosen.from_record(r) for r in line.add_ons] for line in lines],
    )


def _add_ons_priced(priced: Quote) -> list[AddOnChosen]:
    """The add-ons a line was priced with: those asked and the required ones the server added."""
    return [a.add_on for a in priced.adjustments if a.add_on is not None]


def _stock_wanted(add_ons: list[AddOnChosen]) -> dict[int, int]:
    """Of each option with stock a line buys, how many."""
    wanted: dict[int, int] = {}
    for chosen in add_ons:
        if chosen.option_id is not None:
            wanted[chosen.option_id] = wanted.get(chosen.option_id, 0) + chosen.quantity
    return wanted


def _card_needed(total_cents: int) -> None:
    if 0 < total_cents < MINIMUM_CARD_CHARGE_CENTS:
        raise Conflict(
            _("Card payments start at $0.50: add a class, or pay this one with credit alone."),
            code="below_card_minimum",
        )


@dataclass(frozen=True)
class _DueNow:
    """The lines' plans priced: what the card is charged now, and each line's schedule."""

    total: Decimal
    later: Decimal
    schedules: tuple[PlanSchedule | None, ...]
    # Lines whose plan is no longer open (its first due date passed, the price moved).
    closed: tuple[int, ...] = ()

    @property
    def total_cents(self) -> int:
        return in_cents(self.total)


def _due_now(plans: list[PaymentPlan | None], lines, quote: CheckoutQuote) -> _DueNow:
    total, later, schedules, closed = Decimal("0.00"), Decimal("0.00"), [], []
    for index, (plan, camp_class, priced) in enumerate(zip(plans, lines, quote.lines, strict=True)):
        schedule = plan_schedule(plan, camp_class, priced.amount_due) if plan else None
        if plan is not None and schedule is None:
            closed.append(index)
        schedules.append(schedule)
        if schedule is None:
            total += priced.amount_due
        else:
            total += schedule.deposit
            later += schedule.total - schedule.deposit
    return _DueNow(total=total, later=later, schedules=tuple(schedules), closed=tuple(closed))


def _plan_chosen(camp_class: Class, amount: Decimal, plan_id: int | None) -> PaymentPlan | None:
    """The plan a family chose for a line, if it is open to it now."""
    if plan_id is None:
        return None
    schedule = next(
        (open_ for open_ in plans_open(camp_class, amount) if open_.plan.pk == plan_id), None
    )
    if schedule is None:
        raise Conflict(
            _(
                "That payment plan is not offered for this class any more: choose another, or pay "
                "in full."
            ),
            code="plan_closed",
        )
    return schedule.plan


def _lines_held(
    family: User, pairs, bought: list[tuple[AddOnChosen, ...]], *, at_desk: bool
) -> None:
    """A seat held for every line, then each line's add-on stock with it; or the refusal of the
    first line that cannot be held, named."""
    # In the order of the classes' ids: two checkouts with the same classes take the
    # classes' locks in one order, so neither waits on the other for ever.
    ordered = sorted(enumerate(pairs), key=lambda pair: pair[1][1].pk)
    stock = []
    for index, (participant, camp_class) in ordered:
        selection, _ = Selection.objects.get_or_create(
            participant=participant, camp_class=camp_class, defaults={"student": family}
        )
        try:
            hold = hold_take(selection=selection, at_desk=at_desk)
        except Conflict as error:
            raise _line_error(
                error, index=index, participant=participant, camp_class=camp_class
            ) from None
        stock.append((index, hold, _stock_wanted(bought[index])))
    # Every seat held first, then the options' stock: every checkout takes the classes'
    # locks before any option's, so none waits on another for ever.
    try:
        hold_add_ons_put(holds=[(hold, wanted) for _, hold, wanted in stock])
    except Conflict as error:
        index = error.details.get("hold", 0)
        participant, camp_class = pairs[stock[index][0]]
        raise _line_error(
            error, index=stock[index][0], participant=participant, camp_class=camp_class
        ) from None


def checkout_open(
    *,
    family: User,
    items: list[tuple[int, int]],
    promo_code: str = "",
    apply_credit: bool = False,
    plan_ids: dict[tuple[int, int], int] | None = None,
    add_ons: list[tuple[AddOnChosen, ...]] | None = None,
    answers: dict[tuple[int, int], dict] | None = None,
    opened_by: User | None = None,
    recorded: Callable[[Checkout], object] | None = None,
) -> CheckoutView:
    """Open a checkout for `items` ((class id, participant id) pairs): every line may be taken
    and is held now, or none is and the refusal names the line. `plan_ids` names a plan for
    an item that is to be paid by one; `add_ons`, parallel to `items`, each line's add-ons
    asked (`checkout.items.items_read`), kept on the line with the required ones and their
    stock held with its seat; `answers` the answers to the school's questions, by (the item's
    class id, participant id), checked here (`checkout.answers`). `opened_by`: the member of
    staff opening it at the front desk for the family, with `recorded` called in the
    transaction that opens it (the desk's log)."""
    at_desk = opened_by is not None
    pairs = lines_read(family=family, lines=items)
    kept_answers = checkout_answers(pairs, answers or {})
    code = promo_code_find(promo_code) if promo_code.strip() else None
    _lines_refused(pairs, at_desk=at_desk)
    quote = price_checkout(
        family,
        pairs,
        promo_code=code.code if code else "",
        apply_credit=apply_credit,
        add_ons=add_ons,
    )
    bought = [_add_ons_priced(priced) for priced in quote.lines]
    plans = []
    for index, ((participant, camp_class), priced) in enumerate(
        zip(pairs, quote.lines, strict=True)
    ):
        chosen = (plan_ids or {}).get((camp_class.pk, participant.pk))
        try:
            plans.append(_plan_chosen(camp_class, priced.amount_due, chosen))
        except Conflict as error:
            raise _line_error(
                error, index=index, participant=participant, camp_class=camp_class
            ) from None
    _card_needed(_due_now(plans, [c for _, c in pairs], quote).total_cents)
    with transaction.atomic():
        checkout = Checkout.objects.create(
            family=family, promo_code=code, apply_credit=apply_credit, opened_by=opened_by
        )
        CheckoutLine.objects.bulk_create(
            CheckoutLine(
                checkout=checkout,
                participant=participant,
                camp_class=camp_class,
                plan=plan,
                add_ons=[chosen.as_record() for chosen in line_add_ons],
                answers=line_answers,
            )
            for (participant, camp_class), plan, line_add_ons, line_answers in zip(
                pairs, plans, bought, kept_answers, strict=True
            )
        )
        _lines_held(family, pairs, bought, at_desk=at_desk)
        if recorded is not None:
            recorded(checkout)
    return checkout_view(family=family, checkout_id=checkout.pk)


def _checkout_of(family: User, checkout_id: int, *, lock: bool = False) -> Checkout:
    checkouts = Checkout.objects.select_related("promo_code")
    if lock:
        checkouts = checkouts.select_for_update(of=("self",))
    checkout = checkouts.filter(pk=checkout_id, family=family).first()
    if checkout is None:
        raise NotFound(_("No such checkout."))
    return checkout


def _lines_of(checkout: Checkout) -> list[CheckoutLine]:
    return list(
        checkout.lines.select_related("participant", "camp_class", "payment", "plan")
        # Each chosen plan's due dates, for its schedule.
        .prefetch_related("plan__dues")
    )


def _setup_metadata(family: User, checkout: Checkout) -> dict[str, str]:
    return card_charges.card_metadata(
        family_id=family.pk, student_email=family.email, checkout_id=str(checkout.pk)
    )


def _client_secret(family: User, checkout: Checkout, total_cents: int) -> str | None:
    """The SetupIntent's secret the card is saved into, made on first need; none when nothing
    is left to pay by card or the checkout is paid."""
    if total_cents == 0 or checkout.status != CheckoutStatus.OPEN:
        return None
    if checkout.setup_intent_id:
        with stripe_call():
            setup = stripe_client.card_setup_retrieve(checkout.setup_intent_id)
        if setup.status != "succeeded":
            return setup.client_secret
    setup = card_setup_for(student=family, metadata=_setup_metadata(family, checkout))
    Checkout.objects.filter(pk=checkout.pk, status=CheckoutStatus.OPEN).update(
        setup_intent_id=setup.id
    )
    return setup.client_secret


def checkout_view(*, family: User, checkout_id: int) -> CheckoutView:
    """The family's checkout priced now (`checkout.pricing`); a paid one as it was paid."""
    checkout = _checkout_of(family, checkout_id)
    lines = _lines_of(checkout)
    problem = ""
    if checkout.status != CheckoutStatus.OPEN or not lines:
        return _as_paid(family, checkout, lines)
    try:
        quote = _priced(family, checkout, lines)
    except InvalidInput as error:
        # The code stopped applying (its last use went to another family, it expired):
        # the lines are priced without it, and the family is told why.
        problem = "; ".join(error.problems.get("promo_code", [])) or str(error)
        Checkout.objects.filter(pk=checkout.pk).update(promo_code=None)
        checkout.promo_code = None
        quote = _priced(family, checkout, lines)
    due = _due_now([line.plan for line in lines], [line.camp_class for line in lines], quote)
    if due.closed:
        # A plan's first due date passed while the checkout waited: that line is paid in
        # full unless the family chooses another plan, and they are told.
        closed = [lines[index] for index in due.closed]
        CheckoutLine.objects.filter(pk__in=[line.pk for line in closed]).update(plan=None)
        for line in closed:
            line.plan = None
        problem = "; ".join(
            filter(None, [problem, "A payment plan chosen is no longer offered: paid in full."])
        )
        due = _due_now([line.plan for line in lines], [line.camp_class for line in lines], quote)
    plans = plans_of([line.camp_class for line in lines])
    return CheckoutView(
        checkout=checkout,
        lines=lines,
        quote=quote,
        hold_expires_at=_holds_expire(family, lines),
        client_secret=_client_secret(family, checkout, due.total_cents),
        promo_code_problem=problem,
        schedules=due.schedules,
        plans_open=tuple(
            tuple(plans_open(line.camp_class, priced.amount_due, plans=plans[line.camp_class_id]))
            for line, priced in zip(lines, quote.lines, strict=True)
        ),
        due_now=due.total,
        later=due.later,
    )


def _holds_expire(family: User, lines: list[CheckoutLine]) -> datetime | None:
    holds = SeatHold.objects.filter(
        student=family,
        expires_at__gt=timezone.now(),
        participant_id__in=[line.participant_id for line in lines],
        camp_class_id__in=[line.camp_class_id for line in lines],
    ).values_list("expires_at", flat=True)
    return min(holds, default=None)


def _as_paid(family: User, checkout: Checkout, lines: list[CheckoutLine]) -> CheckoutView:
    """A checkout being paid or paid, as the family confirmed it."""
    schedules = []
    for line in lines:
        parts = line.plan_parts or []
        schedules.append(
            PlanSchedule(
                plan=line.plan,
                total=line.plan_total,
                deposit=line.price,
                instalments=tuple(
                    PlanPart(
                        due_on=date.fromisoformat(part["due_on"]), amount=Decimal(part["amount"])
                    )
                    for part in parts
                ),
            )
            if line.plan_id
            else None
        )
    later = sum(
        (part.amount for schedule in schedules if schedule for part in schedule.instalments),
        Decimal("0.00"),
    )
    return CheckoutView(
        checkout=checkout,
        lines=lines,
        quote=CheckoutQuote(lines=()),
        hold_expires_at=_holds_expire(family, lines) if lines else None,
        client_secret=None,
        schedules=tuple(schedules),
        plans_open=tuple(() for _ in lines),
        due_now=checkout.total or Decimal("0.00"),
        later=later,
    )


def checkout_line_plan(
    *, family: User, checkout_id: int, line_id: int, plan_id: int | None
) -> CheckoutView:
    """Choose how a line is paid: in full, or by one of the plans open to it now."""
    with transaction.atomic():
        checkout = _checkout_of(family, checkout_id, lock=True)
        if checkout.status != CheckoutStatus.OPEN:
            raise Conflict(_("This checkout is being paid or is paid: its lines stay."))
        lines = _lines_of(checkout)
        index = next((i for i, line in enumerate(lines) if line.pk == line_id), None)
        if index is None:
            raise NotFound(_("No such line in this checkout."))
        quote = _priced(family, checkout, lines)
        line = lines[index]
        plan = _plan_chosen(line.camp_class, quote.lines[index].amount_due, plan_id)
        CheckoutLine.objects.filter(pk=line.pk).update(plan=plan)
    return checkout_view(family=family, checkout_id=checkout_id)


def checkout_line_remove(*, family: User, checkout_id: int, line_id: int) -> CheckoutView:
    """Take a line out before paying: its seat goes back (to the waitlist first), and the rest
    is priced again."""
    with transaction.atomic():
        checkout = _checkout_of(family, checkout_id, lock=True)
        if checkout.status != CheckoutStatus.OPEN:
            raise Conflict(_("This checkout is being paid or is paid: its lines stay."))
        line = checkout.lines.filter(pk=line_id).first()
        if line is None:
            raise NotFound(_("No such line in this checkout."))
        held = SeatHold.objects.filter(
            participant_id=line.participant_id, camp_class_id=line.camp_class_id
        ).first()
        line.delete()
        if held is not None and held.student_id == family.pk:
            hold_given_up(hold=held)
    return checkout_view(family=family, checkout_id=checkout_id)


@dataclass(frozen=True)
class _Offline:
    """Cash or a cheque the office takes at the desk for the whole checkout, and what is
    written with it in its transaction (the desk's log)."""

    paid_with: str
    reference: str
    recorded: Callable[[Checkout], object] | None = None


def _set_aside(
    family: User,
    checkout_id: int,
    confirmed_total: Decimal,
    setup_intent_id: str,
    *,
    at_desk: bool = False,
    offline: _Offline | None = None,
) -> Checkout:
    """Under the checkout's, the code's and the family's locks: price the lines again, check
    the total is the one confirmed, put the code's use and the credit spent on record, and
    keep each line's price. A checkout that costs nothing, or paid in cash or by cheque at the
    desk (`offline`), is paid here, every seat taken.
    Under its lines' participants' locks, no seat of it is being paid for by another charge
    (`seat_charges`): the checkout is charging when they are let go."""
    with transaction.atomic():
        checkout = _checkout_of(family, checkout_id, lock=True)
        if checkout.status != CheckoutStatus.OPEN:
            raise Conflict(
                _("This checkout is being paid already; it shows as paid in a moment."),
                code="checkout_paying",
            )
        lines = _lines_of(checkout)
        if not lines:
            raise Conflict(_("This checkout has no classes left."), code="checkout_empty")
        _lines_chargeable(checkout, lines, at_desk=at_desk)
        if checkout.promo_code_id:
            # Counted under the code's lock: the uses read here are all there are.
            PromoCode.objects.select_for_update().get(pk=checkout.promo_code_id)
        if checkout.apply_credit:
            # The family's lock: two of its checkouts never spend the same credit.
            User.objects.select_for_update().get(pk=family.pk)
        quote, due = _priced_as_confirmed(
            family, checkout, lines, confirmed_total, card=offline is None
        )
        _code_and_credit_spent(family, checkout, quote)
        _line_prices_kept(lines, quote, due)
        checkout.status = CheckoutStatus.CHARGING
        checkout.total = due.total
        checkout.credit = quote.credit
        checkout.charging_since = timezone.now()
        # The card charged: its SetupIntent id, Stripe's own, tells this checkout's charge
        # from any other's that names the same checkout id (another database's).
        checkout.setup_intent_id = setup_intent_id
        checkout.save(
            update_fields=["status", "total", "credit", "charging_since", "setup_intent_id"]
        )
        if offline is not None or due.total_cents == 0:
            _paid_at_once(checkout, lines, offline)
    return checkout


def _lines_chargeable(checkout: Checkout, lines: list[CheckoutLine], *, at_desk: bool) -> None:
    """Each line's seat is not being paid for by another charge, and the rules still let its
    participant take it; else the first line refused says why."""
    pairs = [(line.participant, line.camp_class) for line in lines]
    refusal = seat_charge_refusal(seats=pairs, checkout_id=checkout.pk)
    if refusal is not None:
        index, error = refusal
        participant, camp_class = pairs[index]
        raise _line_error(error, index=index, participant=participant, camp_class=camp_class)
    _lines_refused(pairs, at_desk=at_desk)


def _priced_as_confirmed(
    family: User,
    checkout: Checkout,
    lines: list[CheckoutLine],
    confirmed_total: Decimal,
    *,
    card: bool,
) -> tuple[CheckoutQuote, _DueNow]:
    """The lines priced again and what is due now, when that is the total the family
    confirmed, with the plans they chose still offered (and the card's least charge, when a
    card pays it)."""
    try:
        quote = _priced(family, checkout, lines)
    except InvalidInput as problem:
        # The code was fine when the checkout opened; its last use went to another family
        # (or it expired) since. Nothing is charged; the checkout shows the price without it.
        raise Conflict(
            "; ".join(problem.problems.get("promo_code", [])) or problem.message,
            code="promo_code_refused",
        ) from None
    due = _due_now([line.plan for line in lines], [line.camp_class for line in lines], quote)
    if due.closed:
        raise Conflict(
            _(
                "A payment plan chosen is no longer offered; the checkout now shows it paid in "
                "full. Please check it and confirm again."
            ),
            code="plan_closed",
        )
    if due.total_cents != in_cents(confirmed_total):
        raise TotalChanged(due.total)
    if card:
        _card_needed(due.total_cents)
    return quote, due


def _code_and_credit_spent(family: User, checkout: Checkout, quote: CheckoutQuote) -> None:
    """The promo code's use and the credit the checkout spends, on record under their locks."""
    if checkout.promo_code_id:
        PromoCodeUse.objects.create(
            promo_code_id=checkout.promo_code_id, family=family, checkout=checkout
        )
    if quote.credit > 0:
        CreditEntry.objects.create(
            family=family,
            amount=-quote.credit,
            reason=f"Paid at checkout {checkout.pk}",
            checkout=checkout,
        )


def _line_prices_kept(lines: list[CheckoutLine], quote: CheckoutQuote, due: _DueNow) -> None:
    """Each line keeps the price it is paid at, and a plan's line its schedule."""
    for line, priced, schedule in zip(lines, quote.lines, due.schedules, strict=True):
        line.list_price = priced.list_price
        line.adjustments = [adjustment.as_record() for adjustment in priced.adjustments]
        line.price = priced.amount_due
        if schedule is not None:
            # The deposit is what this line's share of the charge is; the rest, as the
            # family saw it, becomes the payment's instalments.
            line.price = schedule.deposit
            line.plan_total = schedule.total
            line.plan_parts = [
                {"due_on": part.due_on.isoformat(), "amount": str(part.amount)}
                for part in schedule.instalments
            ]
    CheckoutLine.objects.bulk_update(
        lines, ["list_price", "adjustments", "price", "plan_total", "plan_parts"]
    )


def _line_payments(checkout: Checkout, lines: list[CheckoutLine], *, transaction_id, **paid):
    """One payment per line, each with its own share of what was paid."""
    policy = refund_policy_in_force().as_snapshot()
    selections = {
        (participant_id, camp_class_id): pk
        for participant_id, camp_class_id, pk in Selection.objects.filter(
            participant_id__in=[line.participant_id for line in lines],
            camp_class_id__in=[line.camp_class_id for line in lines],
        ).values_list("participant_id", "camp_class_id", "pk")
    }
    payments = []
    for line in lines:
        payment = Payment.objects.create(
            student_id=checkout.family_id,
            participant=line.participant,
            participant_name=line.participant.name,
            camp_class_id=line.camp_class_id,
            transaction_id=transaction_id(line),
            selection_id=selections.get((line.participant_id, line.camp_class_id)),
            price=line.price,
            list_price=line.list_price,
            adjustments=line.adjustments,
            currency=CURRENCY,
            status=PaymentStatus.ENROLL_PENDING,
            refund_policy=policy,
            **paid,
        )
        ledger_payment_made(payment)
        if line.plan_id:
            Payment.objects.filter(pk=payment.pk).update(
                plan_label=line.plan.label,
                plan_total=line.plan_total,
                card_setup_intent_id=paid.get("setup_intent_id", ""),
            )
            instalments_create(payment, line.plan_parts)
        line.payment = payment
        payments.append(payment)
    CheckoutLine.objects.bulk_update(lines, ["payment"])
    return payments


def _paid_at_once(checkout: Checkout, lines: list[CheckoutLine], offline: _Offline | None) -> None:
    """Discounts and credit cover everything, or the office took cash or a cheque for it:
    every line takes its seat now, or none does and nothing stays on record (the caller's
    transaction), so no money is taken for a seat refused."""
    prefix = FREE_CHECKOUT_TRANSACTION_PREFIX
    paid = {}
    if offline is not None:
        if any(line.plan_id for line in lines):
            raise InvalidInput(
                {
                    "paid_with": [
                        _(
                            "A payment plan's instalments are charged to a card: take its deposit "
                            "by card (keeping the card), or pay it in full."
                        )
                    ]
                }
            )
        prefix, paid = DESK_CHECKOUT_TRANSACTION_PREFIX, {"paid_with": offline.paid_with}
        checkout.paid_with, checkout.paid_reference = offline.paid_with, offline.reference
    payments = _line_payments(
        checkout,
        lines,
        transaction_id=lambda line: f"{prefix}{checkout.pk}:{line.pk}",
        **paid,
    )
    for index, (line, payment) in sorted(
        enumerate(zip(lines, payments, strict=True)), key=lambda item: item[1][0].camp_class_id
    ):
        refusal = payment_enrol(payment)
        if refusal is not None:
            raise _line_error(
                Conflict(refusal.before_paying, code=refusal.code),
                index=index,
                participant=line.participant,
                camp_class=line.camp_class,
            )
    checkout.status = CheckoutStatus.PAID
    checkout.paid_at = timezone.now()
    checkout.save(update_fields=["status", "paid_at", "paid_with", "paid_reference"])
    if offline is not None and offline.recorded is not None:
        offline.recorded(checkout)
    checkout_receipt_queue(checkout)


def _given_back(checkout_id: int, *, why: str) -> None:
    """A charge that did not happen: the code's use and the credit go back to the family, and
    the checkout is open again for another card."""
    with transaction.atomic():
        checkout = Checkout.objects.select_for_update().get(pk=checkout_id)
        if checkout.status != CheckoutStatus.CHARGING:
            return
        PromoCodeUse.objects.filter(checkout=checkout).delete()
        spent = checkout.credit_entries.aggregate(total=Sum("amount"))["total"] or Decimal(0)
        if spent < 0:
            CreditEntry.objects.create(
                family_id=checkout.family_id,
                amount=-spent,
                reason=f"Given back: {why}",
                checkout=checkout,
            )
        checkout.status = CheckoutStatus.OPEN
        checkout.setup_intent_id = ""
        checkout.payment_intent_id = ""
        checkout.total = None
        checkout.credit = Decimal("0.00")
        checkout.save(
            update_fields=["status", "setup_intent_id", "payment_intent_id", "total", "credit"]
        )


def _paid(checkout: Checkout, *, created: bool) -> CheckoutPaid:
    payments = [
        payment_fulfil(payment_id=payment_id)
        for payment_id in checkout.lines.exclude(payment=None)
        .order_by("id")
        .values_list("payment_id", flat=True)
    ]
    checkout.refresh_from_db()
    return CheckoutPaid(checkout=checkout, payments=payments, created=created)


def checkout_pay(
    *,
    family: User,
    checkout_id: int,
    confirmed_total: Decimal,
    setup_intent_id: str = "",
    payment_intent_id: str = "",
    at_desk: bool = False,
) -> CheckoutPaid:
    """Pay the checkout with one charge of the card saved in `setup_intent_id` (or, after
    3-D Secure, settle `payment_intent_id`), for exactly `confirmed_total`; each line then
    takes its seat or gives its share back. A repeated request answers the first one's.
    `at_desk`: the office types the card for the family (`enrolments.rules.Asked.at_desk`)."""
    checkout = _checkout_of(family, checkout_id)
    if checkout.status == CheckoutStatus.PAID:
        return _paid(checkout, created=False)
    if payment_intent_id or (
        checkout.status == CheckoutStatus.CHARGING and checkout.payment_intent_id
    ):
        return card_charges.charge_after_the_bank(
            _CheckoutCharge(checkout), payment_intent_id or checkout.payment_intent_id
        )
    setup = None
    if confirmed_total > 0:
        if not setup_intent_id:
            raise InvalidInput({"setup_intent": [_("Save a card to pay this checkout.")]})
        if checkout.status == CheckoutStatus.OPEN:
            setup = card_charges.card_setup_verified(
                setup_intent_id,
                made_for=lambda metadata: metadata == _setup_metadata(family, checkout),
                not_made_for="This card was not saved for this checkout.",
            )
    checkout = _set_aside(
        family, checkout.pk, confirmed_total, setup.id if setup else "", at_desk=at_desk
    )
    if checkout.status == CheckoutStatus.PAID:
        return _paid(checkout, created=True)
    return _charge(family, checkout, setup)


def checkout_pay_offline(
    *,
    family: User,
    checkout_id: int,
    confirmed_total: Decimal,
    paid_with: str,
    reference: str = "",
    recorded: Callable[[Checkout], object] | None = None,
) -> CheckoutPaid:
    """The office took cash or a cheque (`paid_with`, with its `reference`) for exactly
    `confirmed_total` at the front desk: set aside and priced as a card's checkout is, then
    every line a payment in cash or by cheque and its seat, all in one transaction with
    `recorded` (the desk's log); a seat refused leaves nothing on record, so no money is taken
    for it. A repeated request answers the first one's."""
    checkout = _checkout_of(family, checkout_id)
    if checkout.status == CheckoutStatus.PAID:
        return _paid(checkout, created=False)
    offline = _Offline(paid_with=paid_with, reference=reference, recorded=recorded)
    checkout = _set_aside(family, checkout.pk, confirmed_total, "", at_desk=True, offline=offline)
    return _paid(checkout, created=True)


def _charge(family: User, checkout: Checkout, setup) -> CheckoutPaid:
    amount = in_cents(checkout.total)
    return card_charges.card_charge(
        _CheckoutCharge(checkout),
        setup=setup,
        amount_cents=amount,
        metadata=_setup_metadata(family, checkout),
        # One charge per checkout, card and total, however often this is asked.
        idempotency_key=f"camp-checkout-{checkout.pk}-{setup.id}-{amount}",
    )


class _CheckoutCharge(card_charges.ChargeFlow[CheckoutPaid]):
    """The checkout's one charge: paid, each line becomes its payment; declined or never sent,
    the code's use and the credit set aside go back (`_given_back`). Sent with no answer, it
    stays charging for reconciliation (`checkouts_unanswered_settle`)."""

    not_its_charge = "This is not a payment for this checkout."

    def __init__(self, checkout: Checkout):
        self.checkout = checkout

    def is_its_charge(self, charge: stripe_client.Charge) -> bool:
        return charge.metadata.get("checkout_id") == str(self.checkout.pk) and _is_checkouts_charge(
            charge, self.checkout
        )

    def paid(self, charge: stripe_client.Charge) -> CheckoutPaid:
        recorded = checkout_record(charge=charge)
        if recorded is None:
            raise Conflict(_("This payment could not be matched to the checkout; it was refunded."))
        return _paid(recorded, created=True)

    def awaiting_the_bank(self, charge: stripe_client.Charge) -> CheckoutPaid:
        Checkout.objects.filter(pk=self.checkout.pk).update(payment_intent_id=charge.id)
        return CheckoutPaid(
            checkout=self.checkout,
            payments=[],
            created=False,
            action_client_secret=charge.client_secret,
            payment_intent_id=charge.id,
        )

    def still_with_the_bank(self, charge: stripe_client.Charge) -> CheckoutPaid:
        Checkout.objects.filter(pk=self.checkout.pk).update(payment_intent_id=charge.id)
        raise Conflict(
            _(
                "Your bank is still processing this payment; "
                "your family is enrolled when it is done."
            )
        )

    def declined(self, message: str, charge: stripe_client.Charge | None) -> CheckoutPaid:
        _given_back(self.checkout.pk, why="the card was declined.")
        raise CardDeclined(message)

    def not_sent(self, error: stripe_client.ProviderUnreachable) -> CheckoutPaid:
        _given_back(self.checkout.pk, why="the payment did not reach the bank.")
        raise card_charges.ChargeNotSent() from error


def _is_checkouts_charge(charge: stripe_client.Charge, checkout: Checkout) -> bool:
    metadata = charge.metadata
    return (
        metadata.get("student_id") == str(checkout.family_id)
        and bool(checkout.setup_intent_id)
        and metadata.get("setup_intent_id") == checkout.setup_intent_id
    )


def is_checkout_charge(charge: stripe_client.Charge) -> bool:
    return charge.metadata.get("app") == METADATA_APP and bool(charge.metadata.get("checkout_id"))


def checkout_record(*, charge: stripe_client.Charge) -> Checkout | None:
    """Put a succeeded checkout charge on record, once: one payment per line, each its share.

    A charge for another amount than the total the family confirmed (or for a checkout given
    back meanwhile) is refunded whole. None when the charge is not one of ours.
    """
    checkout_id = charge.metadata.get("checkout_id", "")
    if charge.status != "succeeded" or not checkout_id.isdigit():
        return None
    with transaction.atomic():
        checkout = Checkout.objects.select_for_update().filter(pk=int(checkout_id)).first()
        if checkout is None or not _is_checkouts_charge(charge, checkout):
            logger.warning("Charge %s names a checkout we do not have; left alone.", charge.id)
            return None
        if checkout.status == CheckoutStatus.PAID:
            return checkout
        confirmed = checkout.status == CheckoutStatus.CHARGING and checkout.total is not None
        if not confirmed or charge.amount != in_cents(checkout.total):
            logger.warning("Charge %s is not checkout %s's total: refunded", charge.id, checkout.pk)
            with stripe_call():
                stripe_client.charge_refund(
                    payment_intent_id=charge.id,
                    reason="This charge is not the total the family confirmed.",
                )
            return None
        _line_payments(
            checkout,
            _lines_of(checkout),
            transaction_id=lambda line: f"{charge.id}:{line.pk}",
            payment_intent_id=charge.id,
            setup_intent_id=charge.metadata.get("setup_intent_id", ""),
        )
        checkout.status = CheckoutStatus.PAID
        checkout.payment_intent_id = charge.id
        checkout.paid_at = timezone.now()
        checkout.save(update_fields=["status", "payment_intent_id", "paid_at"])
        # One receipt for the one charge, queued with it: whichever of the browser, the webhook
        # and reconciliation puts the checkout on record, the others find it paid.
        checkout_receipt_queue(checkout)
    return checkout


def checkout_charge_settle(*, charge: stripe_client.Charge) -> str:
    """The webhook's and reconciliation's part: a checkout's charge recorded and each line
    fulfilled, however many times it is asked. Empty when there was nothing left to do."""
    checkout_id = charge.metadata.get("checkout_id", "")
    done = Checkout.objects.filter(
        pk=int(checkout_id) if checkout_id.isdigit() else None,
        status=CheckoutStatus.PAID,
        payment_intent_id=charge.id,
    ).exclude(lines__payment__status=PaymentStatus.ENROLL_PENDING)
    if done.exists():
        return ""
    checkout = checkout_record(charge=charge)
    if checkout is None:
        return "left alone"
    return _paid(checkout, created=False).checkout.status


def checkouts_unanswered_settle(*, now: datetime | None = None) -> int:
    """Checkouts whose charge Stripe never answered for: charged after all (recorded) or never
    made (the code's use and credit given back). How many were settled."""
    now = now or timezone.now()
    waiting = Checkout.objects.filter(
        status=CheckoutStatus.CHARGING, payment_intent_id="", total__gt=0
    )
    settled = 0
    for checkout in waiting:
        charges = card_charges.charges_asked_since(
            checkout.created_at, _CheckoutCharge(checkout).is_its_charge
        )
        succeeded = next((charge for charge in charges if charge.status == "succeeded"), None)
        if succeeded is not None:
            checkout_charge_settle(charge=succeeded)
            settled += 1
        elif not charges and now - checkout.charging_since > card_charges.UNANSWERED_CHARGE_GRACE:
            _given_back(checkout.pk, why="the payment did not reach the bank.")
            settled += 1
    return settled
