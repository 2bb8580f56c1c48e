"""How money is rounded, pinned: each rule of `payments.money` at half-cent cases, and again
through what the product calls (`price_checkout`, `plan_schedule`, `RefundTerms.refund_for`, the
cancellation quote), so that a rule changed in either place fails here.

Each table's cases are chosen so that every other rounding (half-even, half-down, truncation,
up, ...) answers differently somewhere; the comment beside a case says which do, and
`test_the_cases_tell_every_other_rounding_apart` checks that each misses at least one case.
Nothing is monkeypatched: the values themselves tell the roundings apart.
"""

import ast
from decimal import (
    ROUND_05UP,
    ROUND_CEILING,
    ROUND_DOWN,
    ROUND_FLOOR,
    ROUND_HALF_DOWN,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    ROUND_UP,
    Decimal,
)
from pathlib import Path

import pytest

from camp.tests.test_import_directions import APPS
from changes.services import enrolment_cancellation_preview
from checkout.pricing import Adjustment, Quote, price_checkout
from payments.models import (
    CreditEntry,
    Kind,
    MultiClassDiscount,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    PromoCode,
    Scholarship,
    SiblingDiscount,
)
from payments.money import (
    cents,
    in_cents,
    percent_of,
    plan_deposit,
    plan_instalments,
    shared,
)
from payments.refund_policy import RefundTerms, RefundTier
from plans.schedule import plan_schedule
from testing.factories import ChildFactory, PaymentFactory
from testing.seasons import a_season, a_season_class

D = Decimal
CENT = D("0.01")
ROUNDINGS = [
    ROUND_HALF_UP,
    ROUND_HALF_EVEN,
    ROUND_HALF_DOWN,
    ROUND_DOWN,
    ROUND_UP,
    ROUND_CEILING,
    ROUND_FLOOR,
    ROUND_05UP,
]

# To the cent, a half cent up: (amount, rounded).
CENTS = [
    ("0.005", "0.01"),  # half-even, half-down, truncation: 0.00
    ("0.015", "0.02"),  # half-down, truncation, 05up: 0.01
    ("0.025", "0.03"),  # half-even: 0.02
    ("0.014", "0.01"),  # up, ceiling: 0.02
]
# 10% of each, a half cent up: (amount, the percentage).
TEN_PERCENT = [
    ("45.25", "4.53"),  # 4.525: half-even, half-down, truncation, 05up: 4.52
    ("45.15", "4.52"),  # 4.515: half-down, truncation: 4.51
    ("45.17", "4.52"),  # 4.517: truncation: 4.51
    ("45.12", "4.51"),  # 4.512: up, ceiling: 4.52
]
# A 25% deposit, a half cent to the even cent: (amount, deposit).
DEPOSIT = [
    ("100.02", "25.00"),  # 25.005: half-up, up, ceiling, 05up: 25.01
    ("100.06", "25.02"),  # 25.015: half-down, truncation: 25.01
    ("100.03", "25.01"),  # 25.0075: truncation: 25.00
]
# What a deposit leaves, in instalments cut down to the cent, the last taking the rest.
INSTALMENTS = [
    ("200.00", 3, ["66.66", "66.66", "66.68"]),  # 66.666...: half-up, up: 66.67, 66.67, 66.66
    ("75.01", 2, ["37.50", "37.51"]),  # 37.505: half-up, half-even, 05up: 37.51, 37.50
    ("100.00", 3, ["33.33", "33.33", "33.34"]),  # the rest on the first: 33.34, 33.33, 33.33
]
# A refund tier's percentage of what was paid, a half cent up: (percent, paid, refund).
REFUND = [
    (50, "45.55", "22.78"),  # 22.775: half-down, truncation, 05up: 22.77
    (50, "45.45", "22.73"),  # 22.725: half-even: 22.72
    (30, "45.51", "13.65"),  # 13.653: up, ceiling: 13.66
]
# A refund taken as credit with a 10% bonus, a half cent up: (refund, credit).
CREDIT_BONUS = [
    ("0.05", "0.06"),  # bonus 0.005: half-even, half-down, truncation: 0.00
    ("12.25", "13.48"),  # bonus 1.225: half-even, 05up: 1.22
    ("45.15", "49.67"),  # bonus 4.515: half-down: 4.51
    ("45.12", "49.63"),  # bonus 4.512: up, ceiling: 4.52
]


