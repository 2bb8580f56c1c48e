from collections import ChainMap, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from django.db.models import (
    Aggregate,
    Case,
    CharField,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from accounts.models import Role, User
from classes.catalog import UPCOMING, classes_when, ended
from classes.models import LISTED, Category, Class, ClassStatus, Meeting, Season
from classes.registration import classes_shut, seasons_open
from core import events, public_cache
from core.public_cache import LiveFigure

POPULAR_CLASS_COUNT = 6
# How many open classes an ended class's page suggests instead.
SIMILAR_CLASS_COUNT = 3


def classes_for_answers() -> QuerySet[Class]:
    # Every class answer shows the instructor's name and e-mail, and its category; its meetings
    # come from its schedule (classes.schedule.meetings_of), with their rows' ids read in the
    # same query (`meeting_ids_of`).
    return Class.objects.select_related("instructor", "category").annotate(
        seats_free=seats_free_now(), meeting_ids=meeting_ids_in_query()
    )


def listed_classes() -> QuerySet[Class]:
    """`classes_for_answers` of the rows a list shows: a series, not its weeks or days, and no
    day of extended care (`classes.models.LISTED`)."""
    return classes_for_answers().filter(LISTED)


class _JoinedByCommas(Aggregate):
    """A group's texts joined by commas: GROUP_CONCAT on SQLite, STRING_AGG on PostgreSQL, the
    aggregate each has."""

    function = "GROUP_CONCAT"
    template = "%(function)s(%(expressions)s)"
    output_field = CharField()

    def as_postgresql(self, compiler, connection, **extra_context):
        return self.as_sql(
            compiler,
            connection,
            function="STRING_AGG",
            template="%(function)s(%(expressions)s, ',')",
            **extra_context,
        )


def meeting_ids_in_query() -> Subquery:
    """A class row's meetings that take place as `day=id` pairs joined by commas (NULL for none),
    for `meeting_ids_of` to read: a class answer gives each meeting its row's id with no query of
    its own."""
    pairs = Concat(
        Cast("day", CharField()), Value("="), Cast("id", CharField()), output_field=CharField()
    )
    joined = (
        Meeting.objects.filter(camp_class=OuterRef("pk"), cancelled=False)
        .order_by()
        .values("camp_class")
        .annotate(joined=_JoinedByCommas(pairs))
        .values("joined")
    )
    return Subquery(joined, output_field=CharField())


def meeting_ids_of(camp_class: Class) -> dict[date, int]:
    """The ids of a class's meetings that take place, by day: from `meeting_ids_in_query` where
    the row was read with it (`classes_for_answers`), else read now, in one query."""
    if not hasattr(camp_class, "meeting_ids"):
        camp_class.meeting_ids = dict(
            Meeting.objects.filter(camp_class=camp_class, cancelled=False).values_list("day", "id")
        )
    joined = camp_class.meeting_ids
    if isinstance(joined, dict):
        return joined
    ids = {}
    for pair in (joined or "").split(","):
        if pair:
            day, pk = pair.split("=")
            ids[date.fromisoformat(day)] = int(pk)
    camp_class.meeting_ids = ids
    return ids


def meeting_ids_read(classes: list[Class]) -> None:
    """`meeting_ids_of` for many classes read through other rows (a family's seats), in one
    query for them all rather than one each."""
    lacking = [camp_class for camp_class in classes if not hasattr(camp_class, "meeting_ids")]
    if not lacking:
        return
    ids: dict[int, dict[date, int]] = {camp_class.pk: {} for camp_class in lacking}
    meetings = Meeting.objects.filter(camp_class_id__in=ids, cancelled=False)
    for class_id, day, pk in meetings.values_list("camp_class_id", "day", "id"):
        ids[class_id][day] = pk
    for camp_class in lacking:
        camp_class.meeting_ids = ids[camp_class.pk]


def seats_free_now():
    """A class row's seats free this moment, as a query expression: the seats left less those
    held for families, which the enrolments app counts (`core.events.SEATS_FREE_IN_QUERY`)."""
    return events.ask(events.SEATS_FREE_IN_QUERY, now=timezone.now())


def seats_free_moved(seats_left: Mapping[int, int]) -> dict[int, int]:
    """Of these classes (id: seats left), those that show fewer seats free now, as families
    hold seats while paying or for a waitlist offer: {id: seats free}. The enrolments app
    counts the holds (`core.events.SEATS_FREE_SHOWN`)."""
    return events.ask(events.SEATS_FREE_SHOWN, seats_left=seats_left)


# How a class list shows its seats live, without being built again as families take and hold
# them: each class row's `seatsFree`, `seats` and `enroll`, cached as its seats left and enrolled.
SEAT_FIGURES = LiveFigure(
    fields={"seatsFree": "seats", "seats": "seats", "enroll": "enroll"},
    key="_id",
    source="class_seats",
)


@dataclass(frozen=True)
class _SeatCounts:
    moved: frozenset[int]
    figures: str
    # id -> (seats left, enrolled) now.
    counts: dict[int, tuple[int, int]]


# What this process last read of the classes whose seats moved (one object, swapped whole).
_seat_counts = _SeatCounts(frozenset(), "", {})


def seat_counts_moved() -> dict[int, tuple[int, int]]:
    """The seats left and enrolled now of the classes whose seats were taken since the lists'
    answers were built (`core.public_cache.rows_moved`), read again only after another moved."""
    global _seat_counts
    moved, figures = public_cache.rows_moved(Class), public_cache.figures_generation()
    known = _seat_counts
    if (known.moved, known.figures) != (moved, figures):
        counts = {}
        if moved:
            rows = Class.objects.filter(pk__in=moved).values_list("id", "seats", "enroll")
            counts = {class_id: (seats, enroll) for class_id, seats, enroll in rows}
        known = _seat_counts = _SeatCounts(moved, figures, counts)
    return known.counts


def seat_figures_moved(bases: dict[str, dict[int, int]]) -> dict[int, dict[str, int]]:
    """Of the classes of a cached answer ({"seats": {id: seats left}, "enroll": {id: enrolled}}
    as it was built), those that show other figures now (`SEAT_FIGURES`): a seat taken since,
    or seats held for families. The work is the moved classes' and the held ones', however long
    the answer."""
    left, enrolled = bases["seats"], bases["enroll"]
    counts = {
        class_id: count for class_id, count in seat_counts_moved().items() if class_id in left
    }
    seats_now = {class_id: seats for class_id, (seats, _) in counts.items()}
    free = seats_free_moved(ChainMap(seats_now, left))
    moved: dict[int, dict[str, int]] = {}
    for class_id, (seats, enroll) in counts.items():
        if seats != left[class_id]:
            moved.setdefault(class_id, {})["seats"] = seats
        if enroll != enrolled[class_id]:
            moved.setdefault(class_id, {})["enroll"] = enroll
    # A cached answer shows each class's seats left as its seats free.
    for class_id in free.keys() | seats_now.keys():
        figure = free.get(class_id, seats_now.get(class_id))
        if figure != left[class_id]:
            moved.setdefault(class_id, {})["seatsFree"] = figure
    return moved


def class_list_for(*, user, status: str | None = None) -> QuerySet[Class]:
    """All classes for an admin, who reviews them; only the approved ones for anyone else.

    `status` narrows the list further: an admin's review queue, or All Classes for an admin.
    """
    classes = listed_classes().order_by("id")
    if not (user.is_authenticated and user.role == Role.ADMIN):
        classes = classes.filter(status=ClassStatus.APPROVED)
    if status:
        classes = classes.filter(status=status)
    return classes


def popular_class_list() -> QuerySet[Class]:
    """The approved classes with the most enrolments that have not ended (last season's full
    classes would otherwise lead the home page); ties go to the older class."""
    approved = listed_classes().filter(status=ClassStatus.APPROVED)
    return classes_when(approved, UPCOMING).order_by("-enroll", "id")[:POPULAR_CLASS_COUNT]


def similar_open_classes(*, camp_class: Class) -> QuerySet[Class]:
    """For a class that has ended: the approved classes of its category or by its instructor
    that a family may register for now (or once their season opens), both alike first, then the
    soonest."""
    alike = Q(instructor_id=camp_class.instructor_id)
    if camp_class.category_id is not None:
        alike |= Q(category_id=camp_class.category_id)
    both = Q(instructor_id=camp_class.instructor_id, category_id=camp_class.category_id)
    return (
        listed_classes()
        .filter(alike, status=ClassStatus.APPROVED)
        .exclude(pk=camp_class.pk)
        .exclude(ended())
        .exclude(classes_shut(timezone.now()))
        .order_by(
            Case(When(both, then=Value(0)), default=Value(1)),
            F("starts_at").asc(nulls_last=True),
            "id",
        )[:SIMILAR_CLASS_COUNT]
    )


def class_list_by_instructor(*, email: str) -> QuerySet[Class]:
    """Every class an instructor has proposed, whatever its review says."""
    return listed_classes().filter(instructor__email=email).order_by("id")


def units_of(*, series: Class) -> list[Class]:
    """A series' weeks or days in order, each with its seats free now and, for each extended
    care its season offers, the fewest seats free on any of the unit's days (`care_free`:
    {option id: seats}), so a family sees a week whose after-care is full before checking out."""
    units = list(
        Class.objects.filter(unit_of=series)
        .annotate(seats_free=seats_free_now())
        .order_by("start_date", "id")
    )
    care_days = (
        Class.objects.filter(extended_care__season_id=series.season_id)
        .annotate(seats_free=seats_free_now())
        .values_list("extended_care_id", "start_date", "seats_free")
        if series.season_id is not None and units
        else []
    )
    free_on: dict[int, dict[date, int]] = defaultdict(dict)
    for option_id, day, free in care_days:
        free_on[option_id][day] = free
    days = defaultdict(set)
    if free_on:
        meetings = Meeting.objects.filter(camp_class__in=units, cancelled=False)
        for class_id, day in meetings.values_list("camp_class_id", "day"):
            days[class_id].add(day)
    for unit in units:
        unit.care_free = {
            option_id: min((by_day.get(day, 0) for day in days[unit.pk]), default=0)
            for option_id, by_day in free_on.items()
        }
    return units


def class_get(*, class_id: int) -> Class | None:
    return classes_for_answers().filter(pk=class_id).first()


def category_list() -> QuerySet[Category]:
    """The school's categories, in the order it keeps them."""
    return Category.objects.order_by("position", "name")


def season_list() -> QuerySet[Season]:
    return Season.objects.order_by("starts_on", "id")


def season_open_now() -> Season | None:
    """The season taking registrations now (the earliest, should two overlap)."""
    now = timezone.now()
    return season_list().filter(seasons_open(now)).first()


def approved_classes_of(*, instructor_id: int) -> QuerySet[Class]:
    """An instructor's approved classes for their page, the soonest first; those whose schedule
    is to be announced after every scheduled one."""
    return (
        listed_classes()
        .filter(instructor_id=instructor_id, status=ClassStatus.APPROVED)
        .order_by(F("starts_at").asc(nulls_last=True), "id")
    )


def sitemap_classes() -> QuerySet[Class]:
    """Every approved class that has not ended, oldest first, as the sitemap names it: its id
    and last change. An ended class's page stays (it points to the classes open now), but the
    sitemap names the pages worth a search engine's visit, and an ended class no longer is."""
    return (
        Class.objects.filter(LISTED, status=ClassStatus.APPROVED)
        .exclude(ended())
        .order_by("id")
        .only("id", "updated_at")
    )


def sitemap_instructors() -> QuerySet[User]:
    """The instructors whose page shows at least one class, as the sitemap names them."""
    approved = Class.objects.filter(
        LISTED, instructor_id=OuterRef("pk"), status=ClassStatus.APPROVED
    )
    return User.objects.filter(Exists(approved), role=Role.INSTRUCTOR).order_by("id").only("id")


def pending_classes() -> QuerySet[Class]:
    """Classes waiting for an admin's review, the longest waiting first."""
    return listed_classes().filter(status=ClassStatus.PENDING).order_by("created_at")


def calendar_meetings(*, classes) -> QuerySet[Meeting]:
    """Every meeting of these classes (a queryset of classes, or their ids) for a calendar, in
    time order, each with its class and instructor. Cancelled ones too: a calendar that copied
    a meeting learns from its STATUS that it is off."""
    return (
        Meeting.objects.filter(camp_class__in=classes)
        .select_related("camp_class__instructor", "camp_class__extended_care")
        .order_by("start", "id")
    )


def class_calendar_meetings(*, class_id: int) -> QuerySet[Meeting]:
    """A class's meetings for its calendar file (`calendar_meetings`): a class sold by the week
    or the day has none of its own, so its weeks' or days' are its meetings."""
    return calendar_meetings(
        classes=Class.objects.filter(Q(pk=class_id) | Q(unit_of_id=class_id)).values("pk")
    )


def seat_holders_of(*, class_id: int) -> QuerySet[User]:
    """The accounts that hold a seat in a class, for the messages its changes send: the
    enrolments app knows them (`core.events.SEAT_HOLDERS`)."""
    return events.ask(events.SEAT_HOLDERS, class_id=class_id)


def approved_classes_among(*, class_ids: list[int]) -> QuerySet[Class]:
    """Those of these classes that are approved (open to families), by id."""
    return Class.objects.filter(pk__in=class_ids, status=ClassStatus.APPROVED).order_by("id")
