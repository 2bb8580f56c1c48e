"""Classes sold by the week or the day in tests, and a season's extended care, dated from the
season (`testing.seasons`), so from the clock."""

from datetime import time, timedelta
from decimal import Decimal

from accounts.models import Role
from classes.models import Booking, CareKind, Class, ClassStatus, ExtendedCare, Season
from classes.series import extended_care_offer, units_follow_series
from testing.factories import UserFactory, scheduled_class


def a_week_series(
    season: Season,
    price: str,
    *,
    weeks: int = 3,
    seats: int = 10,
    booking: str = Booking.WEEKS,
    from_week: int = 0,
    name: str = "Day Camp",
    **fields,
) -> Class:
    """A day camp approved for families, Monday to Friday 9 to 3, for `weeks` weeks from the
    season's first Monday (`from_week` weeks on), bought by the week (or the day) at `price`
    each, with `seats` seats each."""
    first_monday = season.starts_on + timedelta(days=7 - season.starts_on.weekday())
    start = first_monday + timedelta(weeks=from_week)
    series = scheduled_class(
        start=start,
        end=start + timedelta(weeks=weeks - 1, days=4),
        days=(0, 1, 2, 3, 4),
        hours=(time(9), time(15)),
        price=Decimal(price),
        seats=seats,
        season=season,
        booking=booking,
        name=name,
        **fields,
    )
    units_follow_series(series_id=series.pk, status=ClassStatus.APPROVED)
    return series


def units_of(series: Class) -> list[Class]:
    return list(series.units.order_by("start_date"))


def after_care(
    season: Season, *, price_per_day: str = "15.00", seats: int = 10, price_per_week=None
) -> ExtendedCare:
    """After-care, 3 to 6, each day the season's units meet."""
    return extended_care_offer(
        season=season,
        kind=CareKind.AFTER,
        label="After-care",
        start_time=time(15),
        end_time=time(18),
        price_per_day=Decimal(price_per_day),
        price_per_week=Decimal(price_per_week) if price_per_week else None,
        seats=seats,
        led_by=UserFactory(role=Role.INSTRUCTOR, name="Jo Carter"),
    )


def care_days_of(option: ExtendedCare, unit: Class) -> list[Class]:
    """The option's days that fall on the unit's days."""
    days = unit.meetings.filter(cancelled=False).values_list("day", flat=True)
    return list(option.days.filter(start_date__in=days).order_by("start_date"))
