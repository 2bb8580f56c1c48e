"""A lottery season's writes: a family's wishes, the school's commitment to a seed, the draw.

Each runs in one transaction; a refusal leaves nothing half-written. The draw itself is
`lottery.draw.draw`, fed and stored here.
"""

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, User
from care.selectors import CareStanding, care_columns, care_standing
from classes.models import Allocation, Class, Season
from classes.schedule import school_timezone
from core.errors import Conflict, InvalidInput, NotFound
from core.language import WEEKDAY_DAY_AND_YEAR, said
from enrolments.availability import seats_free
from enrolments.facts import Standing, family_standings
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.rules import Asked, first_refusal
from lottery import draw as the_draw
from lottery.models import (
    Draw,
    DrawPlace,
    DrawResult,
    DrawSeats,
    Entry,
    FriendChild,
    Friends,
    Tier,
    Together,
    Wish,
)
from lottery.payment_window import commitment_tell, drawn_places_put, results_tell
from lottery.selectors import draw_families

# The rules a wish is not asked, and why: the season's registration opens after the draw; the
# seats are the draw's to share (a full class still takes wishes, for its waitlist); a selection
# is first come's.
NOT_ASKED_AT_WISH = frozenset({"season", "full", "selected"})
SEED_HASH = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class ChildWishes:
    participant_id: int
    choices: list[int]


def _lottery_season(season: Season) -> None:
    if season.allocation != Allocation.LOTTERY:
        raise NotFound(_("%(season)s has no draw: its seats go first come.") % {"season": season})


def _day(moment: datetime) -> str:
    return said(moment.astimezone(school_timezone()), WEEKDAY_DAY_AND_YEAR)


def _wishes_window_open(*, season: Season, now: datetime) -> None:
    """Wishes are made and changed in the window alone, and frozen once the draw is made."""
    _lottery_season(season)
    if now < season.wishes_open_at:
        opens = {"season": season.name, "day": _day(season.wishes_open_at)}
        raise Conflict(_("Wishes for %(season)s open on %(day)s.") % opens, code="wishes_not_open")
    drawn = Draw.objects.filter(season=season, drawn_at__isnull=False).exists()
    if now >= season.wishes_close_at or drawn:
        closed = {"season": season.name, "day": _day(season.wishes_close_at)}
        raise Conflict(_("Wishes for %(season)s closed on %(day)s.") % closed, code="wishes_closed")


def _shape_problems(
    season: Season, children: list[ChildWishes], together: list[list[int]], classes: dict
) -> dict:
    """What is wrong with the wishes' shape, by field: too many, repeated, not of the season,
    a child twice, a group of one or of a child without wishes."""
    most = settings.LOTTERY_MAX_CHOICES
    by_child: dict[str, dict] = {}
    seen: set[int] = set()
    for index, child in enumerate(children):
        messages = []
        if child.participant_id in seen:
            messages.append(_("This child's wishes are given twice."))
        seen.add(child.participant_id)
        if len(child.choices) > most:
            messages.append(_("At most %(most)s classes may be wished for.") % {"most": most})
        if len(set(child.choices)) < len(child.choices):
            messages.append(_("A class is wished for twice."))
        if any(classes.get(class_id) is None for class_id in child.choices):
            messages.append(_("Only %(season)s's classes may be wished for.") % {"season": season})
        if messages:
            by_child[str(index)] = {"choices": messages}
    problems: dict = {"children": by_child} if by_child else {}
    wishing = {child.participant_id for child in children if child.choices}
    grouped = [child_id for group in together for child_id in group]
    if (
        len(grouped) > len(set(grouped))
        or any(len(set(group)) < 2 for group in together)
        or not set(grouped) <= wishing
    ):
        problems["together"] = [
            _("Each group is of two or more children with wishes, each child in one group.")
        ]
    return problems


