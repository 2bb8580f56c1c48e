"""Friends' families in a draw: one family asks another by its code to have children placed
together, the other confirms; the draw places them together at the later family's turn or not at
all, and `draw_verify` makes the same draw from what was stored."""

from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command

from lottery.draw import seed_hash
from lottery.models import DrawResult, Entry, Friends, Outcome, Tier
from lottery.services import draw_commit, draw_run
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_lottery_season, a_season_class

pytestmark = pytest.mark.django_db

SEED = "friends' seed"


@pytest.fixture
def season():
    return a_lottery_season()


@pytest.fixture
def clay(season):
    return a_season_class(season, "30.00", seats=2, name="Clay")


def _wishing(api_client_for, season, clay, name, tier):
    family = UserFactory(name=name)
    child = ChildFactory(account=family)
    client = api_client_for(family)
    answer = client.put(
        f"/api/seasons/{season.pk}/wishes",
        {"children": [{"participantId": child.pk, "choices": [clay.pk]}]},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    Entry.objects.filter(family=family).update(tier=tier)
    return client, child, answer.json()["code"]


def _friends(client, season):
    return client.get(f"/api/seasons/{season.pk}/wishes").json()["friends"]


def test_two_families_placed_together_wait_for_the_later_turn_and_go_together(
    api_client_for, season, clay
):
    ana, mia, _ana_code = _wishing(api_client_for, season, clay, "Ana Silva", Tier.RETURNING)
    ben, max_, ben_code = _wishing(api_client_for, season, clay, "Ben Okafor", Tier.EVERYONE)
    _cleo = _wishing(api_client_for, season, clay, "Cleo Park", Tier.SCHOLARSHIP)

    asked = ana.post(
        f"/api/seasons/{season.pk}/friends",
        {"code": ben_code.lower(), "childIds": [mia.pk]},
        format="json",
    )

    assert asked.status_code == 200, asked.json()
    pair = asked.json()["friends"]
    assert pair == {
        "id": pair["id"],
        "status": "asked",
        "familyName": "Ben Okafor",
        "theirChildren": [],
        "childIds": [mia.pk],
    }
    assert _friends(ben, season) == {
        "id": pair["id"],
        "status": "invited",
        "familyName": "Ana Silva",
        "theirChildren": [mia.first_name],
        "childIds": [],
    }
    confirmed = ben.post(
        f"/api/seasons/{season.pk}/friends/{pair['id']}/confirm",
        {"childIds": [max_.pk]},
        format="json",
    )
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["friends"]["status"] == "confirmed"
    assert _friends(ana, season)["theirChildren"] == [max_.first_name]

    draw_commit(season_id=season.pk, seed_hash=seed_hash(SEED))
    with time_machine.travel(season.draw_at + timedelta(minutes=1)):
        draw_run(season_id=season.pk, seed=SEED)

    # Ana is drawn first, Cleo next, Ben last: Ana's Mia waits for Ben's turn with Max, when
    # one seat of two is left, so both go to the waitlist, Mia first.
    outcomes = {
        row.participant_id: (row.outcome, row.position, row.why_not)
        for row in DrawResult.objects.filter(camp_class=clay)
    }
    assert outcomes[mia.pk] == (Outcome.WAITLISTED, 1, "together")
    assert outcomes[max_.pk] == (Outcome.WAITLISTED, 2, "together")
    assert sorted(o for o, _p, _w in outcomes.values()) == [
        Outcome.PLACED,
        Outcome.WAITLISTED,
        Outcome.WAITLISTED,
    ]
    call_command("draw_verify", str(season.pk))


def test_asking_a_friend_is_refused_with_the_field_named(api_client_for, season, clay):
    ana, mia, ana_code = _wishing(api_client_for, season, clay, "Ana Silva", Tier.EVERYONE)
    ben, max_, ben_code = _wishing(api_client_for, season, clay, "Ben Okafor", Tier.EVERYONE)
    _cleo, _child, cleo_code = _wishing(api_client_for, season, clay, "Cleo Park", Tier.EVERYONE)
    no_wishes = ChildFactory(account=Entry.objects.get(code=ana_code).family)
    url = f"/api/seasons/{season.pk}/friends"

    def ask(client, code, child_ids):
        return client.post(url, {"code": code, "childIds": child_ids}, format="json")

    own = ask(ana, ana_code, [mia.pk])
    unknown = ask(ana, "NOSUCH00", [mia.pk])
    not_wishing = ask(ana, ben_code, [no_wishes.pk])
    not_ours = ask(ana, ben_code, [max_.pk])
    outsider = api_client_for(UserFactory())
    before_wishing = ask(outsider, ben_code, [mia.pk])
    ask(ana, ben_code, [mia.pk])
    taken = ask(_cleo, ben_code, [_child.pk])
    twice = ask(ana, cleo_code, [mia.pk])

    assert (own.status_code, list(own.json()["errors"])) == (400, ["code"])
    assert (unknown.status_code, list(unknown.json()["errors"])) == (400, ["code"])
    assert (not_wishing.status_code, list(not_wishing.json()["errors"])) == (400, ["childIds"])
    assert (not_ours.status_code, list(not_ours.json()["errors"])) == (400, ["childIds"])
    assert before_wishing.status_code == 409
    assert "Make your wishes first" in before_wishing.json()["message"]
    assert taken.status_code == 409 and twice.status_code == 409
    assert Friends.objects.count() == 1


def test_an_invitation_is_confirmed_only_by_its_family_and_withdrawn_by_either(
    api_client_for, season, clay
):
    ana, mia, _code = _wishing(api_client_for, season, clay, "Ana Silva", Tier.EVERYONE)
    ben, _max, ben_code = _wishing(api_client_for, season, clay, "Ben Okafor", Tier.EVERYONE)
    cleo, cleo_child, _c = _wishing(api_client_for, season, clay, "Cleo Park", Tier.EVERYONE)
    pair = ana.post(
        f"/api/seasons/{season.pk}/friends",
        {"code": ben_code, "childIds": [mia.pk]},
        format="json",
    ).json()["friends"]
    base = f"/api/seasons/{season.pk}/friends/{pair['id']}"

    by_the_asker = ana.post(f"{base}/confirm", {"childIds": [mia.pk]}, format="json")
    by_another = cleo.post(f"{base}/confirm", {"childIds": [cleo_child.pk]}, format="json")
    withdrawn_by_another = cleo.delete(base)
    declined = ben.delete(base)

    assert [by_the_asker.status_code, by_another.status_code] == [404, 404]
    assert withdrawn_by_another.status_code == 404
    assert declined.status_code == 200 and declined.json()["friends"] is None
    assert _friends(ana, season) is None
    with time_machine.travel(season.wishes_close_at + timedelta(minutes=1)):
        late = api_client_for(Entry.objects.get(family__name="Ana Silva").family).post(
            f"/api/seasons/{season.pk}/friends",
            {"code": ben_code, "childIds": [mia.pk]},
            format="json",
        )
    assert late.status_code == 409
    assert not Friends.objects.exists()
