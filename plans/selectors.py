"""Reads of payment plans: what a class offers a checkout."""

from core.public_cache import current_generation
from core.school_time import school_today
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
