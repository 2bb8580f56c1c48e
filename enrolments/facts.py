"""The facts the rules read, each declared once, and the one loader that reads them.

A fact is what the database says of one participant and one class (are they enrolled in it, how
many of its seats others hold, which of their classes meets at the same time): a query
expression over the class row, built for the participant and the moment asked (`Of`). The rules
(`rules.RULES`) read the facts from a `Standing` and nothing else, so a new rule that needs a new
fact is two edits: the fact in `FACTS`, the rule in `RULES`.

The loader reads every fact in one query, for the two ways they are asked:
- one participant and one class (`standing_read`): at every select, hold, payment and seat
  taken, under the class's lock where the caller took it; compiled into SQL once
  (`core.compiled`), since building the queryset each time cost more than the rest of the
  request; taking a hold reads the family's holds with it (`hold_read`, `HOLD_FACTS`);
- a family and a page of classes (`family_standings`): every fact of every participant as a
  column of one query over the classes, for the cards before anyone clicks.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.models import Count, Exists, F, FilteredRelation, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import Participant
from care.selectors import care_columns, care_standing
from classes.models import Class, Meeting, Season
from core.compiled import CompiledQuery
from core.converters import may_name_a_row
from enrolments.availability import held_for_others
from enrolments.models import (
    OPEN_WAITLIST_STATUSES,
    AgeOverride,
    Enrolment,
    EnrolmentStatus,
    HoldLapse,
    SeatHold,
    Selection,
    WaitlistEntry,
)


@dataclass(frozen=True)
class Of:
    """Whom and when a fact is asked of: the participant (an id), the moment, and the class whose
    seat a move gives back (`leaving`, 0 for none), counted as gone already."""

    participant: int
    now: datetime
    leaving: int = 0


@dataclass(frozen=True)
class Fact:
    """One fact: its name (the `Standing` attribute the rules read), its columns as query
    expressions over the class row, how their values make the fact, and what it is for a class
    that is not there. `paying` facts are read only for a family about to pay."""

    name: str
    columns: Callable[[Of], dict[str, Any]]
    value: Callable[[dict, str], Any]
    absent: Any = False
    paying: bool = False


def _fact(name: str, expression: Callable[[Of], Any], absent: Any = False) -> Fact:
    """A fact of one column, named as the fact."""
    return Fact(name, lambda of: {name: expression(of)}, lambda values, _: values[name], absent)


def _taken_by(participant: int) -> Q:
    """The classes the participant selected or holds a seat in, as a filter of rows with a
    `camp_class_id`."""
    selected = Selection.objects.filter(participant_id=participant).values("camp_class_id")
    seated = Enrolment.objects.filter(
        participant_id=participant, status=EnrolmentStatus.ACTIVE
    ).values("camp_class_id")
    return Q(camp_class_id__in=selected) | Q(camp_class_id__in=seated)


def _clashing_class_name(of: Of):
    """The name of the participant's class (selected, or holding a seat) with the soonest
    meeting that overlaps one of this class's. Meetings that only touch, one ending as the other
    starts, do not, nor do cancelled ones. A sibling's classes are theirs: two children of one
    family may be in different places at once."""
    overlaps_this_class = Meeting.objects.filter(
        camp_class_id=OuterRef(OuterRef("pk")),
        cancelled=False,
        start__lt=OuterRef("end"),
        end__gt=OuterRef("start"),
    )
    clashes = (
        Meeting.objects.filter(_taken_by(of.participant), cancelled=False)
        .exclude(camp_class_id=OuterRef("pk"))
        .exclude(camp_class_id=of.leaving)
        .filter(Exists(overlaps_this_class))
        .order_by("start", "id")
        .values("camp_class__name")[:1]
    )
    return Subquery(clashes)


def _theirs(model, of: Of, **more):
    return Exists(
        model.objects.filter(participant_id=of.participant, camp_class_id=OuterRef("pk"), **more)
    )


# Every fact the rules read, for `Standing`.
FACTS: tuple[Fact, ...] = (
    _fact("enrolled", lambda of: _theirs(Enrolment, of, status=EnrolmentStatus.ACTIVE)),
    _fact("selected", lambda of: _theirs(Selection, of)),
    # An admin's `AgeOverride` lets one participant take one class whatever their age.
    _fact("overridden", lambda of: _theirs(AgeOverride, of)),
    _fact(
        "held_for_others",
        lambda of: held_for_others(now=of.now, participant_id=of.participant),
        absent=0,
    ),
    _fact("clashing_class_name", _clashing_class_name, absent=None),
    # On the class's waitlist, or holding its offer: no rule refuses it, the button says it and
    # taking the seat settles the entry.
    _fact(
        "waitlisted",
        lambda of: _theirs(WaitlistEntry, of, status__in=OPEN_WAITLIST_STATUSES),
    ),
    # The participant's paperwork, asked before money changes hands.
    Fact(
        "care",
        lambda of: care_columns(participant_id=of.participant, now=of.now),
        care_standing,
        absent=None,
        paying=True,
    ),
)


class Standing:
    """What the database says of one participant and one class: each of `FACTS` by its name."""

    def __init__(self, **values):
        for fact in FACTS:
            setattr(self, fact.name, values.get(fact.name, fact.absent))

    def __repr__(self) -> str:
        return f"Standing({', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in FACTS)})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Standing) and vars(self) == vars(other)

    def clash_with(self, camp_class: Class) -> str | None:
        """The name of the participant's class that clashes with this one; none for a class
        whose schedule is to be announced."""
        return self.clashing_class_name if camp_class.starts_at is not None else None


def _facts_read(values: dict, *, paying: bool, using: str) -> Standing:
    return Standing(
        **{fact.name: fact.value(values, using) for fact in FACTS if paying or not fact.paying}
    )


def _fact_columns(of: Of, *, paying: bool) -> dict[str, Any]:
    columns = {}
    for fact in FACTS:
        if paying or not fact.paying:
            columns.update(fact.columns(of))
    return columns


# The class's season comes with it, under names of their own: the rules ask when it opens.
_SEASON = "z_"
# A lottery's moments are the draw's to read, not the rules': left out, the statement stays short
# enough for the driver to keep its parse (core.prepared.DRIVER_CACHED_BYTES). Read from a class
# the rules were given, they would cost a query of their own.
_SEASON_UNREAD = frozenset({"allocation", "wishes_open_at", "wishes_close_at", "draw_at"})


@cache
def _fields_of(model) -> tuple[tuple[str, str], ...]:
    """The model's concrete fields as (attname, column), read once the models are loaded."""
    return tuple((field.attname, field.column) for field in model._meta.concrete_fields)


