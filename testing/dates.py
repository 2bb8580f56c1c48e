"""Dates for test data, relative to the clock, so a test means the same on any day it runs.

Test data is a school's coming summer: the summer of next year, always some months ahead, so a
class in it is open for registration whatever today is. Tests name its days as they stand in a
reference calendar, 2027's (June 14, 2027 is the second Monday of June): `summer(6, 14)` is the
day that stands in its place in the coming summer. Every such day moves by the same whole number
of weeks, so weekdays and the days between any two of them stay as the test wrote them.

A test whose data is a whole season written out as dates, in strings and answers alike, may
instead freeze the clock on the day that season was written against, `REFERENCE_DAY` (the
`on_the_reference_day` fixture of the root conftest): it then reads the same on any day.

Birthdays: `years_before` counts whole years back from a day, and a 29 February that the
earlier year lacks becomes 28 February, so a child is that age on that day in every year.
"""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

SCHOOL = ZoneInfo("America/Los_Angeles")
REFERENCE_YEAR = 2027
# A morning in the autumn before the reference summer: registration is open for all of it.
REFERENCE_DAY = datetime(2026, 11, 24, 9, tzinfo=SCHOOL)


def _first_monday_of_june(year: int) -> date:
    first = date(year, 6, 1)
    return first + timedelta(days=(7 - first.weekday()) % 7)


def summer_year() -> int:
    """The coming summer's year: next year's, so it is always ahead."""
    return date.today().year + 1


def _shift() -> timedelta:
    return _first_monday_of_june(summer_year()) - _first_monday_of_june(REFERENCE_YEAR)


def summer(month: int, day: int, *, year: int = REFERENCE_YEAR) -> date:
    """The day of the coming summer that stands where `year`-`month`-`day` stands in the
    reference calendar (the year before it for a day of the winter leading up to it)."""
    return date(year, month, day) + _shift()


def summer_at(
    month: int, day: int, hour: int = 0, minute: int = 0, *, year: int = REFERENCE_YEAR
) -> datetime:
    """That day's moment at the school."""
    return datetime.combine(summer(month, day, year=year), time(hour, minute), SCHOOL)


def years_before(day: date, years: int) -> date:
    """The same day `years` earlier; 29 February goes to 28 February in a common year."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def years_after(day: date, years: int) -> date:
    """The same day `years` later; 29 February goes to 28 February in a common year."""
    return years_before(day, -years)


def database_today() -> date:
    """Today by the database's own clock (UTC), which its triggers read: a moved test clock
    (testing.clock) moves Python's, not the database server's."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT CURRENT_DATE")
        value = cursor.fetchone()[0]
    return value if isinstance(value, date) else date.fromisoformat(value)


def noon_at_school():
    """The clock at noon at the school today, ticking (a time-machine travel, to enter): what a
    test does now falls on today's school day whenever the suite runs."""
    import time_machine

    from core.school_time import school_today

    return time_machine.travel(datetime.combine(school_today(), time(12), SCHOOL), tick=True)