class TestTheRules:
    @pytest.mark.parametrize(("amount", "rounded"), CENTS)
    def test_cents_rounds_a_half_cent_up(self, amount, rounded):
        assert cents(D(amount)) == D(rounded)

    def test_in_cents_counts_whole_cents_a_half_cent_up(self):
        assert [in_cents(D(amount)) for amount, _ in CENTS] == [1, 2, 3, 1]
        assert in_cents(D("45.505")) == 4551

    @pytest.mark.parametrize(("amount", "percentage"), TEN_PERCENT)
    def test_percent_of_rounds_a_half_cent_up(self, amount, percentage):
        assert percent_of(D(amount), D(10)) == D(percentage)

    @pytest.mark.parametrize(("amount", "deposit"), DEPOSIT)
    def test_plan_deposit_rounds_a_half_cent_to_the_even_cent(self, amount, deposit):
        assert plan_deposit(D(amount), D(25)) == D(deposit)

    @pytest.mark.parametrize(("rest", "count", "parts"), INSTALMENTS)
    def test_plan_instalments_are_cut_down_the_last_taking_the_rest(self, rest, count, parts):
        assert plan_instalments(D(rest), count) == [D(part) for part in parts]

    @pytest.mark.parametrize(("refund", "credit"), CREDIT_BONUS)
    def test_a_credit_bonus_is_a_percentage_a_half_cent_up(self, refund, credit):
        assert D(refund) + percent_of(D(refund), D(10)) == D(credit)

    @pytest.mark.parametrize(
        ("total", "weights", "shares"),
        [
            # 0.025 each. Half-even, half-down, truncation, 05up: 0.02 then 0.03; the rest
            # on the first line: 0.02 then 0.03.
            ("0.05", ["45.00", "45.00"], ["0.03", "0.02"]),
            # 0.075 each. Half-down, truncation, 05up: 0.07 then 0.08.
            ("0.15", ["45.00", "45.00"], ["0.08", "0.07"]),
            # 0.333... each. Up, ceiling: 0.34, 0.34, 0.32; the rest on the first: 0.34 first.
            ("1.00", ["45.00", "45.00", "45.00"], ["0.33", "0.33", "0.34"]),
            # 0.00666... each. Truncation: 0.00, 0.00, 0.02; the rest on the first: 0.00 first.
            ("0.02", ["45.00", "45.00", "45.00"], ["0.01", "0.01", "0.00"]),
            # The last has nothing to give back, so the one before it does. Truncation, 05up:
            # 0.07, 0.07, 0.07, 0.02.
            ("0.23", ["1.00", "1.00", "1.00", "0.03"], ["0.08", "0.08", "0.07", "0.00"]),
            # Never more than the weights come to; nothing of nothing.
            ("10.00", ["1.00", "1.00", "1.00"], ["1.00", "1.00", "1.00"]),
            ("0.00", ["1.00", "1.00"], ["0.00", "0.00"]),
        ],
    )
    def test_shared_is_in_proportion_the_rounding_put_right_on_the_last_line(
        self, total, weights, shares
    ):
        assert shared(D(total), [D(weight) for weight in weights]) == [D(s) for s in shares]


