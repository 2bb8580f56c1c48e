"""A lottery season's reads: the draw's input as plain data (`draw_families`), a family's
wishes and what the draw gave it, the public draw page, and the draw checked again."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from classes.models import Allocation, Season
from core.errors import NotFound
from enrolments.models import Enrolment, EnrolmentStatus, WaitlistStatus
from lottery import draw as the_draw
from lottery.models import (
    Draw,
    DrawResult,
    Entry,
    FriendChild,
    Friends,
    Outcome,
    Together,
    Wish,
)


def season_with_draw(season_id: int) -> Season:
    season = Season.objects.filter(pk=season_id, allocation=Allocation.LOTTERY).first()
    if season is None:
        raise NotFound(_("No such season with a draw."))
    return season


def season_with_draw_named(named: str) -> Season:
    """A lottery season by its id or its name, as the draw's commands are given it."""
    seasons = Season.objects.filter(allocation=Allocation.LOTTERY)
    season = seasons.filter(pk=int(named)).first() if named.isdigit() else None
    season = season or seasons.filter(name=named).first()
    if season is None:
        raise NotFound(_("No season with a draw is called %(named)s.") % {"named": named})
    return season


def draw_families(season: Season) -> tuple[list[the_draw.Family], dict[str, int]]:
    """Every family with a wish, as the draw takes them, and each family's entry id by code.
    Two queries."""
    choices: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    wishes = Wish.objects.filter(entry__season=season).order_by("entry", "participant", "rank")
    for entry_id, child_id, class_id in wishes.values_list(
        "entry_id", "participant_id", "camp_class_id"
    ):
        choices[entry_id][child_id].append(class_id)
    groups: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    together = Together.objects.filter(entry__season=season).order_by("entry", "group")
    for entry_id, group, child_id in together.values_list("entry_id", "group", "participant_id"):
        groups[entry_id][group].append(child_id)
    entries = Entry.objects.filter(pk__in=list(choices)).values_list("pk", "code", "tier")
    friend_of, with_friend = _friends_confirmed(season, choices)
    families = [
        the_draw.Family(
            code,
            tier,
            tuple(
                the_draw.Child(child_id, tuple(wished))
                for child_id, wished in sorted(choices[entry_id].items())
            ),
            tuple(tuple(group) for _number, group in sorted(groups[entry_id].items())),
            friend_of.get(entry_id, ""),
            tuple(sorted(with_friend[entry_id])),
        )
        for entry_id, code, tier in entries
    ]
    return families, {code: entry_id for entry_id, code, _tier in entries}


def _friends_confirmed(season: Season, choices: dict) -> tuple[dict[int, str], dict]:
    """The confirmed pairs of friends: each entry's friend's code, and its children (with
    wishes) placed with the friend's. Two queries."""
    friend_of: dict[int, str] = {}
    with_friend: dict[int, set[int]] = defaultdict(set)
    pairs = Friends.objects.filter(season=season, confirmed_at__isnull=False).values_list(
        "pk", "inviting_id", "inviting__code", "invited_id", "invited__code"
    )
    entry_of_pair: dict[int, tuple[int, int]] = {}
    for pk, inviting, inviting_code, invited, invited_code in pairs:
        friend_of[inviting], friend_of[invited] = invited_code, inviting_code
        entry_of_pair[pk] = (inviting, invited)
    named = FriendChild.objects.filter(friends_id__in=list(entry_of_pair))
    for pair, child_id in named.values_list("friends_id", "participant_id"):
        for entry_id in entry_of_pair[pair]:
            if child_id in choices.get(entry_id, {}):
                with_friend[entry_id].add(child_id)
    return friend_of, with_friend


@dataclass(frozen=True)
class Waitlisted:
    class_id: int
    rank: int
    position: int


@dataclass(frozen=True)
class ChildResult:
    """What the draw gave one child: a class and its rank, or none; why not the first wish;
    and the waitlists the child is on, with their places."""

    participant_id: int
    class_id: int | None
    rank: int | None
    why_not_first: str
    waitlisted: list[Waitlisted]
    # The seat's offer while it waits to be paid (a waitlist entry's id), and how the seat
    # stands: "held", "accepted" (on its way to pay), "paid" or "lapsed"; None for no seat.
    offer_id: int | None = None
    seat: str | None = None


