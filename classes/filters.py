"""The public list's filters and orderings (`GET /api/classes?...`), declared once.

Each parameter is checked by its form field, so a bad value is a 400 naming the parameter; a
list asked for without any of them answers as the spec's client expects (by id). Whatever is
asked, the catalog leaves out the classes that have ended unless `when=past` asks for them
alone (`classes.catalog`); an admin's list of every class (or of a review state) keeps them
unless `when` is given.
"""

from datetime import date, datetime, time, timedelta

import django_filters
from django import forms
from django.db.models import F, OuterRef, QuerySet, Subquery
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

from classes.catalog import PAST, UPCOMING, WHEN, classes_when, open_first
from classes.models import MAX_AGE, Category, Class, Meeting
from classes.schedule import WEEKDAY_NAMES, school_timezone
from classes.search import classes_matching
from core.errors import InvalidInput

# Where a part of the day begins, by the time the class starts.
AFTERNOON = time(12)
EVENING = time(17)
PARTS_OF_DAY = ("morning", "afternoon", "evening")

ORDERINGS = {
    # Classes whose schedule is to be announced come after every scheduled one.
    "soonest": (F("starts_at").asc(nulls_last=True), "id"),
    "price": ("price", "id"),
    "-price": ("-price", "-id"),
    "popular": ("-enroll", "id"),
}
DEFAULT_ORDERING = "soonest"
MAX_PRICE = 999_999
# The largest id a row can have (a 64-bit key); past it the database cannot even compare.
MAX_ID = 2**63 - 1


class WholeNumberFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class ClassFilter(django_filters.FilterSet):
    search = django_filters.CharFilter(method="filter_search", max_length=200)
    category = django_filters.ModelChoiceFilter(
        field_name="category", to_field_name="slug", queryset=Category.objects.all()
    )
    age = WholeNumberFilter(method="filter_age", min_value=0, max_value=MAX_AGE)
    day = django_filters.ChoiceFilter(
        method="filter_day", choices=[(name, name) for name in WEEKDAY_NAMES]
    )
    partOfDay = django_filters.ChoiceFilter(  # noqa: N815 - the API's parameter names
        method="filter_part_of_day",
        choices=[(part, part) for part in PARTS_OF_DAY],
    )
    startsAfter = django_filters.DateFilter(method="filter_starts_after")  # noqa: N815
    startsBefore = django_filters.DateFilter(method="filter_starts_before")  # noqa: N815
    minPrice = django_filters.NumberFilter(  # noqa: N815
        field_name="price", lookup_expr="gte", min_value=0, max_value=MAX_PRICE
    )
    maxPrice = django_filters.NumberFilter(  # noqa: N815
        field_name="price", lookup_expr="lte", min_value=0, max_value=MAX_PRICE
    )
    hasSeats = django_filters.ChoiceFilter(  # noqa: N815
        method="filter_has_seats", choices=[("true", "true"), ("false", "false")]
    )
    instructor = WholeNumberFilter(field_name="instructor_id", min_value=1, max_value=MAX_ID)
    # A season's classes alone: what a lottery season's families rank their wishes among.
    season = WholeNumberFilter(field_name="season_id", min_value=1, max_value=MAX_ID)
    when = django_filters.ChoiceFilter(method="filter_when", choices=[(w, w) for w in WHEN])
    ordering = django_filters.ChoiceFilter(
        method="filter_ordering", choices=[(name, name) for name in ORDERINGS]
    )

    class Meta:
        model = Class
        fields: list[str] = []

    def __init__(self, *args, when: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # Which classes the list holds when `when` is not asked: None for every class.
        self.when_default = when

    def filter_search(self, classes, name, value):
        # Ranked by match only when nobody asked for another order.
        ranked = not self.form.cleaned_data.get("ordering")
        return classes_matching(classes, value, ranked=ranked)

    def filter_age(self, classes, name, value):
        return classes.exclude(age_min__gt=value).exclude(age_max__lt=value)

    def filter_day(self, classes, name, value):
        """The classes with a meeting on that weekday, read from their Meeting rows (a holiday
        that drops a class's only Wednesday leaves it out), the same on both databases.

        Asked as "the first such meeting is not null", a scalar subquery, rather than EXISTS:
        PostgreSQL turns an EXISTS into a join planned on a guess (it keeps no statistics on a
        date's weekday) and, at 100,000 classes, read every Wednesday meeting before a page of
        24 (300 ms); a scalar subquery is checked row by row, after the cheaper filters, as the
        ordering's index is read (3 ms), each class's meetings found by their foreign key.
        """
        # Django's iso_week_day runs from 1 for Monday.
        meeting_that_day = (
            Meeting.objects.filter(
                camp_class=OuterRef("pk"),
                cancelled=False,
                day__iso_week_day=WEEKDAY_NAMES.index(value) + 1,
            )
            .order_by()
            .values("pk")[:1]
        )
        return classes.alias(meeting_that_day=Subquery(meeting_that_day)).filter(
            meeting_that_day__isnull=False
        )

    def filter_part_of_day(self, classes, name, value):
        if value == "morning":
            return classes.filter(start_time__lt=AFTERNOON)
        if value == "afternoon":
            return classes.filter(start_time__gte=AFTERNOON, start_time__lt=EVENING)
        return classes.filter(start_time__gte=EVENING)

    def filter_starts_after(self, classes, name, value):
        return classes.filter(starts_at__gte=_school_midnight(value))

    def filter_starts_before(self, classes, name, value):
        if value == date.max:
            # No day after it to stop at: every scheduled class starts by then.
            return classes.filter(starts_at__isnull=False)
        return classes.filter(starts_at__lt=_school_midnight(value + timedelta(days=1)))

    def filter_has_seats(self, classes, name, value):
        # Seats not yet taken by an enrolment: the list is built again when a seat is taken
        # (`ClassListApi.follows_figures`), and stays cached while families hold seats. A class
        # whose last seats are held is listed with `seatsFree` 0: the holds run out within
        # minutes, and its waitlist takes names meanwhile.
        return classes.filter(seats__gt=0) if value == "true" else classes.filter(seats=0)

    def filter_when(self, classes, name, value):
        return classes_when(classes, value)

    def filter_ordering(self, classes, name, value):
        when = self.form.cleaned_data.get("when") or self.when_default
        return classes.order_by(*ordering_of(value, when))


def ordering_of(name: str, when: str | None) -> tuple:
    """An ordering of `ORDERINGS` as the list asked reads it: the catalog's classes open for
    registration first; in the archive, soonest is the nearest to today, the last to end."""
    if when == PAST and name == DEFAULT_ORDERING:
        return (F("ends_at").desc(), "-id")
    if when == UPCOMING:
        return (open_first(), *ORDERINGS[name])
    return ORDERINGS[name]


# The same parameters as the API's schema tells them (the view is an APIView, which
# drf-spectacular's django-filter support does not read).
FILTER_PARAMETERS = [
    OpenApiParameter(
        "search",
        str,
        description="Words of the class's name, description, category or instructor; every "
        "word must match, the last ones as a prefix. Best match first unless `ordering` is "
        "given (on PostgreSQL).",
    ),
    OpenApiParameter("category", str, description="A category's slug, from /api/categories."),
    OpenApiParameter(
        "age", int, description="Classes that fit a child of this age, in whole years (0-99)."
    ),
    OpenApiParameter("day", str, enum=WEEKDAY_NAMES, description="Classes meeting that weekday."),
    OpenApiParameter(
        "partOfDay",
        str,
        enum=PARTS_OF_DAY,
        description="By the class's start time: before 12:00, 12:00 to 16:59, 17:00 or later.",
    ),
    OpenApiParameter(
        "startsAfter",
        OpenApiTypes.DATE,
        description="Classes whose first meeting is on or after this day (school time).",
    ),
    OpenApiParameter(
        "startsBefore",
        OpenApiTypes.DATE,
        description="Classes whose first meeting is on or before this day (school time).",
    ),
    OpenApiParameter("minPrice", OpenApiTypes.DECIMAL, description="Lowest price, in dollars."),
    OpenApiParameter("maxPrice", OpenApiTypes.DECIMAL, description="Highest price, in dollars."),
    OpenApiParameter(
        "hasSeats",
        str,
        enum=("true", "false"),
        description="Only classes with (or without) a seat free.",
    ),
    OpenApiParameter("instructor", int, description="The instructor's id."),
    OpenApiParameter("season", int, description="The season's id, from /api/seasons."),
    OpenApiParameter(
        "when",
        str,
        enum=WHEN,
        description="upcoming: the classes still to come or on, those open for registration "
        "first (the default, but in an admin's list of every class or of a review state); "
        "past: the classes that have ended (their last meeting was before today, school "
        "time), the last to end first.",
    ),
    OpenApiParameter(
        "ordering",
        str,
        enum=tuple(ORDERINGS),
        description="soonest (the default once any filter is given; classes to be announced "
        "last), price, -price, popular. Without any filter or ordering the list is by id.",
    ),
]


def _school_midnight(day) -> datetime:
    return datetime.combine(day, time(0), tzinfo=school_timezone())


def classes_filtered(
    classes: QuerySet[Class], params, *, when: str | None = UPCOMING
) -> QuerySet[Class]:
    """The list narrowed and ordered by the parameters given; bad ones are an InvalidInput
    naming each. Without any filter parameter, `classes` in their own order. `when` is which
    classes the list holds unless the parameter says (`classes.catalog`): None for all."""
    asked = {name for name in ClassFilter.base_filters if params.get(name, "") != ""}
    if "when" in asked:
        when = params["when"] if params["when"] in WHEN else None
    elif when is not None:
        classes = classes_when(classes, when)
    if not asked:
        return classes
    if "ordering" not in asked:
        # Soonest first; a search on PostgreSQL puts the best match first instead.
        classes = classes.order_by(*ordering_of(DEFAULT_ORDERING, when))
    filters = ClassFilter(params, queryset=classes, when=when)
    if not filters.is_valid():
        raise InvalidInput(
            {name: list(messages) for name, messages in filters.errors.items()},
            _("Some of the filters cannot be used."),
        )
    return filters.qs