@pytest.mark.parametrize(
    ("rule", "cases"),
    [
        (ROUND_HALF_UP, [(D(amount), D(rounded)) for amount, rounded in CENTS]),
        (ROUND_HALF_UP, [(D(amount) / 10, D(off)) for amount, off in TEN_PERCENT]),
        (ROUND_HALF_EVEN, [(D(amount) / 4, D(deposit)) for amount, deposit in DEPOSIT]),
        (ROUND_DOWN, [(D(rest) / count, D(parts[0])) for rest, count, parts in INSTALMENTS]),
        (ROUND_HALF_UP, [(D(paid) * p / 100, D(refund)) for p, paid, refund in REFUND]),
        (
            ROUND_HALF_UP,
            [(D(refund) / 10, D(credit) - D(refund)) for refund, credit in CREDIT_BONUS],
        ),
    ],
    ids=["cents", "percent_of", "plan_deposit", "plan_instalments", "refund", "credit_bonus"],
)
def test_the_cases_tell_every_other_rounding_apart(rule, cases):
    assert [exact.quantize(CENT, rounding=rule) for exact, _ in cases] == [
        answer for _, answer in cases
    ]
    # Amounts here are never below nothing, where rounding toward the floor is truncation.
    others = [r for r in ROUNDINGS if r != rule and {r, rule} != {ROUND_FLOOR, ROUND_DOWN}]
    for other in others:
        answers = [exact.quantize(CENT, rounding=other) for exact, _ in cases]
        assert answers != [answer for _, answer in cases], f"{other} gives the same answers"


@pytest.fixture
def summer():
    """A season with no price rules of its own."""
    return a_season(name="Half-cent summer")


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia")


def checkout(family, child, season, prices, **options):
    classes = [a_season_class(season, price, week=week) for week, price in enumerate(prices)]
    return price_checkout(family, [(child, camp_class) for camp_class in classes], **options)


@pytest.mark.django_db
class TestThroughThePricing:
    @pytest.mark.parametrize(
        ("adjustments", "due"),
        [
            # 9.985: half-even, half-down, truncation: 9.98.
            (["-0.015"], "9.99"),
            # 9.995: half-down, truncation: 9.99.
            (["-0.005"], "10.00"),
            # 10.004: up, ceiling: 10.01.
            (["0.001", "0.003"], "10.00"),
        ],
    )
    def test_a_lines_amount_due_rounds_a_half_cent_up(self, adjustments, due):
        quote = Quote(
            list_price=D("10.00"),
            adjustments=tuple(Adjustment(Kind.OTHER, "Tests only", D(a)) for a in adjustments),
        )

        assert (quote.amount_due, quote.amount_due_cents) == (D(due), in_cents(D(due)))

    @pytest.mark.parametrize("kind", [Kind.CODE, Kind.SCHOLARSHIP])
    def test_a_percentage_off_each_line_rounds_a_half_cent_up(self, family, mia, summer, kind):
        if kind == Kind.CODE:
            PromoCode.objects.create(season=summer, code="TENOFF", percent=D(10))
        else:
            Scholarship.objects.create(season=summer, family=family, percent=D(10))

        quote = checkout(
            family,
            mia,
            summer,
            [amount for amount, _ in TEN_PERCENT],
            promo_code="tenoff" if kind == Kind.CODE else "",
        )

        assert [line.of_kind(kind) for line in quote.lines] == [-D(off) for _, off in TEN_PERCENT]

    def test_a_sibling_discount_rounds_a_half_cent_up(self, family, mia, summer):
        SiblingDiscount.objects.create(season=summer, second_percent=D(10), third_percent=D(10))
        leo = ChildFactory(account=family, first_name="Leo")
        pottery, weaving = a_season_class(summer, "60.00"), a_season_class(summer, "45.25")

        quote = price_checkout(family, [(mia, pottery), (leo, weaving)])

        # 4.525: half-even, half-down, truncation: 4.52.
        assert [line.of_kind(Kind.SIBLING) for line in quote.lines] == [D("0.00"), D("-4.53")]

    def test_a_multi_class_discount_rounds_a_half_cent_up(self, family, mia, summer):
        MultiClassDiscount.objects.create(season=summer, nth=2, percent=D(10))

        quote = checkout(family, mia, summer, ["60.00", "45.15"])

        # 4.515: half-down, truncation: 4.51.
        assert [line.of_kind(Kind.MULTI_CLASS) for line in quote.lines] == [
            D("0.00"),
            D("-4.52"),
        ]

    @pytest.mark.parametrize("kind", [Kind.CODE, Kind.SCHOLARSHIP, Kind.CREDIT])
    @pytest.mark.parametrize(
        ("amount", "prices", "shares"),
        [
            # Half-even, half-down, truncation, or the rest on the first line: 0.02 then 0.03.
            ("0.05", ["45.00", "45.00"], ["0.03", "0.02"]),
            # Up: 0.34, 0.34, 0.32; the rest on the first line: 0.34, 0.33, 0.33.
            ("1.00", ["45.00", "45.00", "45.00"], ["0.33", "0.33", "0.34"]),
            # Truncation: 0.00, 0.00, 0.02.
            ("0.02", ["45.00", "45.00", "45.00"], ["0.01", "0.01", "0.00"]),
        ],
    )
    def test_an_amount_shared_by_lines_puts_the_rounding_right_on_the_last(
        self, family, mia, summer, kind, amount, prices, shares
    ):
        options = {}
        if kind == Kind.CODE:
            PromoCode.objects.create(season=summer, code="SHARED", amount=D(amount))
            options["promo_code"] = "shared"
        elif kind == Kind.SCHOLARSHIP:
            Scholarship.objects.create(season=summer, family=family, amount=D(amount))
        else:
            CreditEntry.objects.create(family=family, amount=D(amount), reason="Tests only")
            options["apply_credit"] = True

        quote = checkout(family, mia, summer, prices, **options)

        assert [line.of_kind(kind) for line in quote.lines] == [-D(share) for share in shares]


