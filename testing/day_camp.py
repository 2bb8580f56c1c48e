"""A day camp in tests: a class sold by the week (each week a unit of its own, `classes.series`),
in a season with before-care and after-care, and children booked on weeks and days of care as a
checkout leaves them (a seat in each unit and each day of care, each with its payment)."""

from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Q

from accounts.models import User
from classes.models import Booking, CareKind, Class, ClassStatus, ExtendedCare, Season
from classes.series import extended_care_offer
from classes.services import class_create
from testing.dates import SCHOOL
from testing.factories import PaymentFactory


def day_camp_season(first_monday: date, *, weeks: int = 2) -> Season:
    opens = first_monday - timedelta(days=90)
    return Season.objects.create(
        name="Day camp summer",
        starts_on=first_monday,
        ends_on=first_monday + timedelta(weeks=weeks),
        opens_at=_school_noon(opens),
        closes_at=_school_noon(first_monday - timedelta(days=1)),
    )


def _school_noon(day: date) -> datetime:
    return datetime.combine(day, time(12), SCHOOL)


def weekly_class(
    *,
    season: Season,
    instructor: User,
    name: str = "Art Adventures",
    weeks: int = 2,
    booking: str = Booking.WEEKS,
    hours: tuple[time, time] = (time(9), time(15)),
) -> Class:
    """A class of the season, Monday to Friday for `weeks` weeks, sold by the week (or the
    day), approved with its units."""
    series = class_create(
        instructor=instructor,
        name=name,
        image="https://images.camp.test/classes/day-camp.jpg",
        price=Decimal("250.00"),
        seats=12,
        booking=booking,
        season=season,
        location="Studio 1",
        start_date=season.starts_on,
        end_date=season.starts_on + timedelta(weeks=weeks - 1, days=4),
        meeting_days=[0, 1, 2, 3, 4],
        start_time=hours[0],
        end_time=hours[1],
    )
    Class.objects.filter(Q(pk=series.pk) | Q(unit_of=series)).update(status=ClassStatus.APPROVED)
    series.refresh_from_db()
    return series


def care_option(
    *, season: Season, kind: str, leader: User, label: str | None = None
) -> ExtendedCare:
    """Before-care 7:30-9:00 or after-care 15:00-18:00 on every day the season's units meet."""
    before = kind == CareKind.BEFORE
    return extended_care_offer(
        season=season,
        kind=kind,
        label=label or ("Before-care" if before else "After-care"),
        start_time=time(7, 30) if before else time(15),
        end_time=time(9) if before else time(18),
        price_per_day=Decimal("12.00") if before else Decimal("18.00"),
        price_per_week=None,
        seats=10,
        led_by=leader,
    )


def care_day(option: ExtendedCare, day: date) -> Class:
    return option.days.get(start_date=day)


def booked(parent: User, child, *classes: Class) -> None:
    """The child holds a seat in each of these rows (units, days of care), each paid."""
    for camp_class in classes:
        PaymentFactory(student=parent, participant=child, camp_class=camp_class, status="enrolled")
