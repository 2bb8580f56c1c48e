"""Payment plans: which a class offers today, and what each asks of a family for an amount.

A plan is the class's own (`PaymentPlan.camp_class`) or, when the class has none, its season's.
Its schedule for an amount (what `checkout.pricing` says the line costs) is a deposit now and
the rest in the plan's instalments, split evenly, the last taking the rounding (the rules:
`payments.money.plan_deposit`, `plan_instalments`). A plan is open to a checkout while its first
instalment falls after today at the school, every part is at least the card minimum, and the
class has the first meeting its days count back from.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Q

from classes.models import Class
from core.school_time import school_timezone, school_today
from payments.models import PaymentPlan
from payments.money import plan_deposit, plan_instalments

# Stripe refuses card charges under $0.50: no part of a plan is smaller.
SMALLEST_PART = Decimal("0.50")


@dataclass(frozen=True)
class PlanPart:
    due_on: date
    amount: Decimal


@dataclass(frozen=True)
class PlanSchedule:
    """What a plan asks for an amount: the deposit at checkout, then each instalment."""

    plan: PaymentPlan
    total: Decimal
    deposit: Decimal
    instalments: tuple[PlanPart, ...]


def _due_dates(plan: PaymentPlan, camp_class: Class) -> list[date] | None:
    first_day = (
        camp_class.starts_at.astimezone(school_timezone()).date() if camp_class.starts_at else None
    )
    dates = []
    for due in plan.dues.all():
        if due.due_on is not None:
            dates.append(due.due_on)
        elif first_day is None:
            return None
        else:
            dates.append(first_day - timedelta(days=due.days_before))
    return sorted(dates)


def plan_schedule(
    plan: PaymentPlan, camp_class: Class, amount: Decimal, *, today: date | None = None
) -> PlanSchedule | None:
    """The plan's schedule for `amount`, or None when it is not open to a checkout today."""
    today = today or school_today()
    dates = _due_dates(plan, camp_class)
    if not dates or dates[0] <= today:
        return None
    if plan.deposit_percent is not None:
        deposit = plan_deposit(amount, plan.deposit_percent)
    else:
        deposit = min(plan.deposit_amount, amount)
    parts = plan_instalments(amount - deposit, len(dates))
    if deposit < SMALLEST_PART or any(part < SMALLEST_PART for part in parts):
        return None
    return PlanSchedule(
        plan=plan,
        total=amount,
        deposit=deposit,
        instalments=tuple(
            PlanPart(due_on=due_on, amount=part) for due_on, part in zip(dates, parts, strict=True)
        ),
    )


@dataclass(frozen=True)
class PlanTable:
    """Plans read once, by the class and by the season that offers them."""

    own: dict[int, list[PaymentPlan]]
    seasons: dict[int, list[PaymentPlan]]

    @classmethod
    def read(cls, plans) -> "PlanTable":
        own, seasons = defaultdict(list), defaultdict(list)
        for plan in plans.prefetch_related("dues"):
            if plan.camp_class_id is not None:
                own[plan.camp_class_id].append(plan)
            else:
                seasons[plan.season_id].append(plan)
        return cls(own=dict(own), seasons=dict(seasons))

    def of(self, camp_class: Class) -> list[PaymentPlan]:
        """The class's own plans, else its season's."""
        return self.own.get(camp_class.pk) or self.seasons.get(camp_class.season_id, [])


def plans_of(classes: list[Class]) -> dict[int, list[PaymentPlan]]:
    """Each class's plans: its own, else its season's; two queries for any number of classes."""
    class_ids = [camp_class.pk for camp_class in classes]
    season_ids = {camp_class.season_id for camp_class in classes} - {None}
    table = PlanTable.read(
        PaymentPlan.objects.filter(Q(camp_class_id__in=class_ids) | Q(season_id__in=season_ids))
    )
    return {camp_class.pk: table.of(camp_class) for camp_class in classes}


def plan_table() -> PlanTable:
    """Every plan the school has (a few per season): for a list of classes of any length, read
    in one query (two when there are plans), whatever classes it holds."""
    return PlanTable.read(PaymentPlan.objects.all())


def plans_open(
    camp_class: Class, amount: Decimal, *, plans: list[PaymentPlan] | None = None
) -> list[PlanSchedule]:
    """The plans a checkout of `camp_class` at `amount` may choose today, with their schedules."""
    if plans is None:
        plans = plans_of([camp_class])[camp_class.pk]
    schedules = (plan_schedule(plan, camp_class, amount) for plan in plans)
    return [schedule for schedule in schedules if schedule is not None]