def _season_fields() -> list[str]:
    return [name for name, _ in _fields_of(Season) if name not in _SEASON_UNREAD]


def _class_with_season(class_id: int) -> QuerySet[Class]:
    return (
        Class.objects.filter(pk=class_id)
        .order_by()
        .annotate(**{f"{_SEASON}{name}": F(f"season__{name}") for name in _season_fields()})
    )


def _class_read(values: dict, using: str) -> Class:
    fields = _fields_of(Class)
    camp_class = Class.from_db(
        using, [name for name, _ in fields], [values[column] for _, column in fields]
    )
    if camp_class.season_id is not None:
        names = _season_fields()
        camp_class.season = Season.from_db(
            using, names, [values[f"{_SEASON}{name}"] for name in names]
        )
    return camp_class


def _class_values(queryset: QuerySet[Class], *names: str) -> QuerySet:
    return queryset.values(*(name for name, _ in _fields_of(Class)), *names)


_IDS_AND_NOW = {"participant": int, "class": int, "now": datetime, "leaving": int}


def _standing_query(paying: bool) -> CompiledQuery:
    def build(given) -> QuerySet:
        of = Of(given["participant"], given["now"], given["leaving"])
        columns = _fact_columns(of, paying=paying)
        queryset = _class_with_season(given["class"]).annotate(**columns)
        return _class_values(queryset, *_season_names(), *columns)

    return CompiledQuery(build, _IDS_AND_NOW)


def _season_names() -> list[str]:
    return [f"{_SEASON}{name}" for name in _season_fields()]


_STANDING = {paying: _standing_query(paying) for paying in (False, True)}


def standing_query(*, paying: bool = False) -> CompiledQuery:
    """The statement `standing_read` runs: for a bench to set against its queryset."""
    return _STANDING[paying]


def standing_read(
    *,
    participant_id: int,
    camp_class_id: int,
    now: datetime | None = None,
    paying: bool = False,
    leaving_class_id: int | None = None,
    using: str = DEFAULT_DB_ALIAS,
) -> tuple[Class, Standing] | None:
    """The class (its season read with it) and the participant's standing in it at `now`, in one
    query; with their paperwork when `paying`; None for no such class. `leaving_class_id`: the
    class whose seat a move gives back, which clashes with nothing."""
    if not may_name_a_row(camp_class_id):
        return None
    given = {
        "participant": participant_id,
        "class": camp_class_id,
        "now": now or timezone.now(),
        "leaving": leaving_class_id or 0,
    }
    for values in _STANDING[paying].rows(given, using=using):
        return _class_read(values, using), _facts_read(values, paying=paying, using=using)
    return None


def family_standings(
    *, participants: list[Participant], classes: list[Class], now: datetime
) -> dict[tuple[int, int], Standing]:
    """Each participant's standing in each class, (participant id, class id) to `Standing`, read
    in one query however many of either: each participant's facts as columns of its own."""
    if not participants or not classes:
        return {}
    columns: dict[str, Any] = {}
    for index, participant in enumerate(participants):
        facts = _fact_columns(Of(participant.pk, now), paying=False)
        columns.update({f"{name}_{index}": expression for name, expression in facts.items()})
    names = list(facts)
    rows = (
        Class.objects.filter(pk__in=[camp_class.pk for camp_class in classes])
        .annotate(**columns)
        .values("pk", *columns)
    )
    standings = {}
    for row in rows:
        for index, participant in enumerate(participants):
            values = {name: row[f"{name}_{index}"] for name in names}
            standings[(participant.pk, row["pk"])] = _facts_read(
                values, paying=False, using=rows.db
            )
    return standings


