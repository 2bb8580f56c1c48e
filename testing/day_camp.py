"""A season's day camp in tests: a series sold by the week or the day over a season's first
weeks, approved with its units, and extended care offered on its days; children booked on weeks
and days of care as a checkout leaves them (a seat in each, each with its payment)."""

from datetime import date, datetime, time, timedelta
from decimal import Decimal

from accounts.models import Role, User
from classes.models import Booking, CareKind, Class, ClassStatus, ExtendedCare, Season
from classes.series import extended_care_offer, units_follow_series
from classes.services import class_create
from testing.dates import SCHOOL
from testing.factories import PaymentFactory, UserFactory


def day_camp_season(first_monday: date, *, weeks: int = 2) -> Season:
    """A season of `weeks` weeks from a Monday, its registration closed the day before."""
    return Season.objects.create(
        name="Day camp summer",
        starts_on=first_monday,
        ends_on=first_monday + timedelta(weeks=weeks),
        opens_at=datetime.combine(first_monday - timedelta(days=90), time(12), SCHOOL),
        closes_at=datetime.combine(first_monday - timedelta(days=1), time(12), SCHOOL),
    )


def a_day_camp(
    season: Season,
    price: str = "200.00",
    *,
    booking: str = Booking.WEEKS,
    weeks: int = 5,
    seats: int = 10,
    name: str = "Art Explorers",
    from_week: int = 0,
    **details,
) -> Class:
    """Monday to Friday, 9:00 to 15:00, for `weeks` weeks from the season's first Monday
    (`from_week` weeks on), sold by `booking`, approved; `price` and `seats` are each week's or
    day's."""
    first_monday = season.starts_on + timedelta(
        days=(7 - season.starts_on.weekday()) % 7, weeks=from_week
    )
    series = class_create(
        instructor=details.pop("instructor", None) or UserFactory(role=Role.INSTRUCTOR),
        name=name,
        image="https://images.camp.test/classes/day-camp.jpg",
        price=Decimal(price),
        seats=seats,
        booking=booking,
        season=season,
        start_date=first_monday,
        end_date=first_monday + timedelta(weeks=weeks - 1, days=4),
        meeting_days=[0, 1, 2, 3, 4],
        start_time=time(9),
        end_time=time(15),
        **details,
    )
    Class.objects.filter(pk=series.pk).update(status=ClassStatus.APPROVED)
    units_follow_series(series_id=series.pk, status=ClassStatus.APPROVED)
    series.refresh_from_db()
    return series


def units(series: Class) -> list[Class]:
    return list(series.units.order_by("start_date"))


def after_care(
    season: Season,
    *,
    per_day: str = "25.00",
    per_week: str | None = "100.00",
    seats: int = 10,
    led_by: User | None = None,
) -> ExtendedCare:
    return extended_care_offer(
        season=season,
        kind=CareKind.AFTER,
        label="After-care",
        start_time=time(15),
        end_time=time(18),
        price_per_day=Decimal(per_day),
        price_per_week=Decimal(per_week) if per_week else None,
        seats=seats,
        led_by=led_by or UserFactory(role=Role.INSTRUCTOR, name="Rosa Lind"),
    )


def before_care(
    season: Season, *, per_day: str = "15.00", seats: int = 10, led_by: User | None = None
) -> ExtendedCare:
    return extended_care_offer(
        season=season,
        kind=CareKind.BEFORE,
        label="Before-care",
        start_time=time(7, 30),
        end_time=time(9),
        price_per_day=Decimal(per_day),
        price_per_week=Decimal("60.00"),
        seats=seats,
        led_by=led_by or UserFactory(role=Role.INSTRUCTOR, name="Sam Ortega"),
    )


def care_day(option: ExtendedCare, day: date) -> Class:
    """The option's day of care on `day` (a `Class` row)."""
    return option.days.get(start_date=day)


def booked(parent: User, child, *classes: Class) -> None:
    """The child holds a seat in each of these rows (weeks, days, days of care), each paid."""
    for camp_class in classes:
        PaymentFactory(student=parent, participant=child, camp_class=camp_class, status="enrolled")


def care_days_of(option: ExtendedCare, unit: Class) -> list[Class]:
    """The option's days of care in the unit's days, in order."""
    return list(
        option.days.filter(start_date__gte=unit.start_date, start_date__lte=unit.end_date).order_by(
            "start_date"
        )
    )
