"""The one place a price is computed: what a family's classes cost, line by line, and why.

`price_checkout` prices a family's lines (a participant and a class each) together; `price_for`
is its one-line form, for the spec's single-class payment. Checkout and the payment page ask it
what to charge, the charge attempt keeps the amount it answered, and a charge is given its seat
when its amount is the one its attempt confirmed (`checkout.services.fulfilment`); the receipt
and refunds read the amount paid. Nothing else reads `Class.price` or the price rules to decide
what anyone pays.

The season's rules (`payments.models`, kept in the back office) apply in this order, each on
what remains of a line after the ones before it, never below zero:

1. early-bird: the class's lower price until a moment;
2. scholarship: the family's grant for the season, a percentage or an amount, within its cap;
3. sibling: off the second child and the third and later in the season, counted with the
   children whose classes the family paid for already (two checkouts come to what one would);
   the highest-priced child pays in full;
4. multi-class: off a participant's Nth class in the season;
5. multi-week: off each week a participant books once they have `weeks` or more of a season's
   weeks (`MultiWeekDiscount`; weeks paid before count, their price stays as paid);
6. weekly care: every day of one week of an extended-care option, for one participant, costs
   its weekly price where it has one;
7. add-ons: what the family buys beside the seat (`extras.models.AddOn`: a materials fee,
   a T-shirt, lunch), each an adjustment that adds to its line; a required one is added here
   whatever the line asked (a class's once per item, or each week or day when per day; a
   season's once per participant per season, not again once bought). No rule above reduces an
   add-on: they come after them;
8. code: a promo code typed at checkout, on the classes in its scope (and on their add-ons when
   the code `includes_add_ons`);

and then account credit, when the family applies it. A day of extended care is a service beside
the classes: only the weekly price and credit change it, and it counts as no class to the others.
Amounts are in cents, rounded as
`payments.money` says: a percentage to the cent on each line, a half cent up; an amount shared by
several lines split in proportion, the rounding remainder on the last of them with room for it.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from decimal import Decimal

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import Participant, User
from classes.models import Booking, Class, ExtendedCare
from core.errors import InvalidInput
from extras.models import AddOn, AddOnOption
from extras.selectors import add_ons_offered, series_id_of
from payments.models import (
    AddOnPurchase,
    EarlyBirdPrice,
    Kind,
    MultiClassDiscount,
    MultiWeekDiscount,
    Payment,
    PaymentStatus,
    PromoCode,
    PromoCodeUse,
    Scholarship,
    SiblingDiscount,
)
from payments.money import cents, in_cents, percent_of, shared
from payments.prepared import SeasonRules, season_rules
from payments.selectors import credit_balance

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class AddOnChosen:
    """An add-on a line is bought with: which, in which option (a T-shirt's size), how many."""

    add_on_id: int
    option_id: int | None = None
    quantity: int = 1

    def as_record(self) -> dict:
        """As a checkout line and a payment's adjustment keep it."""
        return {"addOnId": self.add_on_id, "optionId": self.option_id, "quantity": self.quantity}

    @classmethod
    def from_record(cls, record: dict) -> "AddOnChosen":
        return cls(
            add_on_id=record["addOnId"],
            option_id=record.get("optionId"),
            quantity=record.get("quantity", 1),
        )


@dataclass(frozen=True)
class Adjustment:
    """A change to the list price, with the words a family reads: negative for a discount.
    An add-on's names what was bought (`add_on`), so its purchase is written from it."""

    kind: str
    label: str
    amount: Decimal
    add_on: AddOnChosen | None = field(default=None, compare=False)

    def as_record(self) -> dict:
        """As a payment keeps it (`Payment.adjustments`)."""
        record = {"kind": self.kind, "label": self.label, "amount": str(self.amount)}
        if self.add_on is not None:
            record |= self.add_on.as_record()
        return record


@dataclass(frozen=True)
class Quote:
    """One line: a class's list price for one participant, what changes it, and what is due."""

    list_price: Decimal
    adjustments: tuple[Adjustment, ...] = field(default=())
    participant: Participant | None = field(default=None, compare=False)
    camp_class: Class | None = field(default=None, compare=False)

    @property
    def amount_due(self) -> Decimal:
        total = self.list_price + sum((a.amount for a in self.adjustments), Decimal(0))
        # Never below nothing, whatever the adjustments add up to.
        return cents(max(total, Decimal(0)))

    @property
    def amount_due_cents(self) -> int:
        return in_cents(self.amount_due)

    def with_adjustment(self, adjustment: Adjustment) -> "Quote":
        return replace(self, adjustments=(*self.adjustments, adjustment))

    def of_kind(self, kind: str) -> Decimal:
        return sum((a.amount for a in self.adjustments if a.kind == kind), ZERO)


@dataclass(frozen=True)
class CheckoutQuote:
    """A family's lines priced together, the code they typed and the credit applied."""

    lines: tuple[Quote, ...]
    promo_code: PromoCode | None = None

    @property
    def credit(self) -> Decimal:
        return -sum((line.of_kind(Kind.CREDIT) for line in self.lines), ZERO)

    @property
    def total(self) -> Decimal:
        return sum((line.amount_due for line in self.lines), ZERO)

    @property
    def total_cents(self) -> int:
        return in_cents(self.total)


@dataclass(frozen=True)
class _Paid:
    """A line the family paid for already in a season: whose, at what price before the
    sibling step, and the sibling discount it was given."""

    payment_id: int
    participant_id: int
    is_child: bool
    camp_class_id: int
    season_id: int
    list_price: Decimal
    before_sibling: Decimal
    sibling: Decimal
    scholarship: Decimal
    multi_class: Decimal


def _paid_lines(
    family_id: int, season_ids: set[int], *, giving_back: int | None = None
) -> list[_Paid]:
    """The family's seats paid for in these seasons, as their payments recorded them; the one a
    move gives back (`giving_back`, a payment's id) left out."""
    if not season_ids or family_id is None:
        return []
    payments = Payment.objects.filter(
        student_id=family_id,
        status=PaymentStatus.ENROLLED,
        camp_class__season_id__in=season_ids,
        camp_class__extended_care__isnull=True,
        participant__isnull=False,
    )
    if giving_back is not None:
        payments = payments.exclude(pk=giving_back)
    rows = payments.order_by("id").values_list(
        "id",
        "participant_id",
        "participant__is_account_holder",
        "camp_class_id",
        "camp_class__season_id",
        "list_price",
        "price",
        "adjustments",
    )
    paid = []
    for (
        payment_id,
        participant_id,
        holder,
        class_id,
        season_id,
        list_price,
        price,
        recorded,
    ) in rows:
        amounts = defaultdict(lambda: ZERO)
        for adjustment in recorded or []:
            amounts[adjustment["kind"]] += Decimal(adjustment["amount"])
        listed = list_price if list_price is not None else price
        paid.append(
            _Paid(
                payment_id=payment_id,
                participant_id=participant_id,
                is_child=not holder,
                camp_class_id=class_id,
                season_id=season_id,
                list_price=listed,
                before_sibling=listed + amounts[Kind.EARLY_BIRD] + amounts[Kind.SCHOLARSHIP],
                sibling=-amounts[Kind.SIBLING],
                scholarship=-amounts[Kind.SCHOLARSHIP],
                multi_class=-amounts[Kind.MULTI_CLASS],
            )
        )
    return paid


def _early_bird(lines: list[Quote], at: datetime) -> list[Quote]:
    priced = []
    for line in lines:
        early = getattr(line.camp_class, _EARLY_BIRD_READ)
        if early is not None and at < early.until and early.price < line.amount_due:
            line = line.with_adjustment(
                Adjustment(Kind.EARLY_BIRD, "Early-bird price", early.price - line.amount_due)
            )
        priced.append(line)
    return priced


def _scholarship(
    lines: list[Quote], grants: dict[int, Scholarship], paid: list[_Paid]
) -> list[Quote]:
    if not grants:
        return lines
    priced = list(lines)
    for season_id, grant in grants.items():
        used = sum((p.scholarship for p in paid if p.season_id == season_id), ZERO)
        room = None if grant.cap is None else max(grant.cap - used, ZERO)
        indexes = [
            i
            for i, line in enumerate(priced)
            if line.camp_class.season_id == season_id and not is_care_day(line)
        ]
        if grant.percent is not None:
            amounts = [percent_of(priced[i].amount_due, grant.percent) for i in indexes]
            if room is not None and sum(amounts, ZERO) > room:
                amounts = shared(room, amounts)
        else:
            budget = max(grant.amount - used, ZERO)
            if room is not None:
                budget = min(budget, room)
            amounts = shared(budget, [priced[i].amount_due for i in indexes])
        for i, amount in zip(indexes, amounts, strict=True):
            if amount > 0:
                priced[i] = priced[i].with_adjustment(
                    Adjustment(Kind.SCHOLARSHIP, "Scholarship", -amount)
                )
    return priced


def _sibling_off(rule: SiblingDiscount, rank: int, amount: Decimal) -> Decimal:
    """What the rule takes off one class of the child ranked `rank` (1 pays in full)."""
    if rank < 2:
        return ZERO
    percent, fixed = (
        (rule.second_percent, rule.second_amount)
        if rank == 2
        else (rule.third_percent, rule.third_amount)
    )
    off = percent_of(amount, percent) if percent is not None else fixed
    return min(off, amount)


def _sibling_entitled(
    rule: SiblingDiscount, classes: list[tuple[int, Decimal, Decimal]]
) -> tuple[Decimal, dict[int, int]]:
    """What the rule gives a family's children for these classes (child, list price, amount
    before this step), and each child's rank: by their highest-priced class, the dearest first."""
    highest: dict[int, Decimal] = {}
    for child, list_price, _ in classes:
        highest[child] = max(highest.get(child, ZERO), list_price)
    ranked = sorted(highest, key=lambda child: (-highest[child], child))
    rank = {child: place for place, child in enumerate(ranked, start=1)}
    owed = sum((_sibling_off(rule, rank[c], amount) for c, _, amount in classes), ZERO)
    return owed, rank


def discount_lost_by_cancelling(payment: Payment, *, replaced_by: Quote | None = None) -> Decimal:
    """The discounts the family's other paid classes of the season were given beyond what they
    are owed once this one is cancelled: a sibling discount (the dearest child leaves, so a
    sibling is no longer a second child), a multi-class discount (the participant's third
    class is now their second) and a multi-week one (their third week now their second). Kept
    from this payment's refund, never charged.

    A move gives the seat back for another (`replaced_by`, the new class priced by
    `price_for(..., giving_back=payment)`): the family's seats are counted as they stand after
    it, so a move keeps no discount a cancellation would not keep."""
    season_id = payment.camp_class.season_id
    if season_id is None:
        return ZERO
    others = [p for p in _paid_lines(payment.student_id, {season_id}) if p.payment_id != payment.pk]
    after = others + ([_as_paid(replaced_by)] if replaced_by is not None else [])
    after = [p for p in after if p.season_id == season_id]
    return (
        _sibling_lost(season_id, after)
        + _multi_class_lost(
            season_id, [p for p in after if p.participant_id == payment.participant_id]
        )
        + _multi_week_lost(payment, replaced_by)
    )


# What a week's price was before the multi-week step: its list price and the steps before it.
_BEFORE_MULTI_WEEK = (Kind.EARLY_BIRD, Kind.SCHOLARSHIP, Kind.SIBLING, Kind.MULTI_CLASS)


def _multi_week_lost(payment: Payment, replaced_by: Quote | None) -> Decimal:
    """A week cancelled: the participant's other weeks of the season counted again without it
    (with the week a move takes them to), each owed the tier that count reaches, not the one it
    was paid under."""
    camp_class = payment.camp_class
    if (
        camp_class.unit_of_id is None
        or not Class.objects.filter(pk=camp_class.unit_of_id, booking=Booking.WEEKS).exists()
    ):
        return ZERO
    tiers = list(MultiWeekDiscount.objects.filter(season_id=camp_class.season_id).order_by("weeks"))
    if not tiers:
        return ZERO
    others = (
        Payment.objects.filter(
            student_id=payment.student_id,
            participant_id=payment.participant_id,
            status=PaymentStatus.ENROLLED,
            camp_class__unit_of__booking=Booking.WEEKS,
            camp_class__season_id=camp_class.season_id,
        )
        .exclude(pk=payment.pk)
        .values_list("list_price", "price", "adjustments")
    )
    weeks = len(others)
    if replaced_by is not None and replaced_by.camp_class.unit_of_id is not None:
        weeks += Class.objects.filter(
            pk=replaced_by.camp_class.unit_of_id, booking=Booking.WEEKS
        ).count()
    tier = _week_tier(tiers, weeks)
    lost = ZERO
    for list_price, price, recorded in others:
        amounts = defaultdict(lambda: ZERO)
        for adjustment in recorded or []:
            amounts[adjustment["kind"]] += Decimal(adjustment["amount"])
        given = -amounts[Kind.MULTI_WEEK]
        if given <= 0:
            continue
        before = (list_price if list_price is not None else price) + sum(
            (amounts[kind] for kind in _BEFORE_MULTI_WEEK), ZERO
        )
        owed = percent_of(before, tier.percent) if tier is not None else ZERO
        lost += max(given - owed, ZERO)
    return lost


def _as_paid(line: Quote) -> _Paid:
    """A line priced now, as it would stand among the family's paid seats."""
    return _Paid(
        payment_id=0,
        participant_id=line.participant.pk,
        is_child=not line.participant.is_account_holder,
        camp_class_id=line.camp_class.pk,
        season_id=line.camp_class.season_id,
        list_price=line.list_price,
        before_sibling=line.list_price
        + line.of_kind(Kind.EARLY_BIRD)
        + line.of_kind(Kind.SCHOLARSHIP),
        sibling=-line.of_kind(Kind.SIBLING),
        scholarship=-line.of_kind(Kind.SCHOLARSHIP),
        multi_class=-line.of_kind(Kind.MULTI_CLASS),
    )


def _sibling_lost(season_id: int, others: list[_Paid]) -> Decimal:
    rule = SiblingDiscount.objects.filter(season_id=season_id).first()
    if rule is None:
        return ZERO
    children = [p for p in others if p.is_child]
    owed, _ = _sibling_entitled(
        rule, [(p.participant_id, p.list_price, p.before_sibling) for p in children]
    )
    return max(sum((p.sibling for p in children), ZERO) - owed, ZERO)


def _multi_class_off(tiers: list[MultiClassDiscount], nth: int, amount: Decimal) -> Decimal:
    """What the season's tiers take off a participant's `nth` class costing `amount`."""
    tier = next((t for t in reversed(tiers) if t.nth <= nth), None)
    if tier is None:
        return ZERO
    if tier.percent is not None:
        return percent_of(amount, tier.percent)
    return min(tier.amount, amount)


def _multi_class_lost(season_id: int, theirs: list[_Paid]) -> Decimal:
    """The participant's other paid classes, counted again without the cancelled one."""
    tiers = list(MultiClassDiscount.objects.filter(season_id=season_id).order_by("nth"))
    if not tiers or not theirs:
        return ZERO
    given = sum((p.multi_class for p in theirs), ZERO)
    owed = sum(
        (
            _multi_class_off(tiers, nth, p.before_sibling - p.sibling)
            for nth, p in enumerate(theirs, start=1)
        ),
        ZERO,
    )
    return max(given - owed, ZERO)


def _sibling(
    lines: list[Quote], rules: dict[int, SiblingDiscount], paid: list[_Paid]
) -> list[Quote]:
    """The family's children in a season ranked by their highest-priced class, paid or in this
    checkout; what the rule gives them all, less what their paid classes were given, is this
    checkout's, each line first taking its own child's part."""
    priced = list(lines)
    for season_id, rule in rules.items():
        here = [
            i
            for i, line in enumerate(priced)
            if line.camp_class.season_id == season_id
            and not line.participant.is_account_holder
            and not is_care_day(line)
        ]
        theirs = [p for p in paid if p.season_id == season_id and p.is_child]
        # Each class of a child: (child, the class's list price, what remains before this step).
        classes = [(p.participant_id, p.list_price, p.before_sibling) for p in theirs]
        classes += [
            (priced[i].participant.pk, priced[i].list_price, priced[i].amount_due) for i in here
        ]
        owed, rank = _sibling_entitled(rule, classes)
        owed = max(owed - sum((p.sibling for p in theirs), ZERO), ZERO)
        own = [
            _sibling_off(rule, rank[priced[i].participant.pk], priced[i].amount_due) for i in here
        ]
        given = []
        for amount in own:
            given.append(min(amount, owed))
            owed -= given[-1]
        # What paid classes were owed and not given (a child who now ranks lower than when it
        # was paid for) comes off this checkout's lines, the lowest-ranked child's first.
        order = sorted(range(len(here)), key=lambda k: -rank[priced[here[k]].participant.pk])
        for k in order:
            room = priced[here[k]].amount_due - given[k]
            extra = min(room, owed)
            given[k] += extra
            owed -= extra
        for i, amount in zip(here, given, strict=True):
            if amount > 0:
                priced[i] = priced[i].with_adjustment(
                    Adjustment(Kind.SIBLING, "Sibling discount", -amount)
                )
    return priced


def _multi_class(
    lines: list[Quote], tiers: dict[int, list[MultiClassDiscount]], paid: list[_Paid]
) -> list[Quote]:
    if not tiers:
        return lines
    counted = defaultdict(int)
    for p in paid:
        counted[(p.participant_id, p.season_id)] += 1
    priced = []
    for line in lines:
        if is_care_day(line):
            priced.append(line)
            continue
        key = (line.participant.pk, line.camp_class.season_id)
        counted[key] += 1
        off = _multi_class_off(tiers.get(key[1], []), counted[key], line.amount_due)
        if off > 0:
            line = line.with_adjustment(
                Adjustment(Kind.MULTI_CLASS, f"Class {counted[key]} in the season", -off)
            )
        priced.append(line)
    return priced


def is_care_day(line: Quote) -> bool:
    return line.camp_class.extended_care_id is not None


def _week_tier(tiers: list[MultiWeekDiscount], weeks: int) -> MultiWeekDiscount | None:
    """The highest of a season's multi-week tiers (lowest first) that `weeks` weeks reach."""
    return next((t for t in reversed(tiers) if t.weeks <= weeks), None)


def _multi_week(lines: list[Quote], family_id: int, *, giving_back: int | None) -> list[Quote]:
    """Each week a participant books here, off by the highest tier their weeks in the season
    reach, those paid before counted (a move's old week left out)."""
    seasons = {line.camp_class.season_id for line in lines if line.camp_class.unit_of_id}
    tiers: dict[int, list[MultiWeekDiscount]] = defaultdict(list)
    for tier in MultiWeekDiscount.objects.filter(season_id__in=seasons).order_by("weeks"):
        tiers[tier.season_id].append(tier)
    if not tiers:
        return lines
    series = {line.camp_class.unit_of_id for line in lines if line.camp_class.unit_of_id}
    by_week = set(
        Class.objects.filter(pk__in=series, booking=Booking.WEEKS).values_list("pk", flat=True)
    )
    weeks_here = [i for i, line in enumerate(lines) if line.camp_class.unit_of_id in by_week]
    paid = Payment.objects.filter(
        student_id=family_id,
        status=PaymentStatus.ENROLLED,
        camp_class__unit_of__booking=Booking.WEEKS,
        camp_class__season_id__in=tiers.keys(),
    ).exclude(pk=giving_back)
    counted = defaultdict(int)
    for participant_id, season_id in paid.values_list("participant_id", "camp_class__season_id"):
        counted[(participant_id, season_id)] += 1
    for i in weeks_here:
        counted[(lines[i].participant.pk, lines[i].camp_class.season_id)] += 1
    priced = list(lines)
    for i in weeks_here:
        line = priced[i]
        weeks = counted[(line.participant.pk, line.camp_class.season_id)]
        tier = _week_tier(tiers[line.camp_class.season_id], weeks)
        off = percent_of(line.amount_due, tier.percent) if tier is not None else ZERO
        if off > 0:
            priced[i] = line.with_adjustment(
                Adjustment(Kind.MULTI_WEEK, f"{tier.weeks} weeks or more", -off)
            )
    return priced


def _weekly_care(lines: list[Quote]) -> list[Quote]:
    """Every day an option offers in one week, for one participant here, at its weekly price
    where that is less: the difference shared among the days."""
    care = [i for i, line in enumerate(lines) if is_care_day(line)]
    options = ExtendedCare.objects.in_bulk({lines[i].camp_class.extended_care_id for i in care})
    weekly = {pk for pk, option in options.items() if option.price_per_week is not None}
    if not weekly:
        return lines
    offered = defaultdict(set)
    for option_id, day in Class.objects.filter(extended_care_id__in=weekly).values_list(
        "extended_care_id", "start_date"
    ):
        offered[(option_id, _monday(day))].add(day)
    weeks = defaultdict(list)
    for i in care:
        camp_class = lines[i].camp_class
        if camp_class.extended_care_id in weekly:
            key = (camp_class.extended_care_id, _monday(camp_class.start_date))
            weeks[(lines[i].participant.pk, *key)].append(i)
    priced = list(lines)
    for (_, option_id, monday), indexes in weeks.items():
        days = {priced[i].camp_class.start_date for i in indexes}
        if days != offered[(option_id, monday)]:
            continue
        amounts = [priced[i].amount_due for i in indexes]
        saving = sum(amounts, ZERO) - options[option_id].price_per_week
        if saving <= 0:
            continue
        for i, amount in zip(indexes, shared(saving, amounts), strict=True):
            if amount > 0:
                priced[i] = priced[i].with_adjustment(
                    Adjustment(Kind.WEEKLY_CARE, "Weekly rate", -amount)
                )
    return priced


def _monday(day):
    return day - timedelta(days=day.weekday())


def promo_code_refusal(code: PromoCode, *, family_id: int, at: datetime) -> str | None:
    """Why the family may not use the code now; None when they may. Its uses are counted again
    under the code's lock when the checkout is paid (`payments.services`)."""
    if code.valid_from is not None and at < code.valid_from:
        return gettext("This code is not valid yet.")
    if code.valid_until is not None and at >= code.valid_until:
        return gettext("This code has expired.")
    uses = PromoCodeUse.objects.filter(promo_code=code).aggregate(
        all=Count("id"), family=Count("id", filter=Q(family_id=family_id))
    )
    if code.uses_limit is not None and uses["all"] >= code.uses_limit:
        return gettext("This code has been used as many times as it may be.")
    if code.uses_per_family is not None and uses["family"] >= code.uses_per_family:
        return gettext("Your family has used this code already.")
    return None


def _in_scope(code: PromoCode, camp_class: Class, classes: set[int], categories: set[int]) -> bool:
    if camp_class.season_id != code.season_id or camp_class.extended_care_id is not None:
        return False
    if not classes and not categories:
        return True
    return camp_class.pk in classes or camp_class.category_id in categories


def promo_code_find(code: str) -> PromoCode:
    found = PromoCode.objects.filter(code=code.strip().upper()).first() if code.strip() else None
    if found is None:
        raise InvalidInput({"promo_code": [gettext("No such code.")]})
    return found


def _season_add_ons_bought(
    family_id: int, add_ons: list[AddOn], *, giving_back: int | None
) -> set[tuple[int, int]]:
    """(participant, add-on) of the season's required add-ons bought with a seat still held."""
    required = [a.pk for a in add_ons if a.required and a.season_id is not None]
    if not required or family_id is None:
        return set()
    bought = AddOnPurchase.objects.filter(
        payment__student_id=family_id,
        payment__status=PaymentStatus.ENROLLED,
        add_on_id__in=required,
        returned_at=None,
    ).exclude(payment_id=giving_back)
    return set(bought.values_list("payment__participant_id", "add_on_id"))


def _add_on_adjustment(add_on: AddOn, option: AddOnOption | None, chosen: AddOnChosen):
    label = add_on.label if option is None else f"{add_on.label} ({option.label})"
    if chosen.quantity > 1:
        label += f" ×{chosen.quantity}"
    return Adjustment(Kind.ADD_ON, label, add_on.price * chosen.quantity, add_on=chosen)


def _required_here(add_on: AddOn, line: Quote, firsts: set, bought: set) -> bool:
    """Whether the server adds this required add-on to the line: per day on every line; a
    class's once per item (its first line here); a season's once per participant, unless
    bought already."""
    if add_on.per_day:
        return True
    participant = line.participant.pk
    if add_on.camp_class_id is not None:
        return ("class", participant, series_id_of(line.camp_class)) in firsts
    first_in_season = ("season", participant, add_on.season_id) in firsts
    return first_in_season and (participant, add_on.pk) not in bought


def _add_ons(
    lines: list[Quote],
    chosen: Sequence[Sequence[AddOnChosen]],
    family_id: int,
    *,
    giving_back: int | None,
) -> list[Quote]:
    """Each line's add-ons, those it asked and the required ones, each an adjustment adding its
    price times its quantity. A day of extended care has none."""
    offered = add_ons_offered(line.camp_class for line in lines)
    if not offered:
        return lines
    options = AddOnOption.objects.in_bulk(
        {c.option_id for asked in chosen for c in asked if c.option_id is not None}
    )
    bought = _season_add_ons_bought(family_id, offered, giving_back=giving_back)
    seen, priced = set(), []
    for line, asked in zip(lines, chosen, strict=True):
        if is_care_day(line):
            priced.append(line)
            continue
        participant = line.participant.pk
        # The participant's first line here of this class (or series) and of this season.
        firsts = {
            key
            for key in (
                ("class", participant, series_id_of(line.camp_class)),
                ("season", participant, line.camp_class.season_id),
            )
            if key not in seen
        }
        seen |= firsts
        by_id = {c.add_on_id: c for c in asked}
        for add_on in offered:
            if add_on.camp_class_id not in (None, series_id_of(line.camp_class)) or (
                add_on.season_id not in (None, line.camp_class.season_id)
            ):
                continue
            pick = by_id.pop(add_on.pk, None)
            if pick is None and add_on.required and _required_here(add_on, line, firsts, bought):
                pick = AddOnChosen(add_on_id=add_on.pk)
            if pick is not None:
                option = options.get(pick.option_id)
                line = line.with_adjustment(_add_on_adjustment(add_on, option, pick))
        if by_id:
            raise InvalidInput(
                {"addOns": [gettext("%(name)s: no such add-on.") % {"name": line.camp_class.name}]}
            )
        priced.append(line)
    return priced


def _before_add_ons(line: Quote, code: PromoCode) -> Decimal:
    """What of a line a code takes its part of: the classes alone, or with their add-ons."""
    if code.includes_add_ons:
        return line.amount_due
    # Every step before the add-ons stops at zero, so what remains without them is >= 0.
    return line.amount_due - line.of_kind(Kind.ADD_ON)


def _code(lines: list[Quote], code: PromoCode, *, family_id: int, at: datetime) -> list[Quote]:
    refusal = promo_code_refusal(code, family_id=family_id, at=at)
    if refusal is not None:
        raise InvalidInput({"promo_code": [refusal]})
    classes = set(code.classes.values_list("pk", flat=True))
    categories = set(code.categories.values_list("pk", flat=True))
    indexes = [
        i for i, line in enumerate(lines) if _in_scope(code, line.camp_class, classes, categories)
    ]
    if not indexes:
        raise InvalidInput({"promo_code": [gettext("This code is not for these classes.")]})
    bases = [_before_add_ons(lines[i], code) for i in indexes]
    if code.percent is not None:
        amounts = [percent_of(base, code.percent) for base in bases]
    else:
        amounts = shared(code.amount, bases)
    priced = list(lines)
    for i, amount in zip(indexes, amounts, strict=True):
        if amount > 0:
            priced[i] = priced[i].with_adjustment(
                Adjustment(Kind.CODE, f"Code {code.code}", -amount)
            )
    return priced


def _credit(lines: list[Quote], family_id: int) -> list[Quote]:
    balance = credit_balance(family_id)
    amounts = shared(balance, [line.amount_due for line in lines])
    return [
        line.with_adjustment(Adjustment(Kind.CREDIT, "Account credit", -amount))
        if amount > 0
        else line
        for line, amount in zip(lines, amounts, strict=True)
    ]


def price_checkout(
    family: User,
    items: Sequence[tuple[Participant, Class]],
    *,
    at: datetime | None = None,
    promo_code: str = "",
    apply_credit: bool = False,
    add_ons: Sequence[Sequence[AddOnChosen]] | None = None,
) -> CheckoutQuote:
    """What the family's lines cost together at `at` (now by default), in the order of the
    module's rules; a code that may not be used is an `InvalidInput` naming `promo_code`.
    `add_ons`: each line's add-ons asked (parallel to `items`); the required ones are added
    whatever it says."""
    return _priced(
        family.pk,
        items,
        at=at,
        promo_code=promo_code,
        apply_credit=apply_credit,
        add_ons=add_ons,
    )


def _priced(
    family_id: int,
    items: Sequence[tuple[Participant, Class]],
    *,
    at: datetime | None,
    promo_code: str = "",
    apply_credit: bool = False,
    rules: SeasonRules | None = None,
    giving_back: int | None = None,
    add_ons: Sequence[Sequence[AddOnChosen]] | None = None,
) -> CheckoutQuote:
    at = at or timezone.now()
    code = promo_code_find(promo_code) if promo_code else None
    classes = [camp_class for _, camp_class in items]
    _early_birds_read(classes)
    lines = [
        Quote(list_price=camp_class.price, participant=participant, camp_class=camp_class)
        for participant, camp_class in items
    ]
    seasons = sorted({camp_class.season_id for camp_class in classes} - {None})
    lines = _early_bird(lines, at)
    if rules is None:
        rules = season_rules(season_ids=seasons, family_id=family_id)
    if rules.siblings or rules.scholarships or rules.tiers:
        # What the family paid for in the season already counts only against its rules.
        paid = _paid_lines(family_id, set(seasons), giving_back=giving_back)
        lines = _scholarship(lines, rules.scholarships, paid)
        lines = _sibling(lines, rules.siblings, paid)
        lines = _multi_class(lines, rules.tiers, paid)
    if any(line.camp_class.unit_of_id is not None for line in lines):
        lines = _multi_week(lines, family_id, giving_back=giving_back)
    if any(is_care_day(line) for line in lines):
        lines = _weekly_care(lines)
    lines = _add_ons(lines, add_ons or [() for _ in lines], family_id, giving_back=giving_back)
    if code is not None:
        lines = _code(lines, code, family_id=family_id, at=at)
    if apply_credit:
        lines = _credit(lines, family_id)
    return CheckoutQuote(lines=tuple(lines), promo_code=code)


# The attribute where a class carries its early-bird price once read (None: it has none). Django
# has no public way to cache an absent reverse one-to-one on the instance (assigning None to
# `camp_class.early_bird` forgets it), so the price is kept beside the relation, as
# `Prefetch(to_attr=...)` keeps what it reads.
_EARLY_BIRD_READ = "early_bird_read"


def _early_birds_read(classes: list[Class]) -> None:
    """Each class's early-bird price, read in one query (None where it has none)."""
    unread = [c for c in classes if not hasattr(c, _EARLY_BIRD_READ)]
    if not unread:
        return
    found = {e.camp_class_id: e for e in EarlyBirdPrice.objects.filter(camp_class__in=unread)}
    for camp_class in unread:
        early_bird_known(camp_class, found.get(camp_class.pk))


def early_bird_known(camp_class: Class, early_bird: EarlyBirdPrice | None) -> None:
    """The class's early-bird price (None: it has none), read with the class by the caller, so
    that pricing it reads no more."""
    setattr(camp_class, _EARLY_BIRD_READ, early_bird)


def price_for(
    participant: Participant,
    camp_class: Class,
    *,
    at: datetime | None = None,
    rules: SeasonRules | None = None,
    giving_back: Payment | None = None,
) -> Quote:
    """What a seat in `camp_class` costs `participant` at `at` (now by default), alone: the
    spec's single-class payment. `rules`: the class's season's price rules for the family, when
    the caller read them with the class (`prepared.selection_to_pay`). A move prices its new
    class as if the seat it gives back (`giving_back`) were gone already."""
    # The family by its id: reading the account would cost a query the rules may not need.
    family_id = participant.account_id
    return _priced(
        family_id,
        [(participant, camp_class)],
        at=at,
        rules=rules,
        giving_back=giving_back.pk if giving_back is not None else None,
    ).lines[0]
