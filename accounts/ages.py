"""A person's age, as the school counts it."""

from datetime import date


def age_on(born: date, day: date) -> int:
    """Whole years on that day; a birthday counts from the day itself (29 February's from
    1 March in other years)."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))
