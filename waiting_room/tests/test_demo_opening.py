"""`manage.py demo_opening`: the demo's coming summer moved to open in a few minutes, and the
waiting room told, so a newcomer sees the line in the browser."""

from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.utils import timezone

from classes.models import Season
from testing.seasons import a_season
from testing.waiting_rooms import waiting_room_on
from waiting_room.line import keys, room_opening
from waiting_room.management.commands.demo_opening import demo_season_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock():
    with time_machine.travel(timezone.now().replace(microsecond=0), tick=False) as traveller:
        yield traveller


@pytest.fixture
def room(settings):
    with waiting_room_on(settings, "demo-opening") as client:
        yield client


def demo_opening(*arguments: str) -> str:
    out = StringIO()
    call_command("demo_opening", *arguments, stdout=out)
    return out.getvalue()


def the_coming_summer() -> Season:
    """The coming summer as seed_demo makes it: opened to every family weeks ago, a week after
    its early access, and taking registrations until September."""
    return a_season(
        demo_season_name(),
        opens_in=-timedelta(days=20),
        early_by=timedelta(days=7),
        closes_at=timezone.now() + timedelta(days=120),
    )


def test_the_coming_summer_opens_in_two_minutes_and_the_room_takes_it(room, clock):
    season = the_coming_summer()
    a_season("Next summer", opens_in=timedelta(days=30))

    said = demo_opening("--in", "2")

    season.refresh_from_db()
    opens_at = timezone.now() + timedelta(minutes=2)
    assert season.opens_at == opens_at
    assert season.early_access_opens_at == opens_at - timedelta(days=7)
    opening_id = f"{season.pk}-{int(opens_at.timestamp())}"
    written = room.hgetall(keys().opening)
    assert (written["id"], written["season"], written["name"]) == (
        opening_id,
        str(season.pk),
        demo_season_name(),
    )
    assert float(written["opensAt"]) == opens_at.timestamp()
    # The line formed already: a family coming now waits in it.
    assert room_opening(fresh=True).active(timezone.now())
    assert not room_opening(fresh=True).gating(timezone.now())
    assert f"{demo_season_name()} opens to every family at" in said
    assert "The waiting room's line has formed" in said


def test_run_again_it_moves_the_opening_again_and_the_line_starts_afresh(room, clock):
    season = the_coming_summer()
    demo_opening("--in", "2")
    first = room.hget(keys().opening, "id")
    clock.shift(timedelta(minutes=5))

    demo_opening("--in", "3")

    season.refresh_from_db()
    assert season.opens_at == timezone.now() + timedelta(minutes=3)
    assert room.hget(keys().opening, "id") not in (None, first)


def test_another_season_is_moved_when_named(room, clock):
    other = a_season("Winter", opens_in=timedelta(days=40))

    demo_opening("--in", "2", "--season", "Winter")

    other.refresh_from_db()
    assert other.opens_at == timezone.now() + timedelta(minutes=2)
    assert room.hget(keys().opening, "season") == str(other.pk)


def test_with_the_room_off_the_season_still_moves_and_it_is_said(clock, settings):
    settings.WAITING_ROOM_ENABLED = True
    settings.WAITING_ROOM_REDIS_URL = None
    season = the_coming_summer()

    said = demo_opening()

    season.refresh_from_db()
    assert season.opens_at == timezone.now() + timedelta(minutes=2)
    assert "The waiting room is off" in said


def test_without_the_demo_season_it_says_to_seed_first(room, clock):
    with pytest.raises(CommandError, match="run `manage.py seed_demo` first"):
        demo_opening("--in", "2")

    assert room.hget(keys().opening, "id") is None


def test_a_season_closing_before_the_moment_is_left_as_it_was(room, clock):
    season = a_season(
        demo_season_name(),
        opens_in=-timedelta(days=2),
        closes_at=timezone.now() + timedelta(minutes=1),
    )

    with pytest.raises(CommandError, match="cannot open then"):
        demo_opening("--in", "2")

    opens_at = season.opens_at
    season.refresh_from_db()
    assert season.opens_at == opens_at
