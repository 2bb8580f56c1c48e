"""The season's figures that are enrolments' to answer, for the school's dashboard
(`camp.reports`): registrations by day and by hour, and each class's fill (a series', its
weeks' or days', and each day of extended care's).

Every figure is one aggregate query, whatever the size of the school: the database counts, never
a loop over rows here. A registration is a seat taken (an `Enrolment` created), a cancellation a
seat given back; both are counted on the school's calendar.
"""

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import (
    Count,
    Q,
    QuerySet,
)
from django.db.models.functions import TruncDate
from django.utils import timezone

from accounts.models import Participant
from classes.models import Booking, Class, ClassStatus, Season
from core.school_time import school_timezone
from enrolments.availability import holds_live
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.selectors import roster_name
from extras.selectors import roster_answers


def school_midnight(day: date) -> datetime:
    """The moment the school's day begins."""
    return datetime.combine(day, time(0), tzinfo=school_timezone())


def _season_enrolments(season: Season) -> QuerySet[Enrolment]:
    return Enrolment.objects.filter(camp_class__season=season).order_by()


@dataclass(frozen=True)
class DayCount:
    day: date
    registrations: int
    cancellations: int


def _per_day(moment: str, season: Season, start: date, end: date) -> dict[date, int]:
    """The season's enrolments whose `moment` falls on each school day from `start` to `end`."""
    return dict(
        _season_enrolments(season)
        .filter(
            **{
                f"{moment}__gte": school_midnight(start),
                f"{moment}__lt": school_midnight(end + timedelta(days=1)),
            }
        )
        .annotate(day=TruncDate(moment, tzinfo=school_timezone()))
        .values("day")
        .annotate(count=Count("pk"))
        .values_list("day", "count")
    )


def registrations_by_day(season: Season, start: date, end: date) -> list[DayCount]:
    """Seats taken and given back in the season's classes on each school day from `start` to
    `end`, every day listed (none, a zero). Two queries."""
    taken = _per_day("created_at", season, start, end)
    given_back = _per_day("ended_at", season, start, end)
    days = (start + timedelta(days=offset) for offset in range((end - start).days + 1))
    return [DayCount(day, taken.get(day, 0), given_back.get(day, 0)) for day in days]


@dataclass(frozen=True)
class HourCount:
    starts_at: datetime
    registrations: int

    @property
    def hour(self) -> int:
        """The hour the school's clock showed as this one began."""
        return self.starts_at.hour


def school_hours(day: date) -> list[datetime]:
    """Each hour of a school day, as it begins, at the school: 24 of them, but 23 on the night the
    school's clocks spring forward (no 2:00) and 25 on the night they fall back (1:00 twice).
    Counted in real hours from the day's first moment, never as 24 readings of the clock."""
    zone = school_timezone()
    start = school_midnight(day).timestamp()
    end = school_midnight(day + timedelta(days=1)).timestamp()
    count = math.ceil((end - start) / 3600)
    return [datetime.fromtimestamp(start + 3600 * hour, zone) for hour in range(count)]


def registrations_by_hour(season: Season, day: date) -> list[HourCount]:
    """Seats taken in the season's classes in each hour of a school day (its opening morning,
    say), every hour the day has (`school_hours`) listed in order. One query."""
    hours = school_hours(day)
    ends = [*hours[1:], school_midnight(day + timedelta(days=1))]
    counts = (
        _season_enrolments(season)
        .filter(created_at__gte=hours[0], created_at__lt=ends[-1])
        .aggregate(
            **{
                f"hour_{number}": Count("pk", filter=Q(created_at__gte=start, created_at__lt=end))
                for number, (start, end) in enumerate(zip(hours, ends, strict=True))
            }
        )
    )
    return [HourCount(start, counts[f"hour_{number}"]) for number, start in enumerate(hours)]


def _by_class(rows: QuerySet) -> dict[int, int]:
    return dict(
        rows.order_by()
        .values("camp_class")
        .annotate(count=Count("*"))
        .values_list("camp_class", "count")
    )


@dataclass(frozen=True)
class ClassFill:
    camp_class: Class
    # Seats taken, held now for a family paying or a waitlist offer, and waiting (the demand not
    # met); seats in all are those left and those taken.
    enrolled: int
    held: int
    waitlisted: int
    # Seats left: the class's own, or a series' units' together.
    seats_left: int

    @property
    def capacity(self) -> int:
        return self.seats_left + self.enrolled

    @property
    def demand(self) -> int:
        return self.enrolled + self.held + self.waitlisted


@dataclass(frozen=True)
class SeasonFill:
    """The season's fill: each class on offer (a series with its units' figures added up), each
    week or day of a series, and each day of extended care (its option read with it)."""

    classes: list[ClassFill]
    units: list[ClassFill]
    care_days: list[ClassFill]


