"""The draw: who gets which seat, as a pure function of the seed, the families' wishes and the
seats free. No database: `lottery.services.draw_run` hands it plain data and stores its answer,
and `manage.py draw_verify` hands it the same data again and compares.

The procedure, which anyone can follow by hand (docs/lottery.md):

1. The order. Each family's key is the SHA-256, in hex, of the seed, a colon and the family's
   code (`sha256("<seed>:<code>")`, UTF-8). Families are ordered by tier (returning, scholarship,
   staff children, everyone else: `lottery.models.Tier`), then by key, lowest first. A tie of
   keys (never seen in practice) falls to the code.
2. The seats. In that order, each family's children are placed one unit at a time: a child on
   their own, or a group that the family asked to be placed together. A unit takes the first
   rank (1, 2, ...) at which every child of it has a wish and every class wished at that rank
   has a seat for each of the unit's children wishing it; the seats are taken. A unit with no
   such rank gets nothing. Units go in the order of their first child's id, children by id.
3. The waitlists. Every wish ranked above the one a child got (all of them, for a child given
   nothing) joins its class's waitlist, in the same order: the family's place, then its
   children's, then the rank.
4. Friends. Two families who asked to be placed with each other (each naming some of its
   children, with any group of its own they are in) make one unit of those children, placed at
   the turn of whichever of the two comes later in the order, and their waitlists joined then:
   a family never comes earlier by naming a friend.
"""

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

FULL = "full"
TOGETHER = "together"
PLACED = "placed"
WAITLISTED = "waitlisted"


@dataclass(frozen=True)
class Child:
    """One child's wishes: class ids, most wanted first."""

    id: int
    choices: tuple[int, ...]


@dataclass(frozen=True)
class Family:
    code: str
    tier: int
    children: tuple[Child, ...]
    # Groups of child ids placed together or not at all; a child is in at most one.
    together: tuple[tuple[int, ...], ...] = ()
    # The family placed with this one (its code; each names the other), and which of this
    # family's children go with the friend's.
    friend: str = ""
    with_friend: tuple[int, ...] = ()


@dataclass(frozen=True)
class Placement:
    """What a child of the family (`code`) got: the class and its rank (1 first), or None for
    nothing; and why not the first wish, when not it (`FULL` or `TOGETHER`)."""

    code: str
    class_id: int | None
    rank: int | None
    why_not_first: str = ""


@dataclass(frozen=True)
class Waiting:
    code: str
    child_id: int
    rank: int


@dataclass(frozen=True)
class Result:
    order: tuple[str, ...]
    placements: dict[int, Placement]
    # Each class's waitlist, first first.
    waitlists: dict[int, tuple[Waiting, ...]]


def seed_hash(seed: str) -> str:
    """The commitment the school publishes before the wishes close."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def family_key(seed: str, code: str) -> str:
    return hashlib.sha256(f"{seed}:{code}".encode()).hexdigest()


def draw_order(seed: str, families: Iterable[Family]) -> list[Family]:
    return sorted(
        families, key=lambda family: (family.tier, family_key(seed, family.code), family.code)
    )


def _units(family: Family) -> list[tuple[Child, ...]]:
    by_id = {child.id: child for child in family.children}
    grouped = {child_id for group in family.together for child_id in group}
    units = [tuple(by_id[i] for i in sorted(group) if i in by_id) for group in family.together]
    units += [(child,) for child in family.children if child.id not in grouped]
    return sorted((unit for unit in units if unit), key=lambda unit: unit[0].id)


def _place(unit: tuple[Child, ...], seats: dict[int, int]) -> tuple[int | None, str]:
    """The rank the unit takes (its seats taken), or None; and why not its first rank."""
    why_not = ""
    deepest = max(len(child.choices) for child in unit)
    for index in range(deepest):
        if any(len(child.choices) <= index for child in unit):
            continue
        wanted = Counter(child.choices[index] for child in unit)
        if all(seats.get(class_id, 0) >= count for class_id, count in wanted.items()):
            for class_id, count in wanted.items():
                seats[class_id] -= count
            return index, why_not
        if index == 0:
            each_has_one = all(seats.get(class_id, 0) >= 1 for class_id in wanted)
            why_not = TOGETHER if each_has_one and len(unit) > 1 else FULL
    return None, why_not or FULL


def _friend_of(family: Family, by_code: Mapping[str, Family]) -> Family | None:
    """The family's friend, when each names the other."""
    friend = by_code.get(family.friend) if family.friend else None
    return friend if friend is not None and friend.friend == family.code else None