def _refusals(
    participants: dict[int, Participant], children: list[ChildWishes], classes: dict, now
) -> dict:
    """The rules' refusals of the wishes, by field: each as selecting the class would say it,
    the paperwork asked as paying would, but for `NOT_ASKED_AT_WISH`."""
    wished = list({class_id for child in children for class_id in child.choices})
    standings = family_standings(
        participants=list(participants.values()),
        classes=[classes[class_id] for class_id in wished],
        now=now,
    )
    care = {pk: _care_read(pk, now) for pk in participants}
    by_child: dict[str, dict] = {}
    for index, child in enumerate(children):
        participant = participants[child.participant_id]
        by_choice = {}
        for rank, class_id in enumerate(child.choices):
            standing = standings.get((participant.pk, class_id), Standing())
            # Paying's fact, read once a child rather than by the rule at each wish.
            standing.care = care[participant.pk]
            asked = Asked(
                participant,
                classes[class_id],
                standing,
                now,
                selecting=True,
                paying=True,
                early_access=frozenset(),
            )
            refusal = first_refusal(asked, skipping=NOT_ASKED_AT_WISH)
            if refusal is not None:
                by_choice[str(rank)] = [refusal.to_select]
        if by_choice:
            by_child[str(index)] = {"choices": by_choice}
    return {"children": by_child} if by_child else {}


def _care_read(participant_id: int, now: datetime) -> CareStanding:
    columns = care_columns(participant_id=participant_id, now=now)
    read = Participant.objects.filter(pk=participant_id).annotate(**columns).values(*columns)
    return care_standing(read.get(), read.db)


def _entry_for(*, family: User, season: Season) -> tuple[Entry, bool]:
    """The family's entry in the season's draw, and whether it was made now."""
    entry = Entry.objects.select_for_update().filter(season=season, family=family).first()
    if entry is not None:
        return entry, False
    returning = Enrolment.objects.filter(
        student_id=family.pk,
        status=EnrolmentStatus.ACTIVE,
        camp_class__season__starts_on__lt=season.starts_on,
    )
    tier = Tier.RETURNING if returning.exists() else Tier.EVERYONE
    while True:
        # Eight letters and digits: unguessable enough for a name only its family knows.
        code = secrets.token_hex(4).upper()
        if not Entry.objects.filter(season=season, code=code).exists():
            return Entry.objects.create(season=season, family=family, code=code, tier=tier), True


@transaction.atomic
def wishes_put(
    *,
    family: User,
    season_id: int,
    children: list[ChildWishes],
    together: list[list[int]],
) -> Entry:
    """The family's wishes for the season's draw, replacing any before: per child, up to
    `LOTTERY_MAX_CHOICES` of the season's classes, most wanted first, each one the rules let the
    child take; and groups of children placed together or not at all. When a wish is made does
    not matter: only the draw's order does."""
    now = timezone.now()
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound(_("No such season."))
    _wishes_window_open(season=season, now=now)
    ids = {child.participant_id for child in children}
    participants = Participant.objects.filter(account=family, pk__in=ids).in_bulk()
    if len(participants) < len(ids):
        raise NotFound(_("No such person in your family."))
    wished = {class_id for child in children for class_id in child.choices}
    classes = Class.objects.filter(season=season, pk__in=wished).select_related("season").in_bulk()
    problems = _shape_problems(season, children, together, classes)
    if not problems:
        problems = _refusals(participants, children, classes, now)
    if problems:
        raise InvalidInput(problems)
    entry, new = _entry_for(family=family, season=season)
    if new and Draw.objects.filter(season=season).exists():
        commitment_tell(entry=entry)
    entry.wishes.all().delete()
    entry.together.all().delete()
    Wish.objects.bulk_create(
        Wish(entry=entry, participant_id=child.participant_id, rank=rank, camp_class_id=class_id)
        for child in children
        for rank, class_id in enumerate(child.choices, start=1)
    )
    Together.objects.bulk_create(
        Together(entry=entry, group=number, participant_id=child_id)
        for number, group in enumerate(together, start=1)
        for child_id in sorted(set(group))
    )
    entry.save(update_fields=["updated_at"])
    return entry


