"""The demo's lottery season: its wishes open as `make run` starts, its commitment published, and
its printed seed the one committed to, so the demo's draw can be made."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from classes.models import Allocation, Class, ClassStatus, Season
from lottery.draw import seed_hash
from lottery.management.commands.seed_demo_lottery import DEMO_SEED, SEATS
from lottery.models import Draw

pytestmark = pytest.mark.django_db


def test_the_demo_s_lottery_season_takes_wishes_now_and_is_made_once(api_client):
    call_command("seed_demo", stdout=StringIO())
    out = StringIO()
    call_command("seed_demo_lottery", stdout=out)

    season = Season.objects.get(allocation=Allocation.LOTTERY)
    now = timezone.now()
    assert season.wishes_open_at < now < season.wishes_close_at < season.draw_at < season.opens_at
    assert f'draw_run "{season.name}" "{DEMO_SEED}"' in out.getvalue()
    assert Draw.objects.get(season=season).seed_hash == seed_hash(DEMO_SEED)
    classes = Class.objects.filter(season=season)
    assert [(c.status, c.seats, c.age_min, c.age_max) for c in classes] == [
        (ClassStatus.APPROVED, SEATS, 5, 12)
    ] * 3
    answer = api_client.get("/api/seasons").json()
    [shown] = [s for s in answer if s["id"] == season.pk]
    assert shown["allocation"] == "lottery"

    again = StringIO()
    call_command("seed_demo_lottery", stdout=again)
    assert again.getvalue() == "Nothing to do: the demo's lottery season is there already.\n"
    assert Season.objects.filter(allocation=Allocation.LOTTERY).count() == 1