@dataclass(frozen=True)
class FamilyResult:
    place: int
    families: int
    children: list[ChildResult]
    # Until when the seats the draw gave are held for the family to pay.
    pay_by: datetime | None = None


def _seat(row: DrawResult, paid: set[tuple[int, int]], now: datetime) -> tuple[int | None, str]:
    """The placed row's offer, while it stands, and how the seat stands."""
    if (row.participant_id, row.camp_class_id) in paid:
        return None, "paid"
    offer = row.waitlist_entry
    if offer is None or offer.offer_expires_at is None or offer.offer_expires_at <= now:
        return None, "lapsed"
    if offer.status == WaitlistStatus.OFFERED:
        return offer.pk, "held"
    if offer.status == WaitlistStatus.ACCEPTED:
        return offer.pk, "accepted"
    return None, "lapsed"


@dataclass(frozen=True)
class FamilyFriends:
    """The family's pair of friends: "asked" (this family asked, the other has not answered),
    "invited" (the other asked this one) or "confirmed"; the other family's name and its
    children named; this family's children named."""

    id: int
    status: str
    family_name: str
    their_children: list[str]
    child_ids: list[int]


@dataclass(frozen=True)
class FamilyWishes:
    season: Season
    entry: Entry | None
    # Each child's wishes, most wanted first, children in the order of their ids.
    children: list[tuple[int, list[int]]] = field(default_factory=list)
    together: list[list[int]] = field(default_factory=list)
    result: FamilyResult | None = None
    friends: FamilyFriends | None = None


def _friends_shown(entry: Entry) -> FamilyFriends | None:
    pair = (
        Friends.objects.filter(Q(inviting=entry) | Q(invited=entry))
        .select_related("inviting__family", "invited__family")
        .first()
    )
    if pair is None:
        return None
    asked = pair.inviting_id == entry.pk
    other = pair.invited if asked else pair.inviting
    status = "confirmed" if pair.confirmed_at else ("asked" if asked else "invited")
    ours, theirs = [], []
    named = pair.children.order_by("participant_id").values_list(
        "participant_id", "participant__first_name", "participant__account_id"
    )
    for child_id, first_name, account_id in named:
        if account_id == entry.family_id:
            ours.append(child_id)
        else:
            theirs.append(first_name)
    return FamilyFriends(pair.pk, status, other.family.name, theirs, ours)


def family_result(entry: Entry, draw: Draw) -> FamilyResult | None:
    """What the draw gave the family: its place, and per child the seat (with its offer and
    how it stands), why not the first wish, and the waitlists. None for a family not drawn."""
    place = getattr(entry, "place", None)
    if place is None:
        return None
    rows: dict[int, list[DrawResult]] = defaultdict(list)
    for row in (
        DrawResult.objects.filter(draw=draw, entry=entry)
        .select_related("waitlist_entry")
        .order_by("participant", "rank")
    ):
        rows[row.participant_id].append(row)
    paid = set(
        Enrolment.objects.filter(
            participant_id__in=list(rows), status=EnrolmentStatus.ACTIVE
        ).values_list("participant_id", "camp_class_id")
    )
    now = timezone.now()
    children = []
    for child_id, results in rows.items():
        placed = next((row for row in results if row.outcome == Outcome.PLACED), None)
        first_missed = next((row for row in results if row.rank == 1 and row.why_not), None)
        offer_id, seat = _seat(placed, paid, now) if placed else (None, None)
        children.append(
            ChildResult(
                child_id,
                placed.camp_class_id if placed else None,
                placed.rank if placed else None,
                first_missed.why_not if first_missed else "",
                [
                    Waitlisted(row.camp_class_id, row.rank, row.position)
                    for row in results
                    if row.outcome == Outcome.WAITLISTED
                ],
                offer_id,
                seat,
            )
        )
    return FamilyResult(place.place, draw.places.count(), children, draw.pay_by)


