"""When a season and a class take registrations (`classes.registration`), at the edges: the
opening minute, early access, a season closed, a class begun or closed early. Seasons and classes
here are unsaved rows: the answer reads their own fields and nothing else."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from classes.models import Class, Season
from classes.registration import (
    Shut,
    Shutting,
    registration_opens_at,
    registration_shut,
)
from core.school_time import school_today

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
# Next year's summer on the school's clock, so the season is always ahead of the run.
YEAR = school_today().year + 1
OPENS = datetime(YEAR, 3, 1, 9, tzinfo=LOS_ANGELES)
EARLY = OPENS - timedelta(days=7)
CLOSES = datetime(YEAR, 6, 1, 0, tzinfo=LOS_ANGELES)
MINUTE = timedelta(minutes=1)


def summer(*, early: datetime | None = EARLY) -> Season:
    return Season(
        name=f"Summer {YEAR}",
        starts_on=date(YEAR, 6, 14),
        ends_on=date(YEAR, 8, 13),
        opens_at=OPENS,
        closes_at=CLOSES,
        early_access_opens_at=early,
    )


def a_class(*, starts_at: datetime | None, closes_at: datetime | None = None) -> Class:
    return Class(starts_at=starts_at, registration_closes_at=closes_at)


def never_asked() -> bool:
    raise AssertionError("early access was asked when the answer does not depend on it")


class TestTheSeason:
    def test_it_opens_on_the_minute_for_every_family(self):
        assert registration_shut(season=summer(), now=OPENS - MINUTE) == Shutting(
            Shut.NOT_OPEN_YET, OPENS
        )
        assert registration_shut(season=summer(), now=OPENS) is None

    def test_early_access_opens_it_at_the_early_minute(self):
        assert registration_shut(season=summer(), early_access=True, now=EARLY - MINUTE) == (
            Shutting(Shut.NOT_OPEN_YET, EARLY)
        )
        assert registration_shut(season=summer(), early_access=True, now=EARLY) is None

    def test_in_the_early_window_a_family_without_it_is_told_the_seasons_opening(self):
        assert registration_shut(season=summer(), early_access=False, now=EARLY) == Shutting(
            Shut.NOT_OPEN_YET, OPENS
        )

    def test_early_access_means_nothing_for_a_season_without_it(self):
        assert registration_shut(season=summer(early=None), early_access=True, now=EARLY) == (
            Shutting(Shut.NOT_OPEN_YET, OPENS)
        )

    def test_early_access_is_asked_only_before_the_opening(self):
        asked = []

        def has_it() -> bool:
            asked.append(True)
            return True

        assert registration_shut(season=summer(), early_access=has_it, now=EARLY) is None
        assert asked == [True]
        assert registration_shut(season=summer(), early_access=never_asked, now=OPENS) is None
        assert registration_shut(season=summer(early=None), early_access=never_asked, now=EARLY)

    def test_it_closes_on_the_minute(self):
        assert registration_shut(season=summer(), now=CLOSES - MINUTE) is None
        assert registration_shut(season=summer(), early_access=never_asked, now=CLOSES) == (
            Shutting(Shut.SEASON_CLOSED, CLOSES)
        )

    @pytest.mark.parametrize("early_access", [False, True])
    def test_the_moment_it_opens_for_the_family(self, early_access):
        expected = EARLY if early_access else OPENS
        assert registration_opens_at(summer(), early_access=early_access) == expected
        assert registration_opens_at(summer(early=None), early_access=early_access) == OPENS


class TestTheClass:
    START = datetime(YEAR, 6, 14, 9, tzinfo=LOS_ANGELES)

    def test_it_closes_when_the_first_meeting_starts_by_default(self):
        camp_class = a_class(starts_at=self.START)

        assert registration_shut(camp_class=camp_class, now=self.START - MINUTE) is None
        assert registration_shut(camp_class=camp_class, now=self.START) == Shutting(
            Shut.CLASS_STARTED, self.START
        )

    def test_an_earlier_close_is_kept(self):
        closes = self.START - timedelta(days=7)
        camp_class = a_class(starts_at=self.START, closes_at=closes)

        assert registration_shut(camp_class=camp_class, now=closes - MINUTE) is None
        assert registration_shut(camp_class=camp_class, now=closes) == Shutting(
            Shut.CLASS_CLOSED, closes
        )

    def test_a_later_close_still_stops_at_the_start(self):
        camp_class = a_class(starts_at=self.START, closes_at=self.START + timedelta(days=2))

        assert registration_shut(camp_class=camp_class, now=self.START + timedelta(days=1)) == (
            Shutting(Shut.CLASS_STARTED, self.START)
        )

    def test_a_class_to_be_announced_stays_open(self):
        assert registration_shut(camp_class=a_class(starts_at=None), now=CLOSES) is None


class TestBoth:
    def test_the_season_is_asked_before_the_class(self):
        camp_class = a_class(starts_at=OPENS - MINUTE)

        assert registration_shut(season=summer(), camp_class=camp_class, now=OPENS - MINUTE) == (
            Shutting(Shut.NOT_OPEN_YET, OPENS)
        )
        assert registration_shut(season=summer(), camp_class=camp_class, now=OPENS) == Shutting(
            Shut.CLASS_STARTED, OPENS - MINUTE
        )

    def test_a_class_alone_leaves_its_season_to_the_seasons_answer(self):
        camp_class = a_class(starts_at=None)
        camp_class.season = summer()

        assert registration_shut(camp_class=camp_class, now=CLOSES) is None
