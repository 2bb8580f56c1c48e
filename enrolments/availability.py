"""Seats free: the one definition, for one class or many.

A class's `seats` column is its seats left: each enrolment takes one and each cancellation gives
one back (`services.seats`). Seats free are those less the seats held now for others, a family
paying or a waitlist offer (a `SeatHold` until its `expires_at`; a participant's own hold is
not held against them), never below none. `free` writes that arithmetic once, for both forms:
a Python value from a class and its count of holds, and a query expression (`seats_free`) that
lists annotate and rules read with the class.

The classes app sits below this one and shows seats free in every class answer: it asks through
`core.events` (SEATS_FREE_IN_QUERY, SEATS_FREE_SHOWN, SEATS_HELD), answered from here.
"""

from datetime import datetime

from django.db.models import Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from classes.models import Class
from enrolments import holds_shown
from enrolments.models import SeatHold, SeatHoldAddOn


def add_on_options_held(
    *, option_ids, now: datetime, beside_hold: int | None = None
) -> dict[int, int]:
    """Of each add-on option, how many are held now with seats (`SeatHoldAddOn` of a live hold),
    but for one hold's own (`beside_hold`): what an option has left is its stock less its sold
    and these (`AddOnOption`)."""
    held = SeatHoldAddOn.objects.filter(option_id__in=option_ids, hold__expires_at__gt=now)
    if beside_hold is not None:
        held = held.exclude(hold_id=beside_hold)
    return dict(held.values("option_id").annotate(n=Sum("quantity")).values_list("option_id", "n"))


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


def held_for_others(*, now: datetime, participant_id: int | None = None, class_of: str = "pk"):
    """How many seats of the class are held now for others (`holds_live`), as a query expression
    over the class row (`class_of` names the class's id among the rows read): what the lists'
    seats free subtract and what the rules' `held_for_others` fact reads."""
    held = (
        holds_live(participant_id=participant_id, now=now)
        .filter(camp_class=OuterRef(class_of))
        .order_by()
        .values("camp_class")
        .annotate(count=Count("*"))
        .values("count")
    )
    return Coalesce(Subquery(held, output_field=IntegerField()), Value(0))


def seats_free(*, now: datetime, through: str = "", participant_id: int | None = None):
    """Seats free as a query expression: a hold stops counting at its expiry, whenever the
    rows are read. `through` names the relation to the class when the rows read are not classes
    ("camp_class" for an enrolment); `participant_id`'s own hold is left out of the count."""
    class_of = f"{through}_id" if through else "pk"
    seats = f"{through}__seats" if through else "seats"
    held_now = held_for_others(now=now, participant_id=participant_id, class_of=class_of)
    return free(F(seats), held_now, greatest=Greatest)


def seats_free_beside(camp_class: Class, *, held_for_others: int) -> int:
    """One class's seats free, its holds counted by the caller (`holds_live`, or read with the
    class under its lock)."""
    return free(camp_class.seats, held_for_others)


def a_seat_free_beside(held_for_others: int) -> Q:
    """The class rows with a seat free beside this many holds: the condition under which the
    seat-taking UPDATE takes one (`services.seats.seat_take`)."""
    return Q(seats__gt=held_for_others)


def seats_held(*, class_id: int, now: datetime) -> int:
    """The seats of one class held for families now (paying, or offered from the waitlist)."""
    return holds_live(camp_class_id=class_id, now=now).count()


def seats_free_in_query(*, now: datetime):
    """`seats_free` for a list of classes (SEATS_FREE_IN_QUERY)."""
    return seats_free(now=now)


def _live_expiries() -> holds_shown.Expiries:
    by_class: holds_shown.Expiries = {}
    for class_id, expires_at in holds_live(now=timezone.now()).values_list(
        "camp_class_id", "expires_at"
    ):
        by_class.setdefault(class_id, []).append(expires_at)
    return by_class


def seats_free_shown(*, seats_left: dict[int, int]) -> dict[int, int]:
    """The seats free the class lists show now, for those of these classes (id: seats left)
    with seats held; the others show their seats left (SEATS_FREE_SHOWN). The holds are read
    again only after one changed (`holds_shown`), so a cached list shows a new hold within
    PUBLIC_LISTS_RECHECK_SECONDS without being built again. Every decision counts holds afresh
    instead."""
    by_class = holds_shown.expiries_by_class(_live_expiries)
    now = timezone.now()
    held = {
        class_id: sum(1 for expires_at in expiries if expires_at > now)
        for class_id, expiries in by_class.items()
        if class_id in seats_left
    }
    return {
        class_id: free(seats_left[class_id], count) for class_id, count in held.items() if count
    }
