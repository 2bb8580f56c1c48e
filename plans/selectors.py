"""Reads of payment plans: what a class offers a checkout, and what a family has due."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q

from accounts.models import User
from core.public_cache import current_generation
from core.school_time import school_today
from payments.models import Instalment, InstalmentStatus, Payment, PaymentStatus
from plans.schedule import plan_table, plans_open

# Every plan the school has, with the public lists' generation and the school's day it was read
# under: a plan's change replaces the generation (PaymentPlan is shown in the public lists), and
# a new day may close a plan.
_plan_table_read: tuple = (None, None, None)


def class_plans(*, camp_class) -> list[dict]:
    """The payment plans a class offers a checkout today, scheduled on its list price (a
    family's own price, after its discounts, is the checkout's to schedule): what the class
    JSON's `plans` says (`core.events.CLASS_PLANS`, asked by classes). Every class of an
    answer asks, so the plans are read once per change and day, not once per class."""
    global _plan_table_read
    generation, today = current_generation(), school_today()
    read_under, read_on, table = _plan_table_read
    if (read_under, read_on) != (generation, today):
        table = plan_table()
        _plan_table_read = (generation, today, table)
    return [
        {
            "id": schedule.plan.pk,
            "label": schedule.plan.label,
            "deposit": schedule.deposit,
            "instalments": [
                {"due_on": part.due_on, "amount": part.amount} for part in schedule.instalments
            ],
        }
        for schedule in plans_open(camp_class, camp_class.price, plans=table.of(camp_class))
    ]


@dataclass(frozen=True)
class BalanceDue:
    """A seat paid by a plan with money due now: what the balance page's Pay what is due
    charges (`apis._balance_body`'s dueNow), since when it was due, and the day the seat goes to
    the waitlist unless paid (None unless overdue)."""

    payment: Payment
    amount: Decimal
    due_on: date
    release_on: date | None


def balances_due_for(*, family: User, today: date | None = None) -> list[BalanceDue]:
    """The family's seats with an instalment due by `today` (the school's today by default) or
    failed and unpaid, each with what is due now, the longest due first. One query."""
    today = today or school_today()
    instalments = (
        Instalment.objects.filter(
            payment__student=family,
            payment__status=PaymentStatus.ENROLLED,
            status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED),
        )
        .filter(Q(due_on__lte=today) | Q(status=InstalmentStatus.FAILED))
        .select_related("payment__camp_class", "payment__participant")
        .order_by("due_on", "id")
    )
    due: dict[int, BalanceDue] = {}
    for instalment in instalments:
        known = due.get(instalment.payment_id)
        due[instalment.payment_id] = BalanceDue(
            payment=instalment.payment,
            amount=(known.amount if known else Decimal(0)) + instalment.amount,
            due_on=known.due_on if known else instalment.due_on,
            release_on=instalment.payment.release_on,
        )
    return list(due.values())
