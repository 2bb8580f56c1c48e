"""The season's money, for the school's dashboard (`camp.reports`): what was sold and how its
price was reached, what the card was charged and given back, and the instalments still to come.

Two kinds of figure, kept apart:

- Sales, by when a seat was bought (`Payment.date`): the list prices and the add-ons bought with
  the seats (`AddOnPurchase`; gross), each kind of discount the family read
  (`Payment.adjustments`), what account credit paid, and what a plan left for later. The money
  by kind shows the add-ons' gross apart from the classes' and extended care's, whose card money
  they are paid with.
- Card money, by when it moved, so that `net` is what the card processor shows for the same
  days, to the cent: the ledger's card charges (each payment's own share of a charge, each
  instalment or move paid by card) less its refunds to the card, made (`payments.services.ledger`).

A charge the school gave back at once without putting it on record (a second charge for one
checkout, a class gone before the seat was taken) nets to nothing at Stripe and is in neither.
Each figure is an aggregate query; the adjustments' kinds are read out of their JSON by the
database.
"""

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.db import connection
from django.db.models import (
    Case,
    Count,
    DecimalField,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, TruncWeek

from classes.models import Season
from core.school_time import school_timezone, school_today
from payments.models import (
    MONEY_IN,
    MONEY_OUT,
    AddOnPurchase,
    CreditEntry,
    Instalment,
    InstalmentStatus,
    Kind,
    LedgerEntry,
    LedgerKind,
    Payment,
)
from payments.selectors import MONEY_BACK_MADE

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
MONEY = DecimalField(max_digits=12, decimal_places=2)
# The adjustments' kinds the school prices with, as the report names them; any other (a test's
# own rule) is "other", and account credit is its own figure.
ADJUSTMENT_KINDS = {
    Kind.EARLY_BIRD: "earlyBird",
    Kind.SIBLING: "sibling",
    Kind.MULTI_CLASS: "multiClass",
    Kind.MULTI_WEEK: "multiWeek",
    Kind.WEEKLY_CARE: "weeklyCare",
    Kind.CODE: "code",
    Kind.SCHOLARSHIP: "scholarship",
}
OTHER = "other"
# What a payment bought, as the money's breakdown by kind names it.
CLASSES = "classes"
EXTENDED_CARE = "extendedCare"
ADD_ONS = "addOns"
# Instalments the family still owes: not yet paid, and not called off.
STILL_OWED = (InstalmentStatus.DUE, InstalmentStatus.FAILED)


@dataclass(frozen=True)
class Period:
    """School days `start` to `end`, both in, as the moments they begin and end."""

    start: date
    end: date

    @property
    def begins(self) -> datetime:
        return datetime.combine(self.start, datetime.min.time(), tzinfo=school_timezone())

    @property
    def ends(self) -> datetime:
        after = self.end + timedelta(days=1)
        return datetime.combine(after, datetime.min.time(), tzinfo=school_timezone())

    def holds(self, moment: str) -> Q:
        return Q(**{f"{moment}__gte": self.begins, f"{moment}__lt": self.ends})


@dataclass
class MoneyLine:
    """One row of money: the whole season's, a week's or a category's."""

    gross: Decimal = ZERO
    # Every reduction of the list prices: the adjustments and credit spent together.
    reductions: Decimal = ZERO
    charged: Decimal = ZERO
    refunds: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.charged - self.refunds


@dataclass(frozen=True)
class SeasonMoney:
    total: MoneyLine
    adjustments: dict[str, Decimal]
    credit_spent: Decimal
    plan_later: Decimal
    instalments_paid: Decimal
    credit_issued: Decimal
    by_week: dict[date, MoneyLine] = field(default_factory=dict)
    by_category: dict[str, MoneyLine] = field(default_factory=dict)
    # Classes (whole, or a week or a day of one) apart from extended care.
    by_kind: dict[str, MoneyLine] = field(default_factory=dict)


def _sum(expression, *, where: Q | None = None) -> Coalesce:
    """The rows' `expression` added up (those `where` holds, if given); 0 for none."""
    total = Sum(expression, filter=where, output_field=MONEY)
    return Coalesce(total, Value(ZERO), output_field=MONEY)


def _payments(season: Season) -> QuerySet[Payment]:
    return Payment.objects.filter(camp_class__season=season).order_by()


def _by_week_and_category(rows: QuerySet, moment: str, relation: str = "", **sums) -> list:
    """`sums` of the rows for each week (the Monday, on the school's calendar, of `moment`), each
    category ("" for none) and each kind (a class, or extended care) together: one pass over the
    rows answers every breakdown."""
    category = Coalesce(F(f"{relation}camp_class__category__name"), Value(""))
    bought = Case(
        When(
            **{f"{relation}camp_class__extended_care__isnull": False},
            then=Value(EXTENDED_CARE),
        ),
        default=Value(CLASSES),
    )
    return list(
        rows.annotate(
            week=TruncWeek(moment, tzinfo=school_timezone()), category=category, bought=bought
        )
        .values("week", "category", "bought")
        .annotate(**{name: _sum(expression) for name, expression in sums.items()})
        .order_by()
    )


def _sales(season: Season, period: Period) -> QuerySet[Payment]:
    return _payments(season).filter(period.holds("date"))


def _card_money(season: Season, period: Period) -> QuerySet[LedgerEntry]:
    """The season's card charges and refunds that moved in the period, from the ledger: a refund
    once made at Stripe (one the school made at once has no refund on record)."""
    return LedgerEntry.objects.filter(
        kind__in=(LedgerKind.CHARGE, LedgerKind.REFUND), payment__camp_class__season=season
    ).filter(MONEY_BACK_MADE, period.holds("at"))


def _money_lines(season: Season, period: Period):
    """The season's money by (week, category): three aggregate queries. With it, what a plan
    left for later and what instalments paid, which come out of the same passes."""
    lines: dict[tuple, MoneyLine] = {}
    plan_later = instalments_paid = ZERO

    def add(rows: list) -> None:
        for row in rows:
            group = (_as_day(row["week"]), row["category"], row["bought"])
            line = lines.setdefault(group, MoneyLine())
            for name in ("gross", "reductions", "charged", "refunds"):
                setattr(line, name, getattr(line, name) + row.get(name, ZERO))
            if row.get("add_ons"):
                lines.setdefault((*group[:2], ADD_ONS), MoneyLine()).gross += row["add_ons"]

    due = Coalesce(F("plan_total"), F("price"), output_field=MONEY)
    listed = Coalesce(F("list_price"), F("price"), output_field=MONEY)
    bought = Coalesce(
        Subquery(
            AddOnPurchase.objects.filter(payment=OuterRef("pk"))
            .values("payment")
            .annotate(total=Sum("amount"))
            .values("total"),
            output_field=MONEY,
        ),
        Value(ZERO),
        output_field=MONEY,
    )
    sales = _by_week_and_category(
        _sales(season, period),
        "date",
        gross=listed,
        add_ons=bought,
        # The discounts and credit: what the list price and the add-ons came to, less what is due.
        reductions=ExpressionWrapper(listed + bought - due, output_field=MONEY),
        plan_later=Case(
            When(plan_total__isnull=False, then=F("plan_total") - F("price")), default=Value(ZERO)
        ),
    )
    add(sales)
    plan_later = sum((row["plan_later"] for row in sales), ZERO)
    card = _by_week_and_category(
        _card_money(season, period),
        "at",
        "payment__",
        charged=Case(When(kind=LedgerKind.CHARGE, then=F("amount")), default=Value(ZERO)),
        refunds=Case(When(kind=LedgerKind.REFUND, then=F("amount")), default=Value(ZERO)),
        instalments=Case(
            When(kind=LedgerKind.CHARGE, instalment__isnull=False, then=F("amount")),
            default=Value(ZERO),
        ),
    )
    add(card)
    instalments_paid = sum((row["instalments"] for row in card), ZERO)
    return lines, plan_later, instalments_paid


def _summed(lines: dict[tuple, MoneyLine], key) -> dict:
    totals: dict = {}
    for group, line in lines.items():
        total = totals.setdefault(key(group), MoneyLine())
        for name in ("gross", "reductions", "charged", "refunds"):
            setattr(total, name, getattr(total, name) + getattr(line, name))
    return totals


# The adjustments' amounts, kind by kind, read out of each payment's JSON list by the database.
_ADJUSTMENTS_SQL = {
    "postgresql": """
        SELECT adjustment->>'kind', SUM(ROUND((adjustment->>'amount')::numeric * 100))
        FROM payments_payment payment
        JOIN classes_class camp_class ON camp_class.id = payment.camp_class_id
        CROSS JOIN LATERAL jsonb_array_elements(payment.adjustments) adjustment
        WHERE camp_class.season_id = %s AND payment.date >= %s AND payment.date < %s
        GROUP BY 1
    """,
    "sqlite": """
        SELECT json_extract(adjustment.value, '$.kind'),
               SUM(ROUND(json_extract(adjustment.value, '$.amount') * 100))
        FROM payments_payment payment
        JOIN classes_class camp_class ON camp_class.id = payment.camp_class_id,
             json_each(payment.adjustments) adjustment
        WHERE camp_class.season_id = %s AND payment.date >= %s AND payment.date < %s
        GROUP BY 1
    """,
}


def _adjustments(season: Season, period: Period) -> dict[str, Decimal]:
    with connection.cursor() as cursor:
        moments = [
            connection.ops.adapt_datetimefield_value(m) for m in (period.begins, period.ends)
        ]
        cursor.execute(_ADJUSTMENTS_SQL[connection.vendor], [season.pk, *moments])
        by_kind = {kind: Decimal(int(cents)) * CENT for kind, cents in cursor.fetchall()}
    adjustments = dict.fromkeys([*ADJUSTMENT_KINDS.values(), OTHER], ZERO)
    for kind, amount in by_kind.items():
        if kind in (Kind.CREDIT, Kind.ADD_ON):
            # Credit is its own figure; an add-on is sold, not a discount (the gross has it).
            continue
        name = ADJUSTMENT_KINDS.get(kind, OTHER)
        adjustments[name] += amount
    adjustments[Kind.CREDIT] = by_kind.get(Kind.CREDIT, ZERO)
    return adjustments


def season_money(season: Season, period: Period) -> SeasonMoney:
    """The season's money in the period: its totals, by week, by category and by kind (classes,
    extended care). Four queries."""
    adjustments = _adjustments(season, period)
    credit_spent = -adjustments.pop(Kind.CREDIT)
    lines, plan_later, instalments_paid = _money_lines(season, period)
    return SeasonMoney(
        total=_summed(lines, lambda group: None).get(None, MoneyLine()),
        adjustments=adjustments,
        credit_spent=credit_spent,
        plan_later=plan_later,
        instalments_paid=instalments_paid,
        credit_issued=CreditEntry.objects.filter(payment__camp_class__season=season, amount__gt=0)
        .filter(period.holds("at"))
        .aggregate(issued=_sum("amount"))["issued"],
        by_week=_summed(lines, lambda group: group[0]),
        by_category=_summed(lines, lambda group: group[1]),
        by_kind=_summed(lines, lambda group: group[2]),
    )


def care_day_revenue(season: Season) -> dict[int, Decimal]:
    """What each of the season's days of extended care has brought in, by its class id: every
    card charge, credit spent, cash and cheque for it less what went back, made (the ledger,
    whenever it moved). One query."""
    money = Case(
        When(kind__in=MONEY_IN, then=F("amount")),
        When(kind__in=MONEY_OUT, then=-F("amount")),
        default=Value(ZERO),
    )
    rows = (
        LedgerEntry.objects.filter(
            payment__camp_class__season=season,
            payment__camp_class__extended_care__isnull=False,
        )
        .filter(MONEY_BACK_MADE)
        .values("payment__camp_class")
        .annotate(revenue=_sum(money))
        .order_by()
    )
    return {row["payment__camp_class"]: row["revenue"] for row in rows}


@dataclass(frozen=True)
class InstalmentsOwed:
    due_soon_count: int
    due_soon: Decimal
    overdue_count: int
    overdue: Decimal
    # The next days' instalments by the Monday of the week they fall due in.
    by_week: dict[date, tuple[int, Decimal]]


def instalments_owed(season: Season, *, within_days: int = 30) -> InstalmentsOwed:
    """The season's instalments still owed: due from today to `within_days` ahead, and overdue
    (their day past, still unpaid). Two queries."""
    today = school_today()
    owed = Instalment.objects.filter(
        payment__camp_class__season=season, status__in=STILL_OWED
    ).order_by()
    due_soon = Q(due_on__gte=today, due_on__lte=today + timedelta(days=within_days))
    overdue = Q(due_on__lt=today)
    figures = owed.aggregate(
        due_soon_count=Count("pk", filter=due_soon),
        due_soon=_sum("amount", where=due_soon),
        overdue_count=Count("pk", filter=overdue),
        overdue=_sum("amount", where=overdue),
    )
    weeks = (
        owed.filter(due_soon)
        .annotate(week=TruncWeek("due_on"))
        .values("week")
        .annotate(count=Count("pk"), amount=_sum("amount"))
        .order_by("week")
    )
    return InstalmentsOwed(
        **figures,
        by_week={_as_day(row["week"]): (row["count"], row["amount"]) for row in weeks},
    )


def _as_day(value) -> date:
    return value.date() if isinstance(value, datetime) else value