def _added_up(series: Class, units: list[ClassFill]) -> ClassFill:
    return ClassFill(
        camp_class=series,
        enrolled=sum(unit.enrolled for unit in units),
        held=sum(unit.held for unit in units),
        waitlisted=sum(unit.waitlisted for unit in units),
        seats_left=sum(unit.seats_left for unit in units),
    )


def season_fill(season: Season) -> SeasonFill:
    """The season's classes on offer, each with its fill, most in demand first; a series' units
    in order under it, and the days of extended care by day. Four queries: the classes, then
    each count grouped by class (a hash over the season's rows, where a count per class would be
    a subquery per class)."""
    classes = Class.objects.filter(season=season, status=ClassStatus.APPROVED)
    in_season = {"camp_class__season": season, "camp_class__status": ClassStatus.APPROVED}
    enrolled = _by_class(Enrolment.objects.filter(status=EnrolmentStatus.ACTIVE, **in_season))
    held = _by_class(holds_live(now=timezone.now()).filter(**in_season))
    waitlisted = _by_class(WaitlistEntry.objects.filter(status=WaitlistStatus.WAITING, **in_season))
    fill = [
        ClassFill(
            camp_class=camp_class,
            enrolled=enrolled.get(camp_class.pk, 0),
            held=held.get(camp_class.pk, 0),
            waitlisted=waitlisted.get(camp_class.pk, 0),
            seats_left=camp_class.seats,
        )
        for camp_class in classes.select_related("category", "extended_care").only(
            "pk",
            "name",
            "seats",
            "category__name",
            "booking",
            "unit_of_id",
            "unit_label",
            "start_date",
            "end_date",
            "extended_care__label",
            "extended_care__kind",
        )
    ]
    units = sorted(
        (line for line in fill if line.camp_class.unit_of_id is not None),
        key=lambda line: (line.camp_class.start_date, line.camp_class.pk),
    )
    care_days = sorted(
        (line for line in fill if line.camp_class.extended_care_id is not None),
        key=lambda line: (line.camp_class.start_date, line.camp_class.extended_care_id),
    )
    units_of = {}
    for unit in units:
        units_of.setdefault(unit.camp_class.unit_of_id, []).append(unit)
    listed = [
        _added_up(line.camp_class, units_of.get(line.camp_class.pk, []))
        if line.camp_class.booking != Booking.WHOLE
        else line
        for line in fill
        if line.camp_class.unit_of_id is None and line.camp_class.extended_care_id is None
    ]
    by_demand = sorted(
        listed, key=lambda line: (-line.demand, line.camp_class.name, line.camp_class.pk)
    )
    order = {line.camp_class.pk: n for n, line in enumerate(by_demand)}
    return SeasonFill(
        classes=by_demand,
        units=sorted(units, key=lambda line: order.get(line.camp_class.unit_of_id, len(order))),
        care_days=care_days,
    )


def class_fill(season: Season) -> list[ClassFill]:
    """The season's classes on offer with their fill, most in demand first (`season_fill`)."""
    return season_fill(season).classes


def season_participants(season: Season) -> QuerySet[Participant]:
    """Everyone holding a seat in one of the season's classes."""
    seated = Enrolment.objects.filter(
        camp_class__season=season, status=EnrolmentStatus.ACTIVE
    ).values("participant_id")
    return Participant.objects.filter(pk__in=seated)


@dataclass(frozen=True)
class SeasonAnswer:
    """One child's answer now to one of the school's questions, for a class of the season."""

    class_name: str
    participant_name: str
    question: str
    answer: str


def season_answers(season: Season) -> list[SeasonAnswer]:
    """What each child holding a seat in the season answered to its class's questions and the
    season's (a series' weeks or days once, as the series), class by class and child by child,
    in the school's order of questions: the admins' export. Two queries."""
    seats = list(
        Enrolment.objects.filter(
            camp_class__season=season,
            status=EnrolmentStatus.ACTIVE,
            camp_class__extended_care__isnull=True,
        )
        .select_related("camp_class__unit_of", "participant__account")
        .order_by("camp_class__name", "participant__first_name", "participant__last_name", "id")
    )
    answers = roster_answers(seats, everything=True)
    rows, seen = [], set()
    for seat in seats:
        series = seat.camp_class.unit_of or seat.camp_class
        if (series.pk, seat.participant_id) in seen:
            continue
        seen.add((series.pk, seat.participant_id))
        rows += [
            SeasonAnswer(
                class_name=series.name,
                participant_name=roster_name(seat.participant),
                question=shown.question.label,
                answer=shown.text,
            )
            for shown in answers[seat.pk]
        ]
    return rows