@pytest.mark.django_db
class TestThroughAPlan:
    @pytest.mark.parametrize(
        ("amount", "deposit", "instalments"),
        [
            # Deposit 25.005. Half-up: 25.01, then 25.00, 25.00, 25.01.
            ("100.02", "25.00", ["25.00", "25.00", "25.02"]),
            # Deposit 25.015. Half-down, truncation: 25.01, then 25.01, 25.01, 25.03.
            ("100.06", "25.02", ["25.01", "25.01", "25.02"]),
            # Instalments 33.333... Up: 33.34, 33.34, 33.32.
            ("133.33", "33.33", ["33.33", "33.33", "33.34"]),
        ],
    )
    def test_a_plans_deposit_goes_to_the_even_cent_and_its_last_instalment_takes_the_rest(
        self, summer, amount, deposit, instalments
    ):
        plan = PaymentPlan.objects.create(label="25% now", season=summer, deposit_percent=D(25))
        for days in (45, 30, 14):
            PaymentPlanDue.objects.create(plan=plan, days_before=days)
        camp_class = a_season_class(summer, amount)

        schedule = plan_schedule(plan, camp_class, D(amount))

        assert schedule.deposit == D(deposit)
        assert [part.amount for part in schedule.instalments] == [D(i) for i in instalments]
        assert schedule.deposit + sum(part.amount for part in schedule.instalments) == D(amount)