@dataclass(frozen=True)
class FamilyHolds:
    """What one family keeps from others now, beside the hold asked for one participant and
    one class: its live holds and open waitlist offers (both `SeatHold`s) in that class and
    across the school, the holds it let run out unpaid within a day (`HoldLapse`, offers left
    aside), and when the last of those ran out."""

    in_class: int
    anywhere: int
    lapses: int
    last_lapse: datetime | None


def _count(rows: QuerySet):
    counted = rows.order_by().values("student_id").annotate(n=Count("*")).values("n")
    return Coalesce(Subquery(counted), 0)


def _hold_columns(given) -> dict[str, Any]:
    """The family's holds beside the participant's own hold of this class, and the participant's
    own hold (running or run out), as columns over the class row."""
    participant, family, now = given["participant"], given["family"], given["now"]
    live = SeatHold.objects.filter(student_id=family, expires_at__gt=now).exclude(
        participant_id=participant, camp_class_id=OuterRef("pk")
    )
    lapsed = HoldLapse.objects.filter(
        student_id=family, was_offer=False, lapsed_at__gt=given["day_ago"]
    )
    columns = {
        "family_in_class": _count(live.filter(camp_class_id=OuterRef("pk"))),
        # A day of extended care rides with the day it is added to: not a seat kept from others
        # beyond it, so not counted against the family's holds across the school.
        "family_anywhere": _count(live.filter(camp_class__extended_care__isnull=True)),
        "lapses": _count(lapsed),
        "last_lapse": Subquery(lapsed.order_by("-lapsed_at").values("lapsed_at")[:1]),
    }
    for field in _hold_fields():
        columns[f"own_{field}"] = F(f"own__{field}")
    return columns


def _hold_fields() -> list[str]:
    return [name for name, _ in _fields_of(SeatHold)]


def _hold_query(with_class: bool) -> CompiledQuery:
    def build(given) -> QuerySet:
        participant = given["participant"]
        columns = _hold_columns(given)
        columns["held_for_others"] = held_for_others(now=given["now"], participant_id=participant)
        # The participant's own hold, joined: one row at most (a unique constraint).
        own = FilteredRelation("seat_holds", condition=Q(seat_holds__participant_id=participant))
        if not with_class:
            queryset = Class.objects.filter(pk=given["class"]).order_by()
            return queryset.annotate(own=own).annotate(**columns).values(*columns)
        queryset = _class_with_season(given["class"]).annotate(own=own).annotate(**columns)
        return _class_values(queryset, *_season_names(), *columns)

    kinds = {"participant": int, "class": int, "family": int, "now": datetime}
    return CompiledQuery(build, {**kinds, "day_ago": datetime})


_HOLD = {with_class: _hold_query(with_class) for with_class in (False, True)}


@dataclass(frozen=True)
class HoldRead:
    """What taking a hold reads under the class's and the family's locks (`services.hold_take`):
    the class, the participant's own hold of it (running or run out), the seats others hold in
    it, and the family's holds; for a family about to pay, the participant's whole standing with
    their paperwork, so the rules are asked of what the locks guard."""

    camp_class: Class
    own: SeatHold | None
    held_for_others: int
    family: FamilyHolds
    standing: Standing | None


def hold_read(
    *,
    camp_class_id: int,
    participant_id: int,
    family_id: int,
    now: datetime,
    paying: bool = False,
    using: str = DEFAULT_DB_ALIAS,
) -> HoldRead | None:
    """`HoldRead` at `now`, in one query (two for a family about to pay); None for no such class.
    A caller about to add a hold
    takes the family's lock first, in a statement of its own: a statement that waits for a lock
    reads as things stood before it waited, so counting in the locking statement would miss a
    hold written while it waited."""
    if not may_name_a_row(camp_class_id):
        return None
    given = {
        "participant": participant_id,
        "class": camp_class_id,
        "family": family_id,
        "now": now,
        "day_ago": now - timedelta(days=1),
    }
    camp_class = standing = None
    if paying:
        # The standing with the paperwork, and the class, as paying reads them; the holds after
        # it. One statement would be longer than the driver keeps the parse of.
        read = standing_read(
            participant_id=participant_id,
            camp_class_id=camp_class_id,
            now=now,
            paying=True,
            using=using,
        )
        if read is None:
            return None
        camp_class, standing = read
    for values in _HOLD[not paying].rows(given, using=using):
        own = None
        if values["own_id"] is not None:
            names = _hold_fields()
            own = SeatHold.from_db(using, names, [values[f"own_{name}"] for name in names])
        family = FamilyHolds(
            values["family_in_class"],
            values["family_anywhere"],
            values["lapses"],
            values["last_lapse"],
        )
        return HoldRead(
            camp_class=camp_class or _class_read(values, using),
            own=own,
            held_for_others=values["held_for_others"],
            family=family,
            standing=standing,
        )
    return None
