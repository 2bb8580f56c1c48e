"""What the front desk reads: its log, and a day's takings."""

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import QuerySet

from accounts.models import User
from core.school_time import school_timezone
from front_desk.models import DayClose, DeskAction
from payments.models import Checkout, CheckoutStatus, PaidWith

ZERO = Decimal("0.00")


def desk_log_for(*, viewer: User, family_id: int | None = None) -> QuerySet[DeskAction]:
    """The log, newest first: an admin's all of it (or one family's); a family's only its own."""
    entries = DeskAction.objects.select_related("actor", "family")
    if not viewer.is_admin:
        return entries.filter(family=viewer)
    return entries.filter(family_id=family_id) if family_id else entries


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    """The day at the school, from its midnight to the next."""
    start = datetime.combine(day, time.min, tzinfo=school_timezone())
    return start, start + timedelta(days=1)


@dataclass(frozen=True)
class Taking:
    at: datetime
    checkout_id: int
    family: User
    method: str
    amount: Decimal
    reference: str


@dataclass(frozen=True)
class DayTakings:
    day: date
    takings: list[Taking]
    closed: DayClose | None
    by_method: dict[str, Decimal] = field(default_factory=dict)

    @property
    def total(self) -> Decimal:
        return sum(self.by_method.values(), ZERO)


def day_takings(day: date) -> DayTakings:
    """What the desk took on `day` (at the school): each checkout it was paid at, by card typed
    there, in cash or by cheque (`Checkout.paid_with`; a checkout the family paid online from
    the desk's link is the family's own), and the day's close if it was closed."""
    start, end = _day_bounds(day)
    paid = (
        Checkout.objects.filter(
            opened_by__isnull=False,
            status=CheckoutStatus.PAID,
            paid_at__gte=start,
            paid_at__lt=end,
        )
        .exclude(paid_with="")
        .select_related("family")
        .order_by("paid_at", "id")
    )
    takings = [
        Taking(
            at=checkout.paid_at,
            checkout_id=checkout.pk,
            family=checkout.family,
            method=checkout.paid_with,
            amount=checkout.total or ZERO,
            reference=checkout.paid_reference,
        )
        for checkout in paid
    ]
    by_method = dict.fromkeys(PaidWith.values, ZERO)
    for taking in takings:
        by_method[taking.method] += taking.amount
    return DayTakings(
        day=day,
        takings=takings,
        closed=DayClose.objects.select_related("closed_by").filter(day=day).first(),
        by_method=by_method,
    )
