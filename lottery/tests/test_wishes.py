"""A family's wishes: made and changed in the window, asked the rules as a selection is, frozen
once the wishes close."""

from datetime import timedelta

import pytest
import time_machine
from django.db import IntegrityError, transaction
from django.test import override_settings
from django.utils import timezone

from classes.models import Class, Season
from classes.schedule import school_timezone
from core.school_time import school_today
from lottery.models import Entry, Tier, Wish
from testing.dates import years_before
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory
from testing.seasons import a_lottery_season, a_season, a_season_class

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return a_lottery_season()


@pytest.fixture
def family():
    return UserFactory()


def _put(client, season, body):
    return client.put(f"/api/seasons/{season.pk}/wishes", body, format="json")


def test_a_family_ranks_classes_per_child_and_groups_them(api_client_for, season, family):
    clay, paint, print_ = (a_season_class(season, "30.00", week=n) for n in range(3))
    mia, leo = ChildFactory(account=family), ChildFactory(account=family)
    body = {
        "children": [
            {"participantId": mia.pk, "choices": [clay.pk, paint.pk]},
            {"participantId": leo.pk, "choices": [clay.pk, print_.pk]},
        ],
        "together": [[mia.pk, leo.pk]],
    }

    answer = _put(api_client_for(family), season, body)

    assert answer.status_code == 200, answer.json()
    entry = Entry.objects.get(season=season, family=family)
    assert answer.json() == {
        "seasonId": season.pk,
        "code": entry.code,
        "maxChoices": 5,
        "children": body["children"],
        "together": [[mia.pk, leo.pk]],
        "result": None,
        "friends": None,
    }
    assert len(entry.code) == 8
    assert entry.tier == Tier.EVERYONE
    assert api_client_for(family).get(f"/api/seasons/{season.pk}/wishes").json() == answer.json()


def test_wishes_put_again_replace_those_before(api_client_for, season, family):
    clay, paint = a_season_class(season, "30.00"), a_season_class(season, "30.00", week=1)
    mia = ChildFactory(account=family)
    client = api_client_for(family)
    _put(client, season, {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]})

    answer = _put(client, season, {"children": [{"participantId": mia.pk, "choices": [paint.pk]}]})

    assert answer.status_code == 200
    assert list(Wish.objects.values_list("participant", "rank", "camp_class")) == [
        (mia.pk, 1, paint.pk)
    ]


def test_a_wish_the_rules_refuse_is_refused_at_the_wish_and_nothing_is_written(
    api_client_for, season, family
):
    clay = a_season_class(season, "30.00")
    teens = a_season_class(season, "30.00", week=1)
    Class.objects.filter(pk=teens.pk).update(age_min=13, age_max=17)
    mia = ChildFactory(account=family, date_of_birth=years_before(school_today(), 7))

    answer = _put(
        api_client_for(family),
        season,
        {"children": [{"participantId": mia.pk, "choices": [clay.pk, teens.pk]}]},
    )

    assert answer.status_code == 400
    body = answer.json()
    assert list(body["errors"]) == ["children"]
    [message] = body["errors"]["children"]
    assert message.startswith("Item 1: choices: Item 2: Ages 13–17: ")
    assert f"{mia.first_name} will be 7" in message
    assert not Entry.objects.exists()
    assert not Wish.objects.exists()


@override_settings(CARE_REQUIRED_AT="checkout")
def test_a_child_s_missing_paperwork_is_refused_at_the_wish(api_client_for, season, family):
    clay = a_season_class(season, "30.00")
    mia = ChildFactory(account=family, care=False)

    answer = _put(
        api_client_for(family),
        season,
        {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]},
    )

    assert answer.status_code == 400
    [message] = answer.json()["errors"]["children"]
    assert message.startswith(f"Item 1: choices: Item 1: Before {mia.first_name}'s first class")


@override_settings(LOTTERY_MAX_CHOICES=2)
def test_no_more_wishes_than_the_school_allows_nor_a_class_of_another_season(
    api_client_for, season, family
):
    classes = [a_season_class(season, "30.00", week=n) for n in range(3)]
    elsewhere = a_season_class(a_season("Autumn"), "30.00")
    mia, leo = ChildFactory(account=family), ChildFactory(account=family)

    answer = _put(
        api_client_for(family),
        season,
        {
            "children": [
                {"participantId": mia.pk, "choices": [c.pk for c in classes]},
                {"participantId": leo.pk, "choices": [elsewhere.pk]},
            ],
            "together": [[mia.pk]],
        },
    )

    assert answer.status_code == 400
    assert answer.json()["errors"] == {
        "children": [
            "Item 1: choices: At most 2 classes may be wished for.",
            "Item 2: choices: Only Lottery summer's classes may be wished for.",
        ],
        "together": ["Each group is of two or more children with wishes, each child in one group."],
    }


