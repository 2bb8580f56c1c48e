"""CAMP_TEST_CLOCK moves the whole suite's clock (testing/clock.py, `make test-clock`).

Each case runs a small suite of its own in a fresh pytest process with the plugin, as the
Makefile runs the server suite: a test written to be true only this year fails there.
"""

import os
import re
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from testing.clock import moment_at_school, share_of
from testing.inner_suite import run_inner_suite
from testing.servers import ROOT

pytestmark = pytest.mark.clockless

SUITE = textwrap.dedent(
    """
    import time
    from datetime import date, datetime

    from django.utils import timezone

    from testing import clock


    def test_this_year_is_2026():
        assert date.today().year == 2026


    def test_every_clock_is_on_the_moved_day():
        assert date.today() == date(2030, 12, 31)
        assert timezone.localdate() == date(2030, 12, 31)
        assert datetime.fromtimestamp(time.time()).year == 2030


    def test_a_process_a_test_starts_is_on_the_same_clock():
        command = clock.on_the_tests_clock(["date", "+%Y"])
        assert command[:3] == ["env", "FAKETIME_DONT_FAKE_MONOTONIC=1", "faketime"]
    """
)


def run_suite(tmp_path, **env):
    return run_inner_suite(tmp_path, SUITE, plugin="testing.clock", **env)


def test_a_test_true_only_this_year_fails_on_the_moved_clock(tmp_path):
    done = run_suite(tmp_path, CAMP_TEST_CLOCK="2030-12-31")

    assert "clock: moved to 2030-12-31" in done.stdout
    assert "FAILED test_inner.py::test_this_year_is_2026" in done.stdout
    assert "PASSED test_inner.py::test_every_clock_is_on_the_moved_day" in done.stdout
    assert "FAILED test_inner.py::test_a_process_a_test_starts_is_on_the_same_clock" in done.stdout


def services_offset(value: str) -> str:
    """The offset scripts/with-services moves its services by and hands over, as it asks it."""
    done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "-m", "testing.clock"],
        cwd=ROOT,
        env={**os.environ, "CAMP_TEST_CLOCK": value},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()[0]


def test_the_services_offset_moves_the_tests_and_the_processes_they_start(tmp_path):
    offset = services_offset("2030-12-31")

    done = run_suite(tmp_path, CAMP_TEST_CLOCK="2030-12-31", CAMP_TEST_CLOCK_OFFSET=offset)

    assert "1 failed, 2 passed" in done.stdout, done.stdout
    assert "FAILED test_inner.py::test_this_year_is_2026" in done.stdout


def test_the_services_script_reads_the_variable_through_the_plugin():
    # One reader of CAMP_TEST_CLOCK: the services and the tests cannot disagree on its moment.
    script = (ROOT / "scripts" / "with-services").read_text()

    assert ".venv/bin/python -m testing.clock" in script
    assert "fromisoformat" not in script


SCHOOL = ZoneInfo("America/Los_Angeles")


class TestTheMomentNamed:
    """CAMP_TEST_CLOCK names a moment at the school (America/Los_Angeles, the test settings')."""

    def test_a_day_alone_is_nine_in_the_morning(self):
        assert moment_at_school("2028-02-29", SCHOOL) == datetime(2028, 2, 29, 17, tzinfo=UTC)

    @pytest.mark.parametrize("value", ["2027-06-30T23:15", "2027-06-30T2315"])
    def test_a_time_with_or_without_its_colon_is_that_time_at_the_school(self, value):
        moment = moment_at_school(value, SCHOOL)

        # An hour before the school's midnight, UTC is on the next day, and the next month.
        assert moment == datetime(2027, 7, 1, 6, 15, tzinfo=UTC)
        assert (moment.date(), moment.strftime("%H:%M %Z")) == (
            datetime(2027, 6, 30).date(),
            "23:15 PDT",
        )

    @pytest.mark.parametrize("value", ["2027-03-14T02:30", "2027-03-14T0230"])
    def test_a_time_the_spring_forward_night_skips_is_read_with_the_offset_before_it(self, value):
        moment = moment_at_school(value, SCHOOL)

        # The clock went from 01:59 PST to 03:00 PDT: 02:30 on the standard time it left is
        # 10:30 UTC, which its clock shows as 03:30; a test's datetime(2027, 3, 14, 2, 30) is the
        # same instant, as PostgreSQL's reading of the words is. (Instants are compared: Python
        # compares a skipped or repeated time with another zone's as never equal.)
        assert moment.timestamp() == datetime(2027, 3, 14, 10, 30, tzinfo=UTC).timestamp()
        assert moment.timestamp() == datetime(2027, 3, 14, 2, 30, tzinfo=SCHOOL).timestamp()
        assert moment.strftime("%H:%M %Z") == "03:30 PDT"

    def test_a_time_the_fall_back_night_shows_twice_is_the_first(self):
        moment = moment_at_school("2027-11-07T01:30", SCHOOL)

        assert moment.timestamp() == datetime(2027, 11, 7, 8, 30, tzinfo=UTC).timestamp()
        assert moment.strftime("%H:%M %Z") == "01:30 PDT"

    @pytest.mark.parametrize(
        "value",
        [
            "2027-03-14 02:30",
            "2027-03-14T2:30",
            "2027-03-14T02:30:00",
            "2027-03-14T02:30+00:00",
            "2027-3-14",
            "2027-02-30",
            "2027-03-14T24:00",
            "next Monday",
        ],
    )
    def test_another_form_is_refused_with_the_forms_it_takes(self, value):
        with pytest.raises(ValueError, match=re.escape(f"CAMP_TEST_CLOCK={value}: ")):
            moment_at_school(value, SCHOOL)

    def test_a_run_given_another_form_stops_before_any_test(self, tmp_path):
        done = run_suite(tmp_path, CAMP_TEST_CLOCK="2027-03-14 02:30")

        assert done.returncode == 4, done.stdout
        assert "expected YYYY-MM-DD (9:00 at the school), YYYY-MM-DDTHH:MM" in done.stderr


