"""The demo's open season prices as the issues ask them to be tried: a sibling discount, the
code WELCOME10, a payment plan and a multi-week discount, made once."""

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Participant, User
from checkout.pricing import price_checkout
from classes.models import LISTED, Booking, Class, ClassStatus
from classes.selectors import season_open_now
from payments.models import (
    Kind,
    MultiWeekDiscount,
    PaymentPlan,
    PromoCode,
    SiblingDiscount,
)

pytestmark = pytest.mark.django_db


def seed_prices() -> str:
    out = StringIO()
    call_command("seed_demo_prices", stdout=out)
    return out.getvalue()


def test_the_open_season_has_the_sibling_discount_and_welcome10_once():
    call_command("seed_demo", stdout=StringIO())

    first, again = seed_prices(), seed_prices()

    season = season_open_now()
    assert first == (
        f"{season.name}: made the sibling discount, WELCOME10, payment plan and "
        "multi-week discount.\n"
    )
    assert again == "Nothing to do: the demo's price rules are there.\n"
    sibling = SiblingDiscount.objects.get(season=season)
    assert (sibling.second_percent, sibling.third_percent) == (Decimal(10), Decimal(15))
    code = PromoCode.objects.get(code="WELCOME10")
    assert (code.percent, code.uses_limit, code.uses_per_family) == (Decimal(10), 1000, 1)
    plan = PaymentPlan.objects.get(season=season)
    assert plan.deposit_percent == Decimal(25)
    assert sorted(plan.dues.values_list("days_before", flat=True)) == [14, 30]
    assert list(MultiWeekDiscount.objects.values_list("season", "weeks", "percent")) == [
        (season.pk, 3, Decimal(10))
    ]

    family = User.objects.get(email="student@camp.test")
    lily, max_ = Participant.objects.filter(account=family, is_account_holder=False).order_by("id")
    dear, cheap = Class.objects.filter(
        LISTED, booking=Booking.WHOLE, status=ClassStatus.APPROVED, season=season
    ).order_by("-price", "id")[:2]
    quote = price_checkout(family, [(lily, dear), (max_, cheap)], promo_code="welcome10")
    assert [a.kind for a in quote.lines[1].adjustments] == [Kind.SIBLING, Kind.CODE]


def test_without_an_open_season_it_says_so():
    assert seed_prices() == "No season is open: run seed_demo first.\n"
