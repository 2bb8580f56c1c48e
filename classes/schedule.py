"""A class's schedule as the instructor writes it, checked and expanded into its meetings.

An instructor gives a date range, the weekdays, the hours and the dates with no meeting; the
school's days run in `SCHOOL_TIMEZONE`, so a meeting at 9:00 is at 9:00 there whatever the
date's offset (summer time included). Nothing here writes: classes.services keeps the Meeting
rows in step with what `meeting_times` answers.
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.utils.translation import gettext as _

from core.errors import InvalidInput
from core.school_time import school_timezone

# A longer range is a mistake in the dates, and would make hundreds of meetings.
MAX_SCHEDULE_DAYS = 366

WEEKDAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

SCHEDULE_FIELDS = (
    "start_date",
    "end_date",
    "meeting_days",
    "start_time",
    "end_time",
    "no_meeting_dates",
)


@dataclass(frozen=True)
class Schedule:
    start_date: date
    end_date: date
    # 0 for Monday to 6 for Sunday, in week order, each once.
    meeting_days: tuple[int, ...]
    start_time: time
    end_time: time
    no_meeting_dates: tuple[date, ...] = ()


@dataclass(frozen=True)
class MeetingTime:
    day: date
    start: datetime
    end: datetime


def schedule_from(
    *,
    start_date: date | None,
    end_date: date | None,
    meeting_days: list[int] | None,
    start_time: time | None,
    end_time: time | None,
    no_meeting_dates: list[date] | None,
) -> Schedule | None:
    """The schedule these fields make, None when none is given (to be announced).

    A schedule is all or nothing; a one-day workshop needs no end date and no weekdays. Every
    problem is an InvalidInput naming its field.
    """
    given = [start_date, end_date, start_time, end_time, meeting_days, no_meeting_dates]
    if not any(value not in (None, [], ()) for value in given):
        return None
    problems: dict[str, list[str]] = {}
    if start_date is None:
        problems["start_date"] = [_("Give the date of the first meeting.")]
    if start_time is None:
        problems["start_time"] = [_("Give the time each meeting starts.")]
    if end_time is None:
        problems["end_time"] = [_("Give the time each meeting ends.")]
    if problems:
        raise InvalidInput(problems)
    end_date = end_date or start_date
    days = tuple(sorted(set(meeting_days or ())))
    if end_date < start_date:
        problems["end_date"] = [_("The end date must be on or after the start date.")]
    elif (end_date - start_date).days >= MAX_SCHEDULE_DAYS:
        problems["end_date"] = [_("A class runs for a year at most.")]
    if end_time <= start_time:
        problems["end_time"] = [_("Each meeting must end after it starts, on the same day.")]
    if any(day not in range(7) for day in days):
        problems["meeting_days"] = [_("Weekdays are mon, tue, wed, thu, fri, sat and sun.")]
    elif not days:
        if end_date > start_date:
            problems["meeting_days"] = [_("Choose the weekdays the class meets.")]
        else:
            days = (start_date.weekday(),)
    holidays = tuple(sorted(set(no_meeting_dates or ())))
    if not problems and any(not start_date <= holiday <= end_date for holiday in holidays):
        problems["no_meeting_dates"] = [
            _("Each date with no meeting must fall between the start and end dates.")
        ]
    if problems:
        raise InvalidInput(problems)
    schedule = Schedule(start_date, end_date, days, start_time, end_time, holidays)
    if not meeting_times(schedule):
        raise InvalidInput(
            {"meeting_days": [_("No meeting falls on these dates and weekdays: check them.")]}
        )
    return schedule


def meeting_times(schedule: Schedule) -> list[MeetingTime]:
    """Every meeting the schedule makes, in order, as aware datetimes in the school's zone."""
    zone = school_timezone()
    skipped = set(schedule.no_meeting_dates)
    meetings = []
    day = schedule.start_date
    while day <= schedule.end_date:
        if day.weekday() in schedule.meeting_days and day not in skipped:
            meetings.append(
                MeetingTime(
                    day=day,
                    start=datetime.combine(day, schedule.start_time, tzinfo=zone),
                    end=datetime.combine(day, schedule.end_time, tzinfo=zone),
                )
            )
        day += timedelta(days=1)
    return meetings


def schedule_of(camp_class) -> Schedule | None:
    """The schedule a saved class keeps (already checked when it was written), or None."""
    if camp_class.start_date is None or camp_class.start_time is None:
        return None
    return Schedule(
        start_date=camp_class.start_date,
        end_date=camp_class.end_date or camp_class.start_date,
        meeting_days=tuple(camp_class.meeting_days),
        start_time=camp_class.start_time,
        end_time=camp_class.end_time,
        no_meeting_dates=tuple(date.fromisoformat(str(day)) for day in camp_class.no_meeting_dates),
    )


def meetings_of(camp_class) -> list[MeetingTime]:
    """A class's meetings that take place, from its schedule: the same days and times its
    Meeting rows hold (classes.services writes them together), without reading them."""
    schedule = schedule_of(camp_class)
    return meeting_times(schedule) if schedule else []


def total_hours(meetings) -> float:
    """The hours of teaching in these meetings (anything with start and end)."""
    seconds = sum((meeting.end - meeting.start).total_seconds() for meeting in meetings)
    return round(seconds / 3600, 2)


def registration_closes_at(camp_class) -> datetime | None:
    """When Select stops: the instructor's own moment, else the start of the first meeting."""
    return camp_class.registration_closes_at or camp_class.starts_at