def _entry_wishing(*, family: User, season_id: int, lock: bool = True) -> tuple[Entry, set[int]]:
    """The family's entry in the season's draw (locked, unless the caller locks it with
    another), while wishes are taken; and the ids of its children with wishes. A family makes
    its wishes before naming friends."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound(_("No such season."))
    _wishes_window_open(season=season, now=timezone.now())
    entries = Entry.objects.select_for_update() if lock else Entry.objects
    entry = entries.filter(season=season, family=family).first()
    if entry is None:
        raise Conflict(_("Make your wishes first, then ask to be placed with friends."))
    return entry, set(entry.wishes.values_list("participant_id", flat=True))


def _children_named(child_ids: list[int], wishing: set[int]) -> list[int]:
    if not child_ids or not set(child_ids) <= wishing:
        raise InvalidInput(
            {"childIds": [_("Name one or more of your children with wishes for this season.")]}
        )
    return sorted(set(child_ids))


def _friends_of(entry: Entry) -> Friends | None:
    return Friends.objects.filter(Q(inviting=entry) | Q(invited=entry)).first()


@transaction.atomic
def friends_invite(*, family: User, season_id: int, code: str, child_ids: list[int]) -> Friends:
    """Ask the family whose code this is to have some of our children placed with some of
    theirs: together at the later of the two families' turns, or not at all (`lottery.draw`).
    The friend confirms; either may withdraw until the wishes close."""
    entry, wishing = _entry_wishing(family=family, season_id=season_id, lock=False)
    named = _children_named(child_ids, wishing)
    friend = Entry.objects.filter(season_id=season_id, code=code.strip().upper()).first()
    if friend is None:
        raise InvalidInput({"code": [_("No family in this season's draw has that code.")]})
    if friend.pk == entry.pk:
        raise InvalidInput({"code": [_("That is your own family's code.")]})
    # Both entries locked in the order of their ids, so two families asking each other at once
    # make one pair.
    list(Entry.objects.select_for_update().filter(pk__in=[entry.pk, friend.pk]).order_by("pk"))
    if _friends_of(entry) is not None:
        raise Conflict(_("Your family is placed with friends already: withdraw that first."))
    if _friends_of(friend) is not None:
        raise Conflict(_("That family is placed with other friends already."))
    friends = Friends.objects.create(season_id=season_id, inviting=entry, invited=friend)
    FriendChild.objects.bulk_create(FriendChild(friends=friends, participant_id=i) for i in named)
    return friends


@transaction.atomic
def friends_confirm(
    *, family: User, season_id: int, friends_id: int, child_ids: list[int]
) -> Friends:
    """The invited family says yes, naming its children to be placed with the other's."""
    entry, wishing = _entry_wishing(family=family, season_id=season_id)
    friends = Friends.objects.select_for_update().filter(pk=friends_id, invited=entry).first()
    if friends is None:
        raise NotFound(_("No such invitation to your family."))
    named = _children_named(child_ids, wishing)
    if friends.confirmed_at is None:
        FriendChild.objects.bulk_create(
            FriendChild(friends=friends, participant_id=i) for i in named
        )
        friends.confirmed_at = timezone.now()
        friends.save(update_fields=["confirmed_at"])
    return friends


@transaction.atomic
def friends_leave(*, family: User, season_id: int, friends_id: int) -> None:
    """Either family withdraws, or the invited one declines, until the wishes close."""
    entry, _wishing = _entry_wishing(family=family, season_id=season_id)
    friends = (
        Friends.objects.filter(pk=friends_id).filter(Q(inviting=entry) | Q(invited=entry)).first()
    )
    if friends is None:
        raise NotFound(_("No such invitation to your family."))
    friends.delete()


@transaction.atomic
def draw_commit(*, season_id: int, seed_hash: str) -> Draw:
    """The school's commitment to its secret seed, published before the wishes close: the
    seed's SHA-256 in hex. Once made it is not changed."""
    season = Season.objects.select_for_update().filter(pk=season_id).first()
    if season is None:
        raise NotFound(_("No such season."))
    _lottery_season(season)
    if not SEED_HASH.match(seed_hash):
        raise InvalidInput({"seed_hash": [_("A SHA-256 in hex: 64 of 0-9 and a-f.")]})
    if timezone.now() >= season.wishes_close_at:
        raise Conflict(_("The commitment is published before the wishes close."))
    if Draw.objects.filter(season=season).exists():
        raise Conflict(_("This season's draw is committed to its seed already."))
    draw = Draw.objects.create(season=season, seed_hash=seed_hash)
    for entry in Entry.objects.filter(season=season).select_related("family"):
        commitment_tell(entry=entry)
    return draw


