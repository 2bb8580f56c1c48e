"""What the public catalog leads with: the classes a family can still book.

A class has ended once the school's day after its last meeting has begun: from then it leaves
the catalog (`GET /api/classes`, the popular classes, the sitemap) for its archive (`when=past`),
and its own page says it has ended and points to the classes like it that are open. The
catalog's classes open for registration come before those begun or closed
(`classes.registration.classes_shut`), each part in the order asked.

Ended is a change of the clock, not of any row: the lists that leave ended classes out are
cached under the school's date (`core.public_cache.PublicListApi.follows_the_day`).
"""

from datetime import datetime, time

from django.db.models import Case, Q, QuerySet, Value, When
from django.utils import timezone

from classes.models import Class
from classes.registration import classes_shut
from core.school_time import school_timezone, school_today

UPCOMING = "upcoming"
PAST = "past"
WHEN = (UPCOMING, PAST)


def school_day_began() -> datetime:
    """The start of the school's day today: a class whose last meeting ended before it has ended."""
    return datetime.combine(school_today(), time(0), tzinfo=school_timezone())


def class_ended(camp_class: Class) -> bool:
    return camp_class.ends_at is not None and camp_class.ends_at < school_day_began()


def ended() -> Q:
    """`class_ended` as a filter; a class whose schedule is to be announced has not ended."""
    return Q(ends_at__lt=school_day_began())


def classes_when(classes: QuerySet[Class], when: str) -> QuerySet[Class]:
    """The classes still to come or on (`UPCOMING`), or those that have ended (`PAST`)."""
    return classes.filter(ended()) if when == PAST else classes.exclude(ended())


def open_first():
    """An ordering's first key: the classes a family may register for now before those begun or
    closed."""
    return Case(When(classes_shut(timezone.now()), then=Value(1)), default=Value(0))