class TestThroughARefund:
    @pytest.mark.parametrize(("percent", "paid", "refund"), REFUND)
    def test_a_partial_tier_rounds_a_half_cent_up(self, percent, paid, refund):
        terms = RefundTerms(partial_refund_percent=percent)

        assert terms.refund_for(paid=D(paid), tier=RefundTier.PARTIAL) == D(refund)

    @pytest.mark.django_db
    @pytest.mark.parametrize(("refund", "credit"), CREDIT_BONUS)
    def test_the_cancellation_quotes_the_credit_bonus_a_half_cent_up(
        self, settings, family, mia, summer, refund, credit
    ):
        settings.CREDIT_REFUND_BONUS_PERCENT = D(10)
        payment = PaymentFactory(
            student=family,
            participant=mia,
            camp_class=a_season_class(summer, refund),
            status=PaymentStatus.ENROLLED,
        )

        quote = enrolment_cancellation_preview(student=family, enrolment_id=payment.enrolment_id)

        # Weeks before the first meeting: everything paid comes back, and the bonus on it.
        assert (quote.tier, quote.refund) == (RefundTier.FULL, D(refund))
        assert quote.credit_amount == D(credit)


ROOT = Path(__file__).resolve().parents[2]
# The product's Python: every app and the project package (tests and migrations apart).
PRODUCT = [*APPS, "camp"]
THE_ONE_HOME = Path("payments") / "money.py"
# Reading a decimal column back at its declared places is the column's shape, not a money rule.
NOT_MONEY = {(Path("core") / "prepared.py", "number.quantize(places)")}
# What changes how a Decimal rounds: a quantize, a rounding mode, the decimal context.
CONTEXT = {"getcontext", "setcontext", "localcontext"}


def _watched(name: str) -> bool:
    return name == "quantize" or name.startswith("ROUND_") or name in CONTEXT


def _name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def rounding_outside_money(root: Path = ROOT) -> list[str]:
    """Each `quantize`, rounding mode (`ROUND_*`) or reach for the decimal context in the
    product's code outside `payments/money.py`, as written."""
    found = []
    for directory in PRODUCT:
        for path in sorted((root / directory).rglob("*.py")):
            where = path.relative_to(root)
            if where == THE_ONE_HOME or {"migrations", "tests"} & set(where.parts):
                continue
            shown, called = [], set()
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if isinstance(node, ast.Call) and _watched(_name_of(node.func) or ""):
                    called.add(id(node.func))
                    shown.append((node.lineno, ast.unparse(node)))
                elif isinstance(node, ast.Import | ast.ImportFrom):
                    if any(_watched(alias.name) for alias in node.names):
                        shown.append((node.lineno, ast.unparse(node)))
                elif _watched(_name_of(node) or "") and id(node) not in called:
                    shown.append((node.lineno, ast.unparse(node)))
            found += [
                f"{where}:{line} {text}"
                for line, text in sorted(shown)
                if (where, text) not in NOT_MONEY
            ]
    return found


def test_money_is_rounded_nowhere_but_in_payments_money():
    assert (ROOT / THE_ONE_HOME).exists()
    assert rounding_outside_money() == []


def test_the_walk_finds_rounding_written_again(tmp_path):
    (tmp_path / "changes" / "services").mkdir(parents=True)
    (tmp_path / "changes" / "services" / "transfers.py").write_text(
        "from decimal import ROUND_HALF_EVEN, Decimal\n"
        "fee = (price * 3 / 100).quantize(Decimal('0.01'), ROUND_HALF_EVEN)\n"
    )
    (tmp_path / "payments").mkdir()
    (tmp_path / "payments" / "money.py").write_text("cent = amount.quantize(CENT)\n")
    (tmp_path / "payments" / "tests").mkdir()
    (tmp_path / "payments" / "tests" / "test_fees.py").write_text("x = y.quantize(CENT)\n")
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "prepared.py").write_text(
        "number.quantize(places)\nimport decimal\ndecimal.getcontext().rounding = 'x'\n"
    )

    assert rounding_outside_money(tmp_path) == [
        "core/prepared.py:3 decimal.getcontext()",
        "changes/services/transfers.py:1 from decimal import ROUND_HALF_EVEN, Decimal",
        "changes/services/transfers.py:2 (price * 3 / 100).quantize(Decimal('0.01'), "
        "ROUND_HALF_EVEN)",
        "changes/services/transfers.py:2 ROUND_HALF_EVEN",
    ]
