"""Seasons in tests: one whose dates and registration are counted from the test's own now."""

from datetime import time, timedelta
from decimal import Decimal

from django.conf import settings
from django.utils import timezone

from classes.models import Allocation, Class, Season
from core.school_time import school_today
from testing.factories import scheduled_class


def a_season(
    name: str = "Summer",
    *,
    opens_in: timedelta = -timedelta(days=1),
    early_by: timedelta | None = None,
    starts_in_days: int = 60,
    days: int = 60,
    **fields,
) -> Season:
    """Registration opens `opens_in` from now (open a day ago by default) and closes the day
    before the season's first day, unless `closes_at` is given; early access `early_by` before
    the opening."""
    today = school_today()
    opens_at = timezone.now() + opens_in
    starts_on = fields.pop("starts_on", today + timedelta(days=starts_in_days))
    return Season.objects.create(
        name=name,
        starts_on=starts_on,
        ends_on=fields.pop("ends_on", starts_on + timedelta(days=days)),
        opens_at=opens_at,
        closes_at=fields.pop("closes_at", max(opens_at, timezone.now()) + timedelta(days=30)),
        early_access_opens_at=opens_at - early_by if early_by else None,
        **fields,
    )


def a_season_class(season: Season, price: str, *, week: int = 0, **fields) -> Class:
    """A morning class of the season at `price`, on the Monday `week` weeks after its first."""
    first_monday = season.starts_on + timedelta(days=7 - season.starts_on.weekday())
    day = first_monday + timedelta(weeks=week)
    return scheduled_class(
        start=day,
        end=day,
        days=(day.weekday(),),
        hours=(time(9), time(12)),
        price=Decimal(price),
        season=season,
        **fields,
    )


def a_lottery_season(
    name: str = "Lottery summer",
    *,
    wishes_opened: timedelta = timedelta(days=1),
    wishes_close_in: timedelta = timedelta(days=7),
    **fields,
) -> Season:
    """A season whose seats go by a draw: wishes opened `wishes_opened` ago and close
    `wishes_close_in` from now, the draw a day after they close, registration for all (the
    draw's leftovers) once its payment window is over."""
    now = timezone.now()
    close = now + wishes_close_in
    return a_season(
        name,
        opens_in=wishes_close_in + timedelta(days=2 + settings.LOTTERY_PAYMENT_DAYS),
        allocation=Allocation.LOTTERY,
        wishes_open_at=now - wishes_opened,
        wishes_close_at=close,
        draw_at=close + timedelta(days=1),
        **fields,
    )
