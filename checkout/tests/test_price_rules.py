"""The school's price rules, in `checkout.pricing.price_checkout`'s order: early-bird,
scholarship, sibling, multi-class, code, then credit; each on what remains, never below zero,
in cents, a shared amount's rounding remainder on the last line.

Every moment is counted from the test's own now; the clock is moved across an early-bird's end
and a code's validity with time-machine."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of
from checkout.pricing import early_bird_known, price_checkout
from classes.models import Category, ClassStatus
from core.errors import InvalidInput
from payments.models import (
    CreditEntry,
    EarlyBirdPrice,
    Kind,
    MultiClassDiscount,
    PromoCode,
    PromoCodeUse,
    Scholarship,
    SiblingDiscount,
)
from testing.factories import ChildFactory, ClassFactory, UserFactory
from testing.pricing import paid_as_priced
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def season():
    return a_season(starts_in_days=180)


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT)


def a_class(season, price: str, **fields):
    return ClassFactory(status=ClassStatus.APPROVED, season=season, price=D(price), **fields)


def children(family, count: int):
    return [ChildFactory(account=family, care=False) for _ in range(count)]


def kinds(line) -> list[tuple[str, Decimal]]:
    return [(a.kind, a.amount) for a in line.adjustments]


class TestEarlyBird:
    def test_before_its_end_the_class_costs_the_early_price_and_after_the_list_price(
        self, season, family
    ):
        (mia,) = children(family, 1)
        pottery = a_class(season, "300.00")
        until = timezone.now() + timedelta(days=10)
        EarlyBirdPrice.objects.create(camp_class=pottery, price=D("255.00"), until=until)

        before = price_checkout(family, [(mia, pottery)]).lines[0]
        with time_machine.travel(until + timedelta(seconds=1)):
            after = price_checkout(family, [(mia, pottery)]).lines[0]

        assert kinds(before) == [(Kind.EARLY_BIRD, D("-45.00"))]
        assert before.amount_due == D("255.00")
        assert after.adjustments == ()
        assert after.amount_due == D("300.00")

    def test_each_class_is_asked_for_its_early_price_once_even_one_that_has_none(
        self, season, family
    ):
        mia, leo, ava = children(family, 3)
        pottery, weaving, glass = (a_class(season, "300.00") for _ in range(3))
        until = timezone.now() + timedelta(days=10)
        EarlyBirdPrice.objects.create(camp_class=pottery, price=D("255.00"), until=until)
        # As the payment page reads it with the selection (`payments.access`): none for glass.
        early_bird_known(glass, None)

        with CaptureQueriesContext(connection) as first:
            quote = price_checkout(family, [(mia, pottery), (leo, weaving), (ava, glass)])
        with CaptureQueriesContext(connection) as again:
            price_checkout(family, [(mia, pottery), (leo, weaving), (ava, glass)])

        table = EarlyBirdPrice._meta.db_table
        assert len([q for q in first if table in q["sql"]]) == 1
        assert [q for q in again if table in q["sql"]] == []
        assert [line.amount_due for line in quote.lines] == [D("255.00"), D("300.00"), D("300.00")]


class TestScholarship:
    def test_a_percentage_of_each_class_within_its_cap_shared_in_proportion(self, season, family):
        mia, leo = children(family, 2)
        Scholarship.objects.create(season=season, family=family, percent=D(50), cap=D("80.00"))
        a, b = a_class(season, "100.00"), a_class(season, "60.00")

        quote = price_checkout(family, [(mia, a), (leo, b)])

        # 50% would be 50 + 30; the cap leaves 80, shared 50:30.
        assert [line.of_kind(Kind.SCHOLARSHIP) for line in quote.lines] == [
            D("-50.00"),
            D("-30.00"),
        ]

    def test_an_amount_is_spread_with_the_remainder_on_the_last_line_and_counts_what_was_used(
        self, season, family
    ):
        mia, leo, ava = children(family, 3)
        Scholarship.objects.create(season=season, family=family, amount=D("100.00"))
        classes = [a_class(season, "90.00") for _ in range(3)]
        first = price_checkout(family, [(mia, classes[0])]).lines[0]
        assert first.of_kind(Kind.SCHOLARSHIP) == D("-90.00")
        paid_as_priced(family, mia, classes[0], first)

        quote = price_checkout(family, [(leo, classes[1]), (ava, classes[2])])

        # 10.00 is left of the grant: 5.00 each.
        assert [line.of_kind(Kind.SCHOLARSHIP) for line in quote.lines] == [D("-5.00"), D("-5.00")]

    def test_it_is_the_familys_own(self, season, family):
        Scholarship.objects.create(season=season, family=family, percent=D(50))
        other = UserFactory(role=Role.STUDENT)
        (their_child,) = children(other, 1)

        line = price_checkout(other, [(their_child, a_class(season, "100.00"))]).lines[0]

        assert line.adjustments == ()


@pytest.fixture
def sibling_rule(season):
    return SiblingDiscount.objects.create(season=season, second_percent=D(10), third_percent=D(15))


class TestSibling:
    def test_the_highest_priced_child_pays_in_full_the_second_10_and_the_third_15_percent(
        self, season, family, sibling_rule
    ):
        mia, leo, ava = children(family, 3)
        cheap, dear, middle = (
            a_class(season, "100.00"),
            a_class(season, "300.00"),
            a_class(season, "200.00"),
        )

        quote = price_checkout(family, [(mia, cheap), (leo, dear), (ava, middle)])

        assert [line.of_kind(Kind.SIBLING) for line in quote.lines] == [
            D("-15.00"),
            D("0.00"),
            D("-20.00"),
        ]
        assert quote.total == D("565.00")

    @pytest.mark.parametrize("first_bought", ["dearer", "cheaper"])
    def test_two_checkouts_come_to_what_one_would(self, season, family, sibling_rule, first_bought):
        mia, leo = children(family, 2)
        dear, cheap = a_class(season, "300.00"), a_class(season, "200.00")
        together = price_checkout(family, [(mia, dear), (leo, cheap)]).total
        first, second = ((mia, dear), (leo, cheap))
        if first_bought == "cheaper":
            first, second = second, first

        one = price_checkout(family, [first]).lines[0]
        paid_as_priced(family, *first, one)
        two = price_checkout(family, [second])

        assert one.amount_due + two.total == together == D("480.00")

    def test_the_account_holder_is_no_sibling(self, season, family, sibling_rule):
        (mia,) = children(family, 1)
        quote = price_checkout(
            family,
            [
                (account_holder_of(family), a_class(season, "300.00")),
                (mia, a_class(season, "200.00")),
            ],
        )

        assert [line.of_kind(Kind.SIBLING) for line in quote.lines] == [D("0.00"), D("0.00")]


class TestMultiClass:
    def test_a_participants_nth_class_in_the_season_counts_the_classes_paid_for(
        self, season, family
    ):
        MultiClassDiscount.objects.create(season=season, nth=2, amount=D("20.00"))
        MultiClassDiscount.objects.create(season=season, nth=3, percent=D(25))
        (mia,) = children(family, 1)
        first_class = a_class(season, "100.00")
        paid_as_priced(
            family, mia, first_class, price_checkout(family, [(mia, first_class)]).lines[0]
        )

        quote = price_checkout(
            family, [(mia, a_class(season, "100.00")), (mia, a_class(season, "80.00"))]
        )

        assert [kinds(line) for line in quote.lines] == [
            [(Kind.MULTI_CLASS, D("-20.00"))],
            [(Kind.MULTI_CLASS, D("-20.00"))],
        ]
        assert [a.label for a in quote.lines[1].adjustments] == ["Class 3 in the season"]


@pytest.fixture
def welcome(season):
    return PromoCode.objects.create(season=season, code="WELCOME10", percent=D(10))


class TestCode:
    def test_a_percentage_off_each_class_typed_in_any_case(self, season, family, welcome):
        (mia,) = children(family, 1)

        quote = price_checkout(family, [(mia, a_class(season, "45.50"))], promo_code=" welcome10 ")

        assert kinds(quote.lines[0]) == [(Kind.CODE, D("-4.55"))]
        assert quote.lines[0].adjustments[0].label == "Code WELCOME10"
        assert quote.promo_code == welcome

    def test_an_amount_is_shared_with_the_remainder_on_the_last_line(self, season, family):
        PromoCode.objects.create(season=season, code="TENOFF", amount=D("10.00"))
        mia, leo, ava = children(family, 3)
        classes = [a_class(season, "33.33") for _ in range(3)]

        quote = price_checkout(
            family, list(zip([mia, leo, ava], classes, strict=True)), promo_code="TENOFF"
        )

        assert [line.of_kind(Kind.CODE) for line in quote.lines] == [
            D("-3.33"),
            D("-3.33"),
            D("-3.34"),
        ]

    def test_only_classes_in_its_scope(self, season, family):
        painting = Category.objects.create(slug="oil", name="Oil painting")
        code = PromoCode.objects.create(season=season, code="OIL", percent=D(50))
        code.categories.add(painting)
        mia, leo = children(family, 2)
        oil, clay = a_class(season, "100.00", category=painting), a_class(season, "100.00")

        quote = price_checkout(family, [(mia, oil), (leo, clay)], promo_code="OIL")

        assert [line.of_kind(Kind.CODE) for line in quote.lines] == [D("-50.00"), D("0.00")]
        with pytest.raises(InvalidInput) as refused:
            price_checkout(family, [(leo, clay)], promo_code="OIL")
        assert refused.value.problems == {"promo_code": ["This code is not for these classes."]}

    def test_valid_from_and_until(self, season, family):
        now = timezone.now()
        PromoCode.objects.create(
            season=season,
            code="SPRING",
            percent=D(10),
            valid_from=now + timedelta(days=1),
            valid_until=now + timedelta(days=2),
        )
        (mia,) = children(family, 1)
        pottery = a_class(season, "100.00")

        def problems():
            try:
                price_checkout(family, [(mia, pottery)], promo_code="SPRING")
            except InvalidInput as refused:
                return refused.problems["promo_code"]
            return None

        assert problems() == ["This code is not valid yet."]
        with time_machine.travel(now + timedelta(days=1, hours=1)):
            assert problems() is None
        with time_machine.travel(now + timedelta(days=2)):
            assert problems() == ["This code has expired."]

    def test_its_limits_in_total_and_per_family(self, season, family):
        code = PromoCode.objects.create(
            season=season, code="FIRST5", percent=D(10), uses_limit=2, uses_per_family=1
        )
        (mia,) = children(family, 1)
        pottery = a_class(season, "100.00")
        PromoCodeUse.objects.create(promo_code=code, family=family)

        with pytest.raises(InvalidInput) as mine:
            price_checkout(family, [(mia, pottery)], promo_code="FIRST5")
        PromoCodeUse.objects.create(promo_code=code, family=UserFactory())
        other = UserFactory()
        with pytest.raises(InvalidInput) as theirs:
            price_checkout(
                other, [(ChildFactory(account=other, care=False), pottery)], promo_code="first5"
            )

        assert mine.value.problems == {"promo_code": ["Your family has used this code already."]}
        assert theirs.value.problems == {
            "promo_code": ["This code has been used as many times as it may be."]
        }

    def test_an_unknown_code_is_named(self, season, family):
        (mia,) = children(family, 1)
        with pytest.raises(InvalidInput) as refused:
            price_checkout(family, [(mia, a_class(season, "10.00"))], promo_code="NOPE")
        assert refused.value.problems == {"promo_code": ["No such code."]}

    def test_never_below_zero(self, season, family):
        PromoCode.objects.create(season=season, code="HUGE", amount=D("500.00"))
        (mia,) = children(family, 1)

        quote = price_checkout(family, [(mia, a_class(season, "100.00"))], promo_code="HUGE")

        assert quote.lines[0].of_kind(Kind.CODE) == D("-100.00")
        assert quote.total == D("0.00")


def test_every_rule_in_its_order_each_on_what_remains(season, family, sibling_rule, welcome):
    mia, leo = children(family, 2)
    dear, pottery = a_class(season, "150.00"), a_class(season, "100.00")
    EarlyBirdPrice.objects.create(
        camp_class=pottery, price=D("80.00"), until=timezone.now() + timedelta(days=1)
    )
    Scholarship.objects.create(season=season, family=family, percent=D(10))
    MultiClassDiscount.objects.create(season=season, nth=2, percent=D(10))
    first = a_class(season, "10.00")
    paid_as_priced(family, leo, first, price_checkout(family, [(leo, first)]).lines[0])

    quote = price_checkout(family, [(mia, dear), (leo, pottery)], promo_code="WELCOME10")

    # 100 → early-bird 80 → scholarship 10% 72 → Leo is the second child: 10% of 72, and of
    # the 9.00 his first class came to (paid while he was the only child, so given nothing
    # then), 8.10 → his second class, 10% 57.51 → code 10%, 5.751 rounds to 5.75.
    assert kinds(quote.lines[1]) == [
        (Kind.EARLY_BIRD, D("-20.00")),
        (Kind.SCHOLARSHIP, D("-8.00")),
        (Kind.SIBLING, D("-8.10")),
        (Kind.MULTI_CLASS, D("-6.39")),
        (Kind.CODE, D("-5.75")),
    ]
    assert quote.lines[1].amount_due == D("51.76")


def test_credit_comes_last_shared_over_the_lines(season, family):
    CreditEntry.objects.create(family=family, amount=D("50.00"), reason="Goodwill")
    CreditEntry.objects.create(family=family, amount=D("-20.00"), reason="Spent")
    mia, leo = children(family, 2)

    quote = price_checkout(
        family,
        [(mia, a_class(season, "40.00")), (leo, a_class(season, "20.00"))],
        apply_credit=True,
    )

    assert quote.credit == D("30.00")
    assert [line.of_kind(Kind.CREDIT) for line in quote.lines] == [D("-20.00"), D("-10.00")]
    assert quote.total == D("30.00")