HARD_MOMENT_SUITE = textwrap.dedent(
    """
    import os
    from datetime import UTC, date

    from django.utils import timezone

    from core.school_time import school_timezone, school_today


    def test_the_school_and_utc_read_the_moment():
        now = timezone.now()
        school, utc = now.astimezone(school_timezone()), now.astimezone(UTC)
        assert (school_today(), utc.date()) == (
            date.fromisoformat(os.environ["SCHOOL_DAY"]),
            date.fromisoformat(os.environ["UTC_DAY"]),
        )
        assert school.strftime("%H %Z") == os.environ["SCHOOL_HOUR"]
    """
)


@pytest.mark.parametrize(
    ("value", "school_day", "utc_day", "school_hour", "header"),
    [
        (
            "2027-03-14T0230",
            "2027-03-14",
            "2027-03-14",
            "03 PDT",
            "03:30 PDT on 2027-03-14 at the school (2027-03-14 10:30 UTC)",
        ),
        (
            "2027-06-30T2315",
            "2027-06-30",
            "2027-07-01",
            "23 PDT",
            "23:15 PDT on 2027-06-30 at the school (2027-07-01 06:15 UTC)",
        ),
    ],
    ids=["spring-forward night", "the hour before midnight"],
)
def test_a_hard_moment_moves_the_tests_and_the_services_alike(
    tmp_path, value, school_day, utc_day, school_hour, header
):
    done = run_inner_suite(
        tmp_path,
        HARD_MOMENT_SUITE,
        plugin="testing.clock",
        CAMP_TEST_CLOCK=value,
        CAMP_TEST_CLOCK_OFFSET=services_offset(value),
        SCHOOL_DAY=school_day,
        UTC_DAY=utc_day,
        SCHOOL_HOUR=school_hour,
    )

    assert f"clock: moved to {value} (CAMP_TEST_CLOCK): {header}" in done.stdout
    assert "1 passed" in done.stdout, done.stdout


def test_without_the_variable_the_clock_is_the_real_one(tmp_path):
    done = run_suite(tmp_path)

    assert "clock: moved" not in done.stdout
    assert "FAILED test_inner.py::test_every_clock_is_on_the_moved_day" in done.stdout


SHARED_SUITE = "".join(f"def test_{number}():\n    pass\n\n\n" for number in range(12))


def test_a_share_runs_its_tests_on_the_moved_day_and_leaves_the_rest_out(tmp_path):
    names = [f"test_inner.py::test_{number}" for number in range(12)]
    ours = {name for name in names if share_of(name, 3) == 2}

    done = run_inner_suite(
        tmp_path,
        SHARED_SUITE,
        plugin="testing.clock",
        CAMP_TEST_CLOCK="2030-12-31",
        CAMP_TEST_CLOCK_SHARD="2/3",
    )

    assert "clock: moved to 2030-12-31 (CAMP_TEST_CLOCK), share 2 of 3" in done.stdout
    ran = {line.removeprefix("PASSED ") for line in done.stdout.splitlines() if "PASSED" in line}
    assert ran == ours
    assert f"{len(names) - len(ours)} deselected" in done.stdout, done.stdout


def test_the_shares_hold_every_test_once_and_the_same_share_in_every_run():
    names = [f"app/tests/test_{number}.py::test_case[{number}]" for number in range(300)]

    shares = [share_of(name, 3) for name in names]

    assert shares == [share_of(name, 3) for name in names]
    assert set(shares) == {1, 2, 3}
    # A third each, roughly: no day is left with most of the suite.
    assert all(60 <= shares.count(share) <= 140 for share in (1, 2, 3))
