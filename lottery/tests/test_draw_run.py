"""The draw made: the seed checked against the commitment, the result stored and published, the
family told its place, and `draw_verify` finding the same result (and not a tampered one)."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.core.management import CommandError, call_command

from accounts.services import participant_delete
from core.errors import Conflict, InvalidInput
from lottery.draw import seed_hash
from lottery.models import Draw, DrawPlace, DrawResult, Entry, Outcome, Wish
from lottery.services import ChildWishes, draw_commit, draw_run, wishes_put
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_lottery_season, a_season_class

pytestmark = pytest.mark.django_db

SEED = "a secret only the school knows"


@pytest.fixture
def season():
    return a_lottery_season()


def _families_wishing(season, classes, count):
    """`count` families of one child each, all wishing the classes in the same order."""
    families = []
    for _n in range(count):
        family = UserFactory()
        child = ChildFactory(account=family)
        wishes_put(
            family=family,
            season_id=season.pk,
            children=[ChildWishes(child.pk, [c.pk for c in classes])],
            together=[],
        )
        families.append((family, child))
    return families


def _at_the_draw(season):
    return time_machine.travel(season.draw_at + timedelta(minutes=1))


def test_the_draw_shares_the_seats_free_and_publishes_what_anyone_checks(
    season, api_client, api_client_for
):
    clay = a_season_class(season, "30.00", seats=1)
    paint = a_season_class(season, "30.00", week=1, seats=1)
    families = _families_wishing(season, [clay, paint], 3)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    assert api_client.get(f"/api/seasons/{season.pk}/draw").json() == {"seedHash": seed_hash(SEED)}

    with _at_the_draw(season):
        draw = draw_run(season_id=season.pk, seed=SEED)
        page = api_client.get(f"/api/seasons/{season.pk}/draw").json()
        mine = [
            api_client_for(family).get(f"/api/seasons/{season.pk}/wishes").json()["result"]
            for family, _child in families
        ]

    order = list(DrawPlace.objects.order_by("place").values_list("entry__code", flat=True))
    code_of = dict(Entry.objects.values_list("family", "code"))
    first, second, third = (
        next(pair for pair in families if code_of[pair[0].pk] == code) for code in order
    )
    assert page == {
        "seedHash": seed_hash(SEED),
        "seed": SEED,
        "drawnAt": page["drawnAt"],
        "order": order,
        "seats": [{"classId": clay.pk, "seats": 1}, {"classId": paint.pk, "seats": 1}],
        "allocations": [
            _allocated(order[0], clay, 1, "placed", None),
            _allocated(order[1], clay, 1, "waitlisted", 1),
            _allocated(order[1], paint, 2, "placed", None),
            _allocated(order[2], clay, 1, "waitlisted", 2),
            _allocated(order[2], paint, 2, "waitlisted", 1),
        ],
    }
    assert draw.drawn_at is not None
    by_family = dict(zip([f for f, _c in families], mine, strict=True))
    pay_by = by_family[first[0]]["payBy"]
    assert by_family[first[0]] == {
        "place": 1,
        "families": 3,
        "payBy": pay_by,
        "children": [_got(first[1], clay, 1, "", [], seat="held")],
    }
    assert by_family[second[0]] == {
        "place": 2,
        "families": 3,
        "payBy": pay_by,
        "children": [_got(second[1], paint, 2, "full", [(clay, 1, 1)], seat="held")],
    }
    assert by_family[third[0]] == {
        "place": 3,
        "families": 3,
        "payBy": pay_by,
        "children": [_got(third[1], None, None, "full", [(clay, 1, 2), (paint, 2, 1)])],
    }
    assert datetime.fromisoformat(pay_by) == draw.drawn_at + timedelta(days=3)


def _allocated(code, camp_class, rank, outcome, position):
    return {
        "code": code,
        "child": 1,
        "classId": camp_class.pk,
        "rank": rank,
        "outcome": outcome,
        "position": position,
    }


def _got(child, camp_class, rank, why_not, waitlisted, seat=None):
    """A child's result; a seat's offer is the waitlist entry the draw made of it."""
    offer = DrawResult.objects.filter(participant=child, outcome=Outcome.PLACED).first()
    return {
        "participantId": child.pk,
        "classId": camp_class.pk if camp_class else None,
        "rank": rank,
        "whyNotFirst": why_not,
        "waitlisted": [{"classId": c.pk, "rank": r, "position": p} for c, r, p in waitlisted],
        "offerId": offer.waitlist_entry_id if seat in ("held", "accepted") else None,
        "seat": seat,
    }


def test_a_seed_that_is_not_the_one_committed_to_is_refused(season):
    clay = a_season_class(season, "30.00")
    _families_wishing(season, [clay], 2)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))

    with _at_the_draw(season), pytest.raises(Conflict) as refused:
        draw_run(season_id=season.pk, seed="another seed")

    assert refused.value.code == "seed_mismatch"
    assert Draw.objects.get().drawn_at is None
    assert not DrawResult.objects.exists()


def test_the_draw_waits_for_its_published_time_and_is_made_once(season):
    _families_wishing(season, [a_season_class(season, "30.00")], 1)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))

    with pytest.raises(Conflict) as early:
        draw_run(season_id=season.pk, seed=SEED)
    closed = season.wishes_close_at + timedelta(minutes=1)
    with time_machine.travel(closed), pytest.raises(Conflict) as closed_not_drawn:
        draw_run(season_id=season.pk, seed=SEED)
    with _at_the_draw(season):
        draw_run(season_id=season.pk, seed=SEED)
        with pytest.raises(Conflict) as again:
            draw_run(season_id=season.pk, seed=SEED)

    assert [early.value.code, closed_not_drawn.value.code, again.value.code] == [
        "not_yet",
        "not_yet",
        "drawn",
    ]
    assert DrawResult.objects.count() == 1


def test_no_draw_once_the_season_has_opened_to_everyone(season):
    _families_wishing(season, [a_season_class(season, "30.00")], 1)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))

    with time_machine.travel(season.opens_at), pytest.raises(Conflict) as late:
        draw_run(season_id=season.pk, seed=SEED)

    assert late.value.code == "season_open"
    assert not DrawResult.objects.exists()


def test_the_commitment_is_made_once_before_the_wishes_close(season):
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))

    with pytest.raises(Conflict):
        draw_commit(season_id=season.pk, seed_hash=seed_hash("another"))
    with pytest.raises(InvalidInput):
        draw_commit(season_id=a_lottery_season("Autumn").pk, seed_hash="not a hash")
    winter = a_lottery_season("Winter")
    with _at_the_draw(winter), pytest.raises(Conflict):
        draw_commit(season_id=winter.pk, seed_hash=seed_hash(SEED))
    assert Draw.objects.get().seed_hash == seed_hash(SEED)


def test_wishes_are_frozen_once_the_draw_is_made(season):
    clay = a_season_class(season, "30.00")
    [(family, child)] = _families_wishing(season, [clay], 1)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    with _at_the_draw(season):
        draw_run(season_id=season.pk, seed=SEED)

    with pytest.raises(Conflict) as refused:
        wishes_put(family=family, season_id=season.pk, children=[], together=[])

    assert refused.value.code == "wishes_closed"
    assert Entry.objects.get().wishes.count() == 1


def _drawn(season, families=4):
    clay = a_season_class(season, "30.00", seats=2)
    paint = a_season_class(season, "30.00", week=1, seats=1)
    _families_wishing(season, [clay, paint], families)
    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    with _at_the_draw(season):
        draw_run(season_id=season.pk, seed=SEED)
    return clay, paint


def test_draw_verify_finds_the_same_result(season, capsys):
    _drawn(season)

    call_command("draw_verify", str(season.pk))

    assert "The draw is the seed's" in capsys.readouterr().out


def test_draw_verify_fails_on_a_tampered_allocation(season):
    clay, paint = _drawn(season)
    # A family given its first wish is written down as given its second.
    moved = DrawResult.objects.filter(camp_class=clay, outcome=Outcome.PLACED).first()
    DrawResult.objects.filter(pk=moved.pk).update(camp_class=paint, rank=2)

    with pytest.raises(CommandError, match="not the seed's"):
        call_command("draw_verify", season.name)


def test_draw_verify_fails_on_a_tampered_order(season):
    _drawn(season)
    first, second = DrawPlace.objects.order_by("place")[:2]
    DrawPlace.objects.filter(pk=first.pk).update(place=1000)
    DrawPlace.objects.filter(pk=second.pk).update(place=1001)
    DrawPlace.objects.filter(pk=first.pk).update(place=second.place)
    DrawPlace.objects.filter(pk=second.pk).update(place=first.place)

    with pytest.raises(CommandError, match="not the seed's"):
        call_command("draw_verify", str(season.pk))


def test_draw_verify_fails_on_a_seed_that_is_not_the_commitment(season):
    _drawn(season)
    Draw.objects.update(seed_hash=seed_hash("the hash first published"))

    with pytest.raises(CommandError):
        call_command("draw_verify", str(season.pk))


def test_a_child_in_a_draw_made_keeps_their_record(season):
    _drawn(season, families=1)
    child = DrawResult.objects.get().participant

    with pytest.raises(Conflict, match="is in a season's draw"):
        participant_delete(account=child.account, participant_id=child.pk)

    assert Wish.objects.filter(participant=child).exists()


def test_a_child_removed_before_the_draw_takes_their_wishes_along(season):
    [(family, child)] = _families_wishing(season, [a_season_class(season, "30.00")], 1)

    participant_delete(account=family, participant_id=child.pk)

    assert not Wish.objects.exists()
