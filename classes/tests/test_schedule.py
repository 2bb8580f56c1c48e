"""A schedule as written expands into the school's meetings; bad schedules name their field."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from classes.schedule import (
    Schedule,
    meeting_times,
    schedule_from,
    total_hours,
)
from core.errors import InvalidInput

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
# The data is a season written out as dates: read on the day it was written against.
pytestmark = pytest.mark.usefixtures("on_the_reference_day")
MON, TUE, WED, THU, FRI = range(5)


def schedule(**fields):
    given = {
        "start_date": date(2027, 6, 14),
        "end_date": date(2027, 6, 25),
        "meeting_days": [MON, WED, FRI],
        "start_time": time(9),
        "end_time": time(12),
        "no_meeting_dates": [],
    }
    given.update(fields)
    return schedule_from(**given)


class TestExpansion:
    def test_the_weekdays_between_the_dates_are_the_meetings(self):
        meetings = meeting_times(schedule())

        assert [meeting.day for meeting in meetings] == [
            date(2027, 6, 14),
            date(2027, 6, 16),
            date(2027, 6, 18),
            date(2027, 6, 21),
            date(2027, 6, 23),
            date(2027, 6, 25),
        ]
        assert meetings[0].start == datetime(2027, 6, 14, 9, tzinfo=LOS_ANGELES)
        assert meetings[0].end == datetime(2027, 6, 14, 12, tzinfo=LOS_ANGELES)

    def test_a_holiday_has_no_meeting(self):
        meetings = meeting_times(schedule(no_meeting_dates=[date(2027, 6, 16)]))

        assert date(2027, 6, 16) not in [meeting.day for meeting in meetings]
        assert len(meetings) == 5

    def test_a_one_day_workshop_needs_no_end_date_and_no_weekdays(self):
        workshop = schedule(end_date=None, meeting_days=[], start_date=date(2027, 7, 10))

        meetings = meeting_times(workshop)

        assert workshop.end_date == date(2027, 7, 10)
        assert [meeting.day for meeting in meetings] == [date(2027, 7, 10)]

    def test_nine_in_the_morning_stays_nine_across_the_change_to_winter_time(self):
        # The United States leave summer time on 7 November 2027.
        meetings = meeting_times(
            schedule(
                start_date=date(2027, 11, 1),
                end_date=date(2027, 11, 8),
                meeting_days=[MON],
            )
        )

        assert [meeting.start.utcoffset() for meeting in meetings] == [
            timedelta(hours=-7),
            timedelta(hours=-8),
        ]
        assert [meeting.start.astimezone(LOS_ANGELES).hour for meeting in meetings] == [9, 9]

    def test_total_hours_add_every_meeting(self):
        meetings = meeting_times(schedule(start_time=time(9), end_time=time(11, 30)))

        assert total_hours(meetings) == 15.0

    def test_the_school_time_zone_is_a_setting(self, settings):
        settings.SCHOOL_TIMEZONE = "Europe/London"

        meeting = meeting_times(schedule())[0]

        assert meeting.start.utcoffset() == timedelta(hours=1)


class TestProblems:
    def test_no_field_at_all_is_a_schedule_to_be_announced(self):
        assert (
            schedule_from(
                start_date=None,
                end_date=None,
                meeting_days=[],
                start_time=None,
                end_time=None,
                no_meeting_dates=None,
            )
            is None
        )

    @pytest.mark.parametrize(
        ("fields", "field", "message"),
        [
            ({"start_date": None}, "start_date", "Give the date of the first meeting."),
            ({"start_time": None}, "start_time", "Give the time each meeting starts."),
            ({"end_time": None}, "end_time", "Give the time each meeting ends."),
            (
                {"end_date": date(2027, 6, 1)},
                "end_date",
                "The end date must be on or after the start date.",
            ),
            (
                {"end_time": time(9)},
                "end_time",
                "Each meeting must end after it starts, on the same day.",
            ),
            ({"meeting_days": []}, "meeting_days", "Choose the weekdays the class meets."),
            (
                {"meeting_days": [7]},
                "meeting_days",
                "Weekdays are mon, tue, wed, thu, fri, sat and sun.",
            ),
            (
                {"end_date": date(2028, 6, 14)},
                "end_date",
                "A class runs for a year at most.",
            ),
            (
                {"no_meeting_dates": [date(2027, 7, 4)]},
                "no_meeting_dates",
                "Each date with no meeting must fall between the start and end dates.",
            ),
            (
                # A Saturday-only schedule over two weekdays makes no meeting at all.
                {"end_date": date(2027, 6, 15), "meeting_days": [5]},
                "meeting_days",
                "No meeting falls on these dates and weekdays: check them.",
            ),
        ],
    )
    def test_each_problem_names_its_field(self, fields, field, message):
        with pytest.raises(InvalidInput) as refused:
            schedule(**fields)

        assert refused.value.problems[field] == [message]


def test_a_schedule_is_plain_data():
    written = schedule()

    assert written == Schedule(
        date(2027, 6, 14), date(2027, 6, 25), (MON, WED, FRI), time(9), time(12), ()
    )
