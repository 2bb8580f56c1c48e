"""The draw as a pure function: its order from the seed, serial dictatorship with groups and
tiers, the waitlists, and the property that makes it fair."""

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from lottery.draw import (
    FULL,
    TOGETHER,
    Child,
    Family,
    Placement,
    Row,
    Waiting,
    draw,
    draw_order,
    result_rows,
    seed_hash,
)
from lottery.models import Tier

EVERYONE = Tier.EVERYONE


def _family(code: str, *children: tuple[int, tuple[int, ...]], tier=EVERYONE, together=()):
    return Family(code, tier, tuple(Child(i, choices) for i, choices in children), together)


def test_the_order_is_each_family_s_sha_256_of_the_seed_and_its_code():
    families = [_family(code, (n, (1,))) for n, code in enumerate(["AA", "BB", "CC", "DD"])]

    order = [family.code for family in draw_order("the seed", families)]

    by_hand = sorted(
        ["AA", "BB", "CC", "DD"],
        key=lambda code: hashlib.sha256(f"the seed:{code}".encode()).hexdigest(),
    )
    assert order == by_hand


def test_the_same_seed_makes_the_same_draw_and_another_seed_another_order():
    families = [_family(f"F{n:03}", (n, (1, 2))) for n in range(40)]

    first = draw("seed one", families, {1: 10, 2: 10})

    assert draw("seed one", list(reversed(families)), {1: 10, 2: 10}) == first
    assert draw("seed two", families, {1: 10, 2: 10}).order != first.order


def test_the_commitment_is_the_seed_s_sha_256():
    assert seed_hash("abc") == hashlib.sha256(b"abc").hexdigest()


def _code_drawn_first(seed: str, codes: list[str]) -> str:
    return draw_order(seed, [_family(code, (n, (1,))) for n, code in enumerate(codes)])[0].code


def test_each_family_in_turn_gets_its_highest_wish_with_a_seat():
    first = _code_drawn_first("s", ["AA", "BB"])
    second = "BB" if first == "AA" else "AA"
    families = [_family(first, (1, (10, 20))), _family(second, (2, (10, 20)))]

    result = draw("s", families, {10: 1, 20: 1})

    assert result.placements == {
        1: Placement(first, 10, 1),
        2: Placement(second, 20, 2, FULL),
    }
    assert result.waitlists == {10: (Waiting(second, 2, 1),)}


def test_a_group_is_placed_together_or_passed_over_together():
    first = _code_drawn_first("s", ["AA", "BB"])
    second = "BB" if first == "AA" else "AA"
    siblings = _family(first, (1, (10, 20)), (2, (10, 20)), together=((1, 2),))
    later = _family(second, (3, (10,)))

    # One seat in the first class: not enough for both, so the group takes the second together,
    # and the later family takes the seat the group left.
    result = draw("s", [siblings, later], {10: 1, 20: 2})

    assert result.placements == {
        1: Placement(first, 20, 2, TOGETHER),
        2: Placement(first, 20, 2, TOGETHER),
        3: Placement(second, 10, 1),
    }


def test_a_group_that_fits_nowhere_gets_nothing_and_waits_on_every_wish():
    group = _family("AA", (1, (10, 20)), (2, (10, 20)), together=((1, 2),))

    result = draw("s", [group], {10: 1, 20: 1})

    assert result.placements == {1: Placement("AA", None, None, TOGETHER)} | {
        2: Placement("AA", None, None, TOGETHER)
    }
    assert result.waitlists == {
        10: (Waiting("AA", 1, 1), Waiting("AA", 2, 1)),
        20: (Waiting("AA", 1, 2), Waiting("AA", 2, 2)),
    }


def test_children_not_grouped_are_placed_each_on_their_own():
    family = _family("AA", (1, (10, 20)), (2, (10, 20)))

    result = draw("s", [family], {10: 1, 20: 1})

    assert result.placements == {1: Placement("AA", 10, 1), 2: Placement("AA", 20, 2, FULL)}


def test_each_tier_is_drawn_in_turn_before_everyone_else():
    families = [_family(f"E{n}", (n, (10,))) for n in range(20)]
    families += [
        _family("STAFF", (100, (10,)), tier=Tier.STAFF),
        _family("GRANT", (101, (10,)), tier=Tier.SCHOLARSHIP),
        _family("BACK", (102, (10,)), tier=Tier.RETURNING),
    ]

    result = draw("any seed", families, {10: 2})

    assert result.order[:3] == ("BACK", "GRANT", "STAFF")
    assert {child for child, got in result.placements.items() if got.class_id} == {102, 101}


