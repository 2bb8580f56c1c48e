"""CAMP_TEST_CLOCK moves the whole suite's clock (testing/clock.py, `make test-clock`).

Each case runs a small suite of its own in a fresh pytest process with the plugin, as the
Makefile runs the server suite: a test written to be true only this year fails there.
"""

import subprocess
import sys
import textwrap

import pytest

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
