"""The whole suite on another day: `CAMP_TEST_CLOCK=2028-02-29 pytest` (`make test-clock`).

A test suite written one year can hold dates that only work before a day it never thought of:
a class "next June" that is last June by then, a birthday on 29 February. With the variable
set, time-machine moves the clock to that day, 9:00 at the school, before the test database is
made, and lets it tick for the whole run, so every test sees that day as today. The services
scripts/with-services starts (the identity emulator, localstripe) run on the same moved clock,
by the offset it hands over in CAMP_TEST_CLOCK_OFFSET.

With CAMP_TEST_CLOCK_SHARD=i/n as well, the run keeps the i-th of n shares of the suite, a test's
share fixed by a hash of its node id: `make test` gives each of its n moved days one share, so
each test meets one moved day per run, always the same one (`make test-clock` runs every day
whole).

Loaded as a plugin for every run of the suite (`-p testing.clock` in pyproject.toml).
"""

import hashlib
import os
import time as time_module
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
import time_machine

# The school's zone, as settings read it; settings are not loaded yet when the clock moves.
SCHOOL = ZoneInfo(os.environ.get("SCHOOL_TIMEZONE", "America/Los_Angeles"))

_travel = None
_real_time = time_module.time


def moved_to() -> date | None:
    value = os.environ.get("CAMP_TEST_CLOCK", "").strip()
    return date.fromisoformat(value) if value else None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    global _travel
    day = moved_to()
    if day is None:
        return
    # scripts/with-services moves its services' clocks by this offset; the tests take the same.
    offset = os.environ.get("CAMP_TEST_CLOCK_OFFSET")
    if offset:
        start = datetime.fromtimestamp(_real_time() + int(offset), SCHOOL)
    else:
        start = datetime.combine(day, time(9), SCHOOL)
    _travel = time_machine.travel(start, tick=True)
    _travel.start()


def on_the_tests_clock(command: list[str]) -> list[str]:
    """A command for a process a test starts, on the same moved clock as the tests when
    scripts/with-services moved it (libfaketime); as it is otherwise."""
    offset = os.environ.get("CAMP_TEST_CLOCK_OFFSET")
    if not (moved_to() and offset):
        return command
    shift = offset if offset.startswith("-") else f"+{offset}"
    # Monotonic clocks stay real, as scripts/with-services keeps them.
    return ["env", "FAKETIME_DONT_FAKE_MONOTONIC=1", "faketime", "-f", shift, *command]


def shard() -> tuple[int, int] | None:
    """This run's share of the suite, (i, n) for the i-th of n, from CAMP_TEST_CLOCK_SHARD."""
    value = os.environ.get("CAMP_TEST_CLOCK_SHARD", "").strip()
    if not value:
        return None
    number, _, count = value.partition("/")
    if not (number.isdigit() and count.isdigit() and 1 <= int(number) <= int(count)):
        raise pytest.UsageError(f"CAMP_TEST_CLOCK_SHARD={value}: expected i/n with 1 <= i <= n")
    return int(number), int(count)


def share_of(nodeid: str, count: int) -> int:
    """The share (1 to `count`) a test falls in: the same on every machine and in every run,
    unlike Python's own hash of a string."""
    digest = hashlib.sha256(nodeid.encode()).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def pytest_collection_modifyitems(config, items):
    share = shard()
    if moved_to() is None or share is None:
        return
    number, count = share
    kept, left = [], []
    for item in items:
        (kept if share_of(item.nodeid, count) == number else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


def pytest_report_header(config):
    day = moved_to()
    if day is None:
        return None
    share = shard()
    part = f", share {share[0]} of {share[1]} of the suite" if share else ""
    return f"clock: moved to {day} (CAMP_TEST_CLOCK){part}"


def pytest_unconfigure(config):
    global _travel
    if _travel is not None:
        _travel.stop()
        _travel = None