def test_another_family_s_child_is_as_good_as_absent(api_client_for, season, family):
    clay = a_season_class(season, "30.00")
    theirs = ChildFactory()

    answer = _put(
        api_client_for(family),
        season,
        {"children": [{"participantId": theirs.pk, "choices": [clay.pk]}]},
    )

    assert answer.status_code == 404
    assert not Wish.objects.exists()


def test_wishes_are_refused_after_the_window_closes_and_the_ones_made_are_kept(
    api_client_for, season, family
):
    clay, paint = a_season_class(season, "30.00"), a_season_class(season, "30.00", week=1)
    mia = ChildFactory(account=family)
    client = api_client_for(family)
    _put(client, season, {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]})

    with time_machine.travel(season.wishes_close_at + timedelta(seconds=1)):
        # A token of the moment: the one made a week before has run out.
        answer = _put(
            api_client_for(family),
            season,
            {"children": [{"participantId": mia.pk, "choices": [paint.pk]}]},
        )

    assert answer.status_code == 409
    assert answer.json()["code"] == "wishes_closed"
    assert answer.json()["message"].startswith("Wishes for Lottery summer closed on ")
    assert list(Wish.objects.values_list("camp_class", flat=True)) == [clay.pk]


def test_wishes_wait_for_the_window_to_open(api_client_for, family):
    season = a_lottery_season(wishes_opened=-timedelta(days=1))
    clay = a_season_class(season, "30.00")
    mia = ChildFactory(account=family)

    answer = _put(
        api_client_for(family),
        season,
        {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]},
    )

    assert answer.status_code == 409
    assert answer.json()["code"] == "wishes_not_open"


def test_a_first_come_season_takes_no_wishes(api_client_for, family):
    season = a_season()
    clay = a_season_class(season, "30.00")
    mia = ChildFactory(account=family)
    client = api_client_for(family)

    answer = _put(client, season, {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]})

    assert answer.status_code == 404
    assert client.get(f"/api/seasons/{season.pk}/wishes").status_code == 404


def test_a_returning_family_is_in_the_first_tier(api_client_for, season, family):
    earlier = a_season("Last summer", starts_in_days=-300, days=30, closes_at=timezone.now())
    mia = ChildFactory(account=family)
    EnrolmentFactory(student=family, participant=mia, camp_class=a_season_class(earlier, "30.00"))
    clay = a_season_class(season, "30.00")

    _put(
        api_client_for(family),
        season,
        {"children": [{"participantId": mia.pk, "choices": [clay.pk]}]},
    )

    assert Entry.objects.get(family=family).tier == Tier.RETURNING


def test_the_season_json_says_how_its_seats_go(api_client, season):
    shown = {s["id"]: s for s in api_client.get("/api/seasons").json()}[season.pk]

    def at_school(moment):
        return moment.astimezone(school_timezone()).isoformat()

    assert {
        key: shown[key] for key in ("allocation", "wishesOpenAt", "wishesCloseAt", "drawAt")
    } == {
        "allocation": "lottery",
        "wishesOpenAt": at_school(season.wishes_open_at),
        "wishesCloseAt": at_school(season.wishes_close_at),
        "drawAt": at_school(season.draw_at),
    }


def test_a_first_come_season_s_json_has_no_window(api_client):
    season = a_season()

    shown = {s["id"]: s for s in api_client.get("/api/seasons").json()}[season.pk]

    assert [shown[key] for key in ("allocation", "wishesOpenAt", "wishesCloseAt", "drawAt")] == [
        "first_come",
        None,
        None,
        None,
    ]


def test_the_database_holds_a_lottery_s_window_in_order(season):
    for fields in (
        {"wishes_close_at": season.wishes_open_at},
        {"draw_at": season.wishes_close_at - timedelta(seconds=1)},
        {"draw_at": None},
        {"allocation": "first_come"},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            Season.objects.filter(pk=season.pk).update(**fields)
