"""The demo's price rules (after `seed_demo`): the open season gives the second child 10% off and
the third and later 15%, takes the code WELCOME10 (10% off, 1,000 uses, one per family), and
offers every class a plan (a 25% deposit, the rest in two instalments due 30 and 14 days before
the first meeting), and takes 10% off every week of its day camps a child books three or more
weeks of, so the rules can be tried at once. Made once: rules the demo's users changed
are left as they are."""

from decimal import Decimal

from django.core.management.base import BaseCommand

from classes.selectors import season_open_now
from payments.models import (
    MultiWeekDiscount,
    PaymentPlan,
    PaymentPlanDue,
    PromoCode,
    SiblingDiscount,
)


class Command(BaseCommand):
    help = (
        "Give the demo's open season a sibling discount, the WELCOME10 code, a plan and a "
        "multi-week discount."
    )

    def handle(self, *args, **options):
        season = season_open_now()
        if season is None:
            self.stdout.write("No season is open: run seed_demo first.")
            return
        _, sibling = SiblingDiscount.objects.get_or_create(
            season=season,
            defaults={"second_percent": Decimal(10), "third_percent": Decimal(15)},
        )
        _, code = PromoCode.objects.get_or_create(
            code="WELCOME10",
            defaults={
                "season": season,
                "percent": Decimal(10),
                "uses_limit": 1000,
                "uses_per_family": 1,
            },
        )
        plan, plan_made = PaymentPlan.objects.get_or_create(
            season=season,
            label="Deposit and two instalments",
            defaults={"deposit_percent": Decimal(25)},
        )
        if plan_made:
            PaymentPlanDue.objects.bulk_create(
                [
                    PaymentPlanDue(plan=plan, days_before=30),
                    PaymentPlanDue(plan=plan, days_before=14),
                ]
            )
        _, multi_week = MultiWeekDiscount.objects.get_or_create(
            season=season, weeks=3, defaults={"percent": Decimal(10)}
        )
        made = [
            name
            for name, was_made in (
                ("sibling discount", sibling),
                ("WELCOME10", code),
                ("payment plan", plan_made),
                ("multi-week discount", multi_week),
            )
            if was_made
        ]
        if not made:
            self.stdout.write("Nothing to do: the demo's price rules are there.")
            return
        listed = ", ".join(made[:-1]) + f" and {made[-1]}" if len(made) > 1 else made[0]
        self.stdout.write(self.style.SUCCESS(f"{season.name}: made the {listed}."))