def test_the_rows_name_every_seat_and_every_place_on_a_waitlist():
    families = [_family("AA", (1, (10, 20)))]

    rows = result_rows(draw("s", families, {10: 0, 20: 1}))

    assert set(rows) == {
        Row("AA", 1, 20, 2, "placed", None, ""),
        Row("AA", 1, 10, 1, "waitlisted", 1, FULL),
    }
    assert len(rows) == 2


_families = st.lists(
    st.tuples(
        st.sampled_from(list(Tier.values)),
        st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=5, unique=True), max_size=3),
        st.booleans(),
    ),
    min_size=1,
    max_size=25,
)


def _built(drawn) -> list[Family]:
    families, child = [], 0
    for number, (tier, children, grouped) in enumerate(drawn):
        ids = list(range(child, child + len(children)))
        child += len(children)
        together = (tuple(ids),) if grouped and len(ids) > 1 else ()
        families.append(
            Family(f"C{number:03}", tier, tuple(map(Child, ids, map(tuple, children))), together)
        )
    return families


@settings(max_examples=200, deadline=None)
@given(
    drawn=_families,
    seats=st.dictionaries(st.integers(1, 6), st.integers(0, 3)),
    seed=st.text(max_size=10),
)
def test_no_later_family_takes_a_seat_an_earlier_one_wanted_more_than_what_it_got(
    drawn, seats, seed
):
    """Serial dictatorship: for a child of an earlier family (not in a group) who did not get a
    class it ranked above what it got, that class had no seat left at its turn; so no later
    family is given that class at all."""
    families = _built(drawn)
    result = draw(seed, families, seats)
    place = {code: n for n, code in enumerate(result.order)}
    family_of = {child.id: family for family in families for child in family.children}
    grouped = {i for family in families for group in family.together for i in group}
    for child_id, placement in result.placements.items():
        if child_id in grouped:
            continue
        child = next(c for c in family_of[child_id].children if c.id == child_id)
        got = placement.rank or len(child.choices) + 1
        wanted_more = set(child.choices[: got - 1])
        for other in result.placements.values():
            if place[other.code] > place[placement.code]:
                assert other.class_id not in wanted_more


@settings(max_examples=100, deadline=None)
@given(drawn=_families, seats=st.dictionaries(st.integers(1, 6), st.integers(0, 3)))
def test_no_class_is_given_more_seats_than_it_had(drawn, seats):
    result = draw("seed", _built(drawn), seats)

    for class_id in {p.class_id for p in result.placements.values() if p.class_id}:
        given_seats = sum(1 for p in result.placements.values() if p.class_id == class_id)
        assert given_seats <= seats.get(class_id, 0)


def _friends(seats: int, *, b_names_a: bool = True) -> tuple:
    """Ana (returning, drawn first) and Ben (drawn last) ask to have their children 1 and 2
    placed together; Cleo (scholarship) is drawn between them. All wish for class 7."""
    ana = Family("ANA", Tier.RETURNING, (Child(1, (7,)),), friend="BEN", with_friend=(1,))
    ben = Family(
        "BEN", EVERYONE, (Child(2, (7,)),), friend="ANA" if b_names_a else "", with_friend=(2,)
    )
    cleo = _family("CLEO", (3, (7,)), tier=Tier.SCHOLARSHIP)
    return draw("seed", [ana, ben, cleo], {7: seats})


def test_friends_are_placed_together_at_the_later_family_s_turn():
    result = _friends(seats=3)

    assert result.order == ("ANA", "CLEO", "BEN")
    assert result.placements == {
        3: Placement("CLEO", 7, 1),
        1: Placement("ANA", 7, 1),
        2: Placement("BEN", 7, 1),
    }


def test_friends_are_passed_over_together_and_a_family_never_comes_earlier_for_a_friend():
    result = _friends(seats=2)

    # Cleo's turn came before the friends' (Ben's): she took a seat Ana alone would have had.
    assert result.placements == {
        3: Placement("CLEO", 7, 1),
        1: Placement("ANA", None, None, TOGETHER),
        2: Placement("BEN", None, None, TOGETHER),
    }
    assert result.waitlists == {7: (Waiting("ANA", 1, 1), Waiting("BEN", 2, 1))}


def test_a_friend_counts_only_when_each_family_names_the_other():
    result = _friends(seats=2, b_names_a=False)

    assert result.placements == {
        1: Placement("ANA", 7, 1),
        3: Placement("CLEO", 7, 1),
        2: Placement("BEN", None, None, FULL),
    }