def _joint(family: Family, friend: Family) -> set[int]:
    """The ids of the two families' children placed together: those each named, with every
    group of their own family they are in."""
    named = set(family.with_friend) | set(friend.with_friend)
    for group in (*family.together, *friend.together):
        if named & set(group):
            named |= set(group)
    return named & {child.id for child in (*family.children, *friend.children)}


def _turn(family: Family, by_code, place) -> tuple[list[tuple[Child, ...]], list[Child]]:
    """The units placed at the family's turn, and the children whose waitlists join then: its
    own, less those waiting for a friend drawn later; with a friend drawn earlier, theirs too."""
    friend = _friend_of(family, by_code)
    joint = _joint(family, friend) if friend else set()
    units = [unit for unit in _units(family) if not joint & {child.id for child in unit}]
    children = [child for child in family.children if child.id not in joint]
    if friend is not None and place[friend.code] < place[family.code]:
        together = sorted(
            (c for c in (*family.children, *friend.children) if c.id in joint),
            key=lambda child: child.id,
        )
        units.append(tuple(together))
        children += together
    return sorted(units, key=lambda unit: unit[0].id), sorted(children, key=lambda c: c.id)


def draw(seed: str, families: Iterable[Family], seats: Mapping[int, int]) -> Result:
    """The draw's result for this seed: the order of the families' codes, each child's
    placement, and each class's waitlist. `seats`: each wished class's seats free."""
    ordered = draw_order(seed, families)
    by_code = {family.code: family for family in ordered}
    place = {family.code: index for index, family in enumerate(ordered)}
    code_of = {child.id: family.code for family in ordered for child in family.children}
    left = dict(seats)
    placements: dict[int, Placement] = {}
    waitlists: dict[int, list[Waiting]] = {}
    for family in ordered:
        units, children = _turn(family, by_code, place)
        for unit in units:
            index, why_not = _place(unit, left)
            for child in unit:
                got = None if index is None else child.choices[index]
                rank = None if index is None else index + 1
                placements[child.id] = Placement(
                    code_of[child.id], got, rank, "" if index == 0 else why_not
                )
        for child in children:
            placed = placements[child.id].rank
            above = child.choices if placed is None else child.choices[: placed - 1]
            for rank, class_id in enumerate(above, start=1):
                waitlists.setdefault(class_id, []).append(
                    Waiting(code_of[child.id], child.id, rank)
                )
    return Result(
        tuple(family.code for family in ordered),
        placements,
        {class_id: tuple(line) for class_id, line in waitlists.items()},
    )


@dataclass(frozen=True, order=True)
class Row:
    """One wish's outcome as stored and published: a seat (`PLACED`), or a place on the class's
    waitlist (`WAITLISTED`, `position` 1 first); `why_not` beside a first wish not given."""

    code: str
    child_id: int
    class_id: int
    rank: int
    outcome: str
    position: int | None
    why_not: str


def result_rows(result: Result) -> list[Row]:
    """The result as rows: what `draw_run` stores and `draw_verify` compares."""
    rows = [
        Row(placement.code, child_id, placement.class_id, placement.rank, PLACED, None, "")
        for child_id, placement in result.placements.items()
        if placement.class_id is not None
    ]
    for class_id, line in result.waitlists.items():
        for position, waiting in enumerate(line, start=1):
            placement = result.placements[waiting.child_id]
            why_not = placement.why_not_first if waiting.rank == 1 else ""
            rows.append(
                Row(
                    waiting.code,
                    waiting.child_id,
                    class_id,
                    waiting.rank,
                    WAITLISTED,
                    position,
                    why_not,
                )
            )
    return rows
