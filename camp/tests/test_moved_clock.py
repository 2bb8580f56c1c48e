"""CAMP_TEST_CLOCK moves the whole suite's clock (testing/clock.py, `make test-clock`).

Each case runs a small suite of its own in a fresh pytest process with the plugin, as the
Makefile runs the server suite: a test written to be true only this year fails there.
"""

import subprocess
import sys
import textwrap

import pytest

from testing.clock import share_of
from testing.inner_suite import run_inner_suite

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


def test_the_services_offset_moves_the_tests_and_the_processes_they_start(tmp_path):
    # scripts/with-services hands over the offset it moved its services by: the same day here.
    offset = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [
            sys.executable,
            "-c",
            "import time; from datetime import datetime; from zoneinfo import ZoneInfo; "
            "print(round(datetime(2030, 12, 31, 9, tzinfo=ZoneInfo('America/Los_Angeles'))"
            ".timestamp() - time.time()))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()

    done = run_suite(tmp_path, CAMP_TEST_CLOCK="2030-12-31", CAMP_TEST_CLOCK_OFFSET=offset)

    assert "1 failed, 2 passed" in done.stdout, done.stdout
    assert "FAILED test_inner.py::test_this_year_is_2026" in done.stdout


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
