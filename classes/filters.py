"""The public list's filters and orderings (`GET /api/classes?...`), declared once.

Each parameter is checked by its form field, so a bad value is a 400 naming the parameter; a
list asked for without any of them answers as the spec's client expects (by id).
"""

from datetime import datetime, time, timedelta

import django_filters
from django import forms
from django.db.models import Exists, F, OuterRef, QuerySet

from classes.models import MAX_AGE, Category, Class, Meeting
from classes.schedule import WEEKDAY_NAMES, school_timezone
from classes.search import classes_matching
from core.errors import InvalidInput

# Where a part of the day begins, by the time the class starts.
AFTERNOON = time(12)
EVENING = time(17)

ORDERINGS = {
    # Classes whose schedule is to be announced come after every scheduled one.
    "soonest": (F("starts_at").asc(nulls_last=True), "id"),
    "price": ("price", "id"),
    "-price": ("-price", "-id"),
    "popular": ("-enroll", "id"),
}
DEFAULT_ORDERING = "soonest"
MAX_PRICE = 999_999


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
        choices=[(part, part) for part in ("morning", "afternoon", "evening")],
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
    instructor = WholeNumberFilter(field_name="instructor_id", min_value=1)
    ordering = django_filters.ChoiceFilter(
        method="filter_ordering", choices=[(name, name) for name in ORDERINGS]
    )

    class Meta:
        model = Class
        fields: list[str] = []

    def filter_search(self, classes, name, value):
        # Ranked by match only when nobody asked for another order.
        ranked = not self.form.cleaned_data.get("ordering")
        return classes_matching(classes, value, ranked=ranked)

    def filter_age(self, classes, name, value):
        return classes.exclude(age_min__gt=value).exclude(age_max__lt=value)

    def filter_day(self, classes, name, value):
        # Django's iso_week_day runs from 1 for Monday.
        meets_that_day = Meeting.objects.filter(
            camp_class=OuterRef("pk"),
            cancelled=False,
            day__iso_week_day=WEEKDAY_NAMES.index(value) + 1,
        )
        return classes.filter(Exists(meets_that_day))

    def filter_part_of_day(self, classes, name, value):
        if value == "morning":
            return classes.filter(start_time__lt=AFTERNOON)
        if value == "afternoon":
            return classes.filter(start_time__gte=AFTERNOON, start_time__lt=EVENING)
        return classes.filter(start_time__gte=EVENING)

    def filter_starts_after(self, classes, name, value):
        return classes.filter(starts_at__gte=_school_midnight(value))

    def filter_starts_before(self, classes, name, value):
        return classes.filter(starts_at__lt=_school_midnight(value + timedelta(days=1)))

    def filter_has_seats(self, classes, name, value):
        return classes.filter(seats__gt=0) if value == "true" else classes.filter(seats=0)

    def filter_ordering(self, classes, name, value):
        return classes.order_by(*ORDERINGS[value])


def _school_midnight(day) -> datetime:
    return datetime.combine(day, time(0), tzinfo=school_timezone())


def classes_filtered(classes: QuerySet[Class], params) -> QuerySet[Class]:
    """The list narrowed and ordered by the parameters given; bad ones are an InvalidInput
    naming each. Without any filter parameter, `classes` in their own order."""
    asked = {name for name in ClassFilter.base_filters if params.get(name, "") != ""}
    if not asked:
        return classes
    if "ordering" not in asked:
        # Soonest first; a search on PostgreSQL puts the best match first instead.
        classes = classes.order_by(*ORDERINGS[DEFAULT_ORDERING])
    filters = ClassFilter(params, queryset=classes)
    if not filters.is_valid():
        raise InvalidInput(
            {name: list(messages) for name, messages in filters.errors.items()},
            "Some of the filters cannot be used.",
        )
    return filters.qs
