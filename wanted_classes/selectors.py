"""The classes a family wants (the ones its people selected, the class pages it opened) and which
of them are full now, for the families waiting in the opening's line (waiting_room), so nobody
waits there to find a class sold out."""

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q
from django.utils import timezone

from accounts.models import Role, User
from classes.models import Booking, Class, ClassStatus, Season
from classes.registration import classes_shut, seasons_opened_by
from enrolments.availability import seats_free
from enrolments.models import Selection

# How long a class's fullness, as the families in line are told it, is kept in the shared cache:
# thousands of them ask every few seconds, for mostly the same popular classes. A class told full
# a few seconds after a seat came free costs a family nothing: its waitlist join answers that
# seats are free, and the seat is there to select once it is let in.
FULLNESS_KEPT_SECONDS = 5
# What the cache keeps for a class that is not full, or not one a family can wait for.
_NOT_FULL = 0


@dataclass(frozen=True)
class FullClass:
    """A class a family wants that has no seat free now; `waitlist_open` while its waitlist takes
    every family (its season open to all: before, only early access could have filled it)."""

    id: int
    name: str
    unit_label: str
    waitlist_open: bool


def _fullness_key(class_id: int) -> str:
    return f"class-fullness:{class_id}"


def _fullness_read(class_ids: Collection[int], *, now: datetime) -> dict[int, FullClass | None]:
    """Which of these classes are full now, in one query: no seat free as the rules' `full` counts
    it (`enrolments.availability.seats_free`, every live hold counted), among the approved classes
    a family can still register for and wait on (bought whole: a series' weeks or days have their
    own seats and waitlists, and a day of care is booked with a day of class)."""
    rows = (
        Class.objects.filter(
            pk__in=class_ids,
            status=ClassStatus.APPROVED,
            booking=Booking.WHOLE,
            extended_care__isnull=True,
        )
        .exclude(classes_shut(now))
        .annotate(
            free=seats_free(now=now),
            waitlist_open=ExpressionWrapper(
                Q(season__isnull=True)
                | Exists(
                    Season.objects.filter(
                        seasons_opened_by(now, early_access=False), pk=OuterRef("season_id")
                    )
                ),
                output_field=BooleanField(),
            ),
        )
        .filter(free=0)
        .values_list("id", "name", "unit_label", "waitlist_open")
    )
    full: dict[int, FullClass | None] = dict.fromkeys(class_ids)
    for class_id, name, unit_label, waitlist_open in rows:
        full[class_id] = FullClass(
            id=class_id, name=name, unit_label=unit_label, waitlist_open=waitlist_open
        )
    return full


def wanted_classes_full(*, user: User | None, watching: Collection[int]) -> list[FullClass]:
    """Of the classes a family wants, those full now, by name: the classes its people selected
    (a student's own family's; nobody else's) and those it looked at (`watching`, ids the
    browser kept: nothing more is taken from them).

    Each class's fullness is read once for everyone and kept FULLNESS_KEPT_SECONDS in the shared
    cache: an ask costs the family's selections (one query) and the classes nobody asked after in
    that time (one more, for them all)."""
    wanted = set(watching)
    if user is not None and user.is_authenticated and user.role == Role.STUDENT:
        selected = Selection.objects.filter(student=user).values_list("camp_class_id", flat=True)
        wanted.update(selected)
    if not wanted:
        return []
    keys = {class_id: _fullness_key(class_id) for class_id in wanted}
    kept = cache.get_many(keys.values())
    fullness = {class_id: kept[key] for class_id, key in keys.items() if key in kept}
    unknown = wanted - fullness.keys()
    if unknown:
        read = _fullness_read(unknown, now=timezone.now())
        cache.set_many(
            {keys[class_id]: full or _NOT_FULL for class_id, full in read.items()},
            timeout=FULLNESS_KEPT_SECONDS,
        )
        fullness.update(read)
    full = [known for known in fullness.values() if known]
    return sorted(full, key=lambda known: (known.name, known.unit_label, known.id))