@transaction.atomic
def draw_run(*, season_id: int, seed: str) -> Draw:
    """The season's draw, made once the wishes are closed, with the seed whose hash the school
    published (checked against it): the order, each child's placement and the waitlists,
    stored for the draw page and `draw_verify`. The wishes are frozen from here on."""
    now = timezone.now()
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound(_("No such season."))
    _lottery_season(season)
    draw = Draw.objects.select_for_update().filter(season=season).first()
    if draw is None:
        raise Conflict(_("The draw's seed was never committed to."), code="no_commitment")
    if draw.drawn_at is not None:
        raise Conflict(_("This season's draw is made already."), code="drawn")
    if now < season.draw_at:
        raise Conflict(
            _("The draw is made at its published time, %(day)s.") % {"day": _day(season.draw_at)},
            code="not_yet",
        )
    if now >= season.opens_at:
        raise Conflict(
            _("%(season)s opened to everyone already: its draw comes before.")
            % {"season": season.name},
            code="season_open",
        )
    if the_draw.seed_hash(seed) != draw.seed_hash:
        raise Conflict(_("This seed is not the one the school committed to."), code="seed_mismatch")
    families, entries = draw_families(season)
    wished = {class_id for family in families for c in family.children for class_id in c.choices}
    seats = dict(
        Class.objects.filter(pk__in=wished)
        .annotate(free=seats_free(now=now))
        .values_list("pk", "free")
    )
    result = the_draw.draw(seed, families, seats)
    draw.seed, draw.drawn_at = seed, now
    draw.pay_by = now + timedelta(days=settings.LOTTERY_PAYMENT_DAYS)
    draw.save(update_fields=["seed", "drawn_at", "pay_by"])
    _result_store(draw, result, entries, seats, now)
    results_tell(draw=draw)
    return draw


def _result_store(
    draw: Draw, result: the_draw.Result, entries: dict, seats: dict, now: datetime
) -> None:
    """The draw's result kept, each row with the waitlist entry it became (`payment_window`)."""
    rows = list(the_draw.result_rows(result))
    waitlist = drawn_places_put(draw=draw, rows=rows, entries=entries, now=now)
    DrawSeats.objects.bulk_create(
        DrawSeats(draw=draw, camp_class_id=class_id, seats=free) for class_id, free in seats.items()
    )
    DrawPlace.objects.bulk_create(
        DrawPlace(draw=draw, entry_id=entries[code], place=place)
        for place, code in enumerate(result.order, start=1)
    )
    DrawResult.objects.bulk_create(
        (
            DrawResult(
                draw=draw,
                entry_id=entries[row.code],
                participant_id=row.child_id,
                camp_class_id=row.class_id,
                rank=row.rank,
                outcome=row.outcome,
                position=row.position,
                why_not=row.why_not,
                waitlist_entry=waitlist[(row.child_id, row.class_id)],
            )
            for row in rows
        ),
        batch_size=2000,
    )


def participant_leaving_checked(*, participant: Participant) -> None:
    """A child with wishes in a draw already made keeps their record: the draw's outcomes name
    them, and `draw_verify` makes the draw again from their wishes (`core.events.
    PARTICIPANT_LEAVING`). Wishes for a draw not made yet go with the child."""
    drawn = Draw.objects.filter(drawn_at__isnull=False).values("season_id")
    if Wish.objects.filter(participant=participant, entry__season_id__in=drawn).exists():
        raise Conflict(
            _(
                "%(first_name)s is in a season's draw, so their record is kept: the draw's "
                "published result names their place."
            )
            % {"first_name": participant.first_name}
        )
