"""A season's day camp in tests: a class sold by the week (or the day), approved with its units,
and the season's after-care, made by the services that make them (`classes.series`)."""

from datetime import time, timedelta
from decimal import Decimal

from accounts.models import Role
from classes.models import Booking, Class, ClassStatus, ExtendedCare, Season
from classes.series import extended_care_offer, units_follow_series
from testing.factories import UserFactory, scheduled_class

WEEKDAYS = (0, 1, 2, 3, 4)


def a_day_camp(
    season: Season,
    price: str = "200.00",
    *,
    weeks: int = 2,
    booking: str = Booking.WEEKS,
    name: str = "Art Explorers",
    seats: int = 10,
) -> Class:
    """Every weekday from 9:00 to 15:00 for `weeks` weeks from the season's first Monday (or
    its first day, a Monday), sold by the week or the day at `price` a unit."""
    monday = season.starts_on + timedelta(days=(7 - season.starts_on.weekday()) % 7)
    series = scheduled_class(
        start=monday,
        end=monday + timedelta(weeks=weeks, days=-3),
        days=WEEKDAYS,
        hours=(time(9), time(15)),
        price=Decimal(price),
        seats=seats,
        season=season,
        booking=booking,
        name=name,
    )
    units_follow_series(series_id=series.pk, status=ClassStatus.APPROVED)
    return series


def units_of(series: Class) -> list[Class]:
    return list(series.units.order_by("start_date"))


def after_care(
    season: Season,
    *,
    per_day: str = "25.00",
    per_week: str | None = "100.00",
    seats: int = 10,
    label: str = "After-care",
) -> ExtendedCare:
    """The season's after-care, 15:00 to 18:00 each day its units meet."""
    return extended_care_offer(
        season=season,
        kind="after",
        label=label,
        start_time=time(15),
        end_time=time(18),
        price_per_day=Decimal(per_day),
        price_per_week=Decimal(per_week) if per_week else None,
        seats=seats,
        led_by=UserFactory(role=Role.INSTRUCTOR, name="Jo Park"),
    )


def care_days_of(option: ExtendedCare, unit: Class) -> list[Class]:
    """The option's days in the unit's days."""
    return list(
        option.days.filter(start_date__gte=unit.start_date, start_date__lte=unit.end_date).order_by(
            "start_date"
        )
    )
