"""Seats free: the one definition, for one class or many.

A class's `seats` column is its seats left: each enrolment takes one and each cancellation gives
one back (`services.seats`). Seats free are those less the seats held now for others, a family
paying or a waitlist offer (a `SeatHold` until its `expires_at`; a participant's own hold is
not held against them), never below none. `free` writes that arithmetic once, for both forms:
a Python value from a class and its count of holds, and a query expression (`seats_free`) that
lists annotate and rules read with the class. The seat-taking UPDATE asks `a_seat_free_beside`.
"""

from datetime import datetime

from django.db.models import Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Greatest

from classes.models import Class
from enrolments.models import SeatHold


def free(seats, held, *, greatest=max):
    """The seats left less those held, never below none: ints with `max`, or query
    expressions with `greatest=Greatest`."""
    return greatest(seats - held, 0)


def holds_live(
    *, camp_class_id: int | None = None, participant_id: int | None = None, now: datetime
) -> QuerySet[SeatHold]:
    """The holds that keep a seat of the class from this participant now: everyone's but their
    own, while unexpired (a checkout's or a waitlist offer's alike)."""
    holds = SeatHold.objects.filter(expires_at__gt=now)
    if camp_class_id is not None:
        holds = holds.filter(camp_class_id=camp_class_id)
    if participant_id is not None:
        holds = holds.exclude(participant_id=participant_id)
    return holds


def seats_free(*, now: datetime, through: str = "", participant_id: int | None = None):
    """Seats free as a query expression: a hold stops counting at its expiry, whenever the
    rows are read. `through` names the relation to the class when the rows read are not classes
    ("camp_class" for an enrolment); `participant_id`'s own hold is left out of the count."""
    class_of = f"{through}_id" if through else "pk"
    seats = f"{through}__seats" if through else "seats"
    held = (
        holds_live(participant_id=participant_id, now=now)
        .filter(camp_class=OuterRef(class_of))
        .order_by()
        .values("camp_class")
        .annotate(count=Count("*"))
        .values("count")
    )
    held_now = Coalesce(Subquery(held, output_field=IntegerField()), Value(0))
    return free(F(seats), held_now, greatest=Greatest)


def seats_free_beside(camp_class: Class, *, held_for_others: int) -> int:
    """One class's seats free, its holds counted by the caller (`holds_live`, or read with the
    class under its lock)."""
    return free(camp_class.seats, held_for_others)


def a_seat_free_beside(held_for_others: int) -> Q:
    """The class rows with a seat free beside this many holds: the condition under which the
    seat-taking UPDATE takes one (`services.seats.seat_take`)."""
    return Q(seats__gt=held_for_others)
