"""Writes for a class sold by the week or the day: its units, and a season's days of extended care.

A series (`Class.booking` weeks or days) keeps the schedule a family reads and no meetings of its
own: each week or day is a `Class` row (`unit_of` the series) with its own seats, price and
meetings, made here from the series' schedule. A unit is priced at the series' price and has the
series' seats: the series' `price` and `seats` are per unit. Each day a season's units meet, each of
its extended-care options is a `Class` row too (`extended_care`), so a day of after-care is held,
taken, paid and given back as a seat is.
"""

from collections import defaultdict
from datetime import date

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from classes.models import Booking, CareKind, Class, ClassStatus, ExtendedCare, Meeting, Season
from classes.schedule import MeetingTime, meetings_of, schedule_from
from core.errors import InvalidInput

# What a unit copies from its series: everything a rule, a roster or a receipt reads of it.
UNIT_COPIES = (
    "name",
    "image",
    "price",
    "seats",
    "status",
    "instructor_id",
    "description",
    "category_id",
    "level",
    "location",
    "what_to_bring",
    "age_min",
    "age_max",
    "season_id",
    "care_full_record",
    "start_time",
    "end_time",
    "meeting_days",
)


def week_label(number: int, first: date, last: date) -> str:
    return f"Week {number}: {first:%b} {first.day}–{last:%b} {last.day}"


def day_label(day: date) -> str:
    return f"{day:%a} {day:%b} {day.day}"


def unit_spans(series: Class) -> list[tuple[str, list[MeetingTime]]]:
    """The series' meetings cut into its units, in order: a calendar week's (Monday to Sunday)
    each, or a day's each, with the unit's label."""
    meetings = meetings_of(series)
    if series.booking == Booking.DAYS:
        return [(day_label(m.day), [m]) for m in meetings]
    weeks: dict[date, list[MeetingTime]] = defaultdict(list)
    for meeting in meetings:
        weeks[meeting.day.toordinal() - meeting.day.weekday()].append(meeting)
    return [
        (week_label(number, group[0].day, group[-1].day), group)
        for number, (_, group) in enumerate(sorted(weeks.items()), start=1)
    ]


@transaction.atomic
def series_units_make(*, series: Class) -> list[Class]:
    """The series' units, made once from its schedule (a series with units keeps them)."""
    if series.booking == Booking.WHOLE:
        raise InvalidInput({"booking": [gettext("A class bought whole has no weeks or days.")]})
    if series.units.exists():
        return list(series.units.order_by("start_date"))
    spans = unit_spans(series)
    if not spans:
        raise InvalidInput(
            {"start_date": [gettext("Give the schedule the weeks or days are made from.")]}
        )
    # The series' own meetings belong to its units now: it shows no meeting of its own.
    Meeting.objects.filter(camp_class=series).delete()
    units = []
    for label, meetings in spans:
        unit = Class(unit_of=series, unit_label=label, booking=Booking.WHOLE)
        for name in UNIT_COPIES:
            setattr(unit, name, getattr(series, name))
        unit.start_date, unit.end_date = meetings[0].day, meetings[-1].day
        unit.no_meeting_dates = [
            day
            for day in series.no_meeting_dates
            if unit.start_date.isoformat() <= str(day) <= unit.end_date.isoformat()
        ]
        unit.starts_at, unit.ends_at = meetings[0].start, meetings[-1].end
        unit.save()
        Meeting.objects.bulk_create(
            Meeting(camp_class=unit, day=m.day, start=m.start, end=m.end) for m in meetings
        )
        units.append(unit)
    return units


def units_follow_series(*, series_id: int, **fields) -> None:
    """A change of the series every unit shares (its review, its cancellation)."""
    Class.objects.filter(unit_of_id=series_id).update(**fields)


def care_days_of(season: Season) -> list[date]:
    """The days a season's units meet: the days its extended care is offered."""
    return sorted(
        set(
            Meeting.objects.filter(
                camp_class__season=season,
                camp_class__unit_of__isnull=False,
                cancelled=False,
            ).values_list("day", flat=True)
        )
    )


@transaction.atomic
def extended_care_offer(
    *,
    season: Season,
    kind: str,
    label: str,
    start_time,
    end_time,
    price_per_day,
    seats: int,
    led_by: User,
    price_per_week=None,
) -> ExtendedCare:
    """A season's before- or after-care, with a day of it (a `Class` row) for each day its units
    meet; the days already made are kept (a season's later units gain theirs by calling again)."""
    if kind not in CareKind.values:
        raise InvalidInput(
            {"kind": [gettext("Extended care is before or after the day's classes.")]}
        )
    schedule_from(
        start_date=season.starts_on,
        end_date=season.starts_on,
        meeting_days=None,
        start_time=start_time,
        end_time=end_time,
        no_meeting_dates=None,
    )
    option, _ = ExtendedCare.objects.get_or_create(
        season=season,
        kind=kind,
        label=label,
        defaults={
            "start_time": start_time,
            "end_time": end_time,
            "price_per_day": price_per_day,
            "price_per_week": price_per_week,
            "seats": seats,
            "led_by": led_by,
        },
    )
    extended_care_days_make(option=option)
    return option


def extended_care_days_make(*, option: ExtendedCare) -> list[Class]:
    """A `Class` row for each day the option's season has units meeting and it has none yet."""
    made = set(option.days.values_list("start_date", flat=True))
    days = []
    for day in care_days_of(option.season):
        if day in made:
            continue
        care_day = Class(
            name=option.label[:40],
            image="",
            price=option.price_per_day,
            seats=option.seats,
            status=ClassStatus.APPROVED,
            instructor=option.led_by,
            season=option.season,
            extended_care=option,
            unit_label=day_label(day),
            start_date=day,
            end_date=day,
            meeting_days=[day.weekday()],
            start_time=option.start_time,
            end_time=option.end_time,
        )
        (meeting,) = meetings_of(care_day)
        care_day.starts_at, care_day.ends_at = meeting.start, meeting.end
        care_day.save()
        Meeting.objects.create(
            camp_class=care_day, day=meeting.day, start=meeting.start, end=meeting.end
        )
        days.append(care_day)
    return days