def wishes_for(*, family: User, season_id: int) -> FamilyWishes:
    """The family's wishes for the season's draw, and, once it is made, what it gave them."""
    season = season_with_draw(season_id)
    entry = Entry.objects.filter(season=season, family=family).select_related("place").first()
    if entry is None:
        return FamilyWishes(season, None)
    children: dict[int, list[int]] = defaultdict(list)
    for child_id, class_id in entry.wishes.order_by("participant", "rank").values_list(
        "participant_id", "camp_class_id"
    ):
        children[child_id].append(class_id)
    groups: dict[int, list[int]] = defaultdict(list)
    for group, child_id in entry.together.values_list("group", "participant_id"):
        groups[group].append(child_id)
    draw = Draw.objects.filter(season=season, drawn_at__isnull=False).first()
    return FamilyWishes(
        season,
        entry,
        sorted(children.items()),
        [groups[number] for number in sorted(groups)],
        family_result(entry, draw) if draw is not None else None,
        _friends_shown(entry),
    )


@dataclass(frozen=True)
class Allocated:
    """One wish's outcome on the public page: the family by its code, its child by number."""

    code: str
    child: int
    class_id: int
    rank: int
    outcome: str
    position: int | None


@dataclass(frozen=True)
class DrawPage:
    seed_hash: str | None
    seed: str | None = None
    drawn_at: datetime | None = None
    order: list[str] = field(default_factory=list)
    # Each wished class's seats free at the draw, (class id, seats), by class id.
    seats: list[tuple[int, int]] = field(default_factory=list)
    allocations: list[Allocated] = field(default_factory=list)


def draw_page(*, season_id: int) -> DrawPage:
    """What anyone may read of the season's draw: before it, the seed's hash (or nothing, until
    the school commits); after, the seed, the order of the families' codes, the seats shared
    and every wish's outcome, children named by their number within their family."""
    season = season_with_draw(season_id)
    draw = Draw.objects.filter(season=season).first()
    if draw is None or draw.drawn_at is None:
        return DrawPage(draw.seed_hash if draw else None)
    order = list(draw.places.order_by("place").values_list("entry__code", flat=True))
    rows = DrawResult.objects.filter(draw=draw).order_by(
        "entry__place__place", "participant", "rank"
    )
    numbers: dict[int, dict[int, int]] = defaultdict(dict)
    allocations = []
    for code, entry_id, child_id, class_id, rank, outcome, position in rows.values_list(
        "entry__code", "entry_id", "participant_id", "camp_class_id", "rank", "outcome", "position"
    ):
        number = numbers[entry_id].setdefault(child_id, len(numbers[entry_id]) + 1)
        allocations.append(Allocated(code, number, class_id, rank, outcome, position))
    seats = list(draw.seats.order_by("camp_class").values_list("camp_class_id", "seats"))
    return DrawPage(draw.seed_hash, draw.seed, draw.drawn_at, order, seats, allocations)


def stored_rows(draw: Draw) -> set[the_draw.Row]:
    return {
        the_draw.Row(*values)
        for values in DrawResult.objects.filter(draw=draw).values_list(
            "entry__code",
            "participant_id",
            "camp_class_id",
            "rank",
            "outcome",
            "position",
            "why_not",
        )
    }


def draw_differences(*, season_id: int) -> list[str]:
    """The season's draw made again from its seed, the wishes and the seats it shared, against
    what was stored and published: each difference in words, none when they agree."""
    season = season_with_draw(season_id)
    draw = Draw.objects.filter(season=season, drawn_at__isnull=False).first()
    if draw is None:
        return [_("The draw is not made yet.")]
    differences = []
    if the_draw.seed_hash(draw.seed) != draw.seed_hash:
        differences.append(_("The seed's SHA-256 is not the commitment published."))
    families, _entries = draw_families(season)
    seats = dict(draw.seats.values_list("camp_class_id", "seats"))
    result = the_draw.draw(draw.seed, families, seats)
    order = list(draw.places.order_by("place").values_list("entry__code", flat=True))
    if list(result.order) != order:
        differences.append(_("The order is not the seed's."))
    made, stored = set(the_draw.result_rows(result)), stored_rows(draw)
    differences += [
        _("Not stored: %(row)s") % {"row": row} for row in sorted(made - stored, key=str)
    ]
    differences += [
        _("Not the draw's: %(row)s") % {"row": row} for row in sorted(stored - made, key=str)
    ]
    return differences
