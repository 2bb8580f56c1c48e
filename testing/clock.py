"""The whole suite at another moment: `CAMP_TEST_CLOCK=2028-02-29 pytest` (`make test-clock`).

A test suite written one year can hold dates that only work before a day it never thought of:
a class "next June" that is last June by then, a birthday on 29 February; or times that only
work at an easy hour: "today" read in UTC an hour before the school's midnight, when UTC has
already turned the page, or a day taken to have 24 hours on the night the school's clocks
spring forward. With the variable set, time-machine moves the clock to that moment before the
test database is made, and lets it tick for the whole run, so every test sees it as now. The
services scripts/with-services starts (the identity emulator, localstripe) run on the same
moved clock, by the offset it hands over in CAMP_TEST_CLOCK_OFFSET, which it asks this module
for (`python -m testing.clock`), so the two read the variable the same way.

The variable names a moment at the school (SCHOOL_TIMEZONE): `YYYY-MM-DD` is 9:00 that day,
`YYYY-MM-DDTHH:MM` (or `YYYY-MM-DDTHHMM`, which make takes in a target's name) that time of it.
A time the school's clock skips, 02:30 on its spring-forward night, is read as Python and
PostgreSQL read it (zoneinfo's fold=0, the offset in force before the change): the moment a
clock not yet moved forward would read 02:30, which the school's clock, already moved, shows
as 03:30. A time its clock shows twice, 01:30 on the night it falls back, is the first of them.

With CAMP_TEST_CLOCK_SHARD=i/n as well, the run keeps the i-th of n shares of the suite, a test's
share fixed by a hash of its node id: `make test` gives each of its n moved days one share, so
each test meets one moved day per run, always the same one (`make test-clock` runs every day
whole).

Loaded as a plugin for every run of the suite (`-p testing.clock` in pyproject.toml).
"""

import hashlib
import os
import re
import time as time_module
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
import time_machine

# The school's zone, as settings read it; settings are not loaded yet when the clock moves.
SCHOOL = ZoneInfo(os.environ.get("SCHOOL_TIMEZONE", "America/Los_Angeles"))
# The hour a day alone names: a school morning.
MORNING = time(9)
_MOMENT = re.compile(r"(?P<day>\d{4}-\d{2}-\d{2})(?:T(?P<hour>\d{2}):?(?P<minute>\d{2}))?")
FORMS = "YYYY-MM-DD (9:00 at the school), YYYY-MM-DDTHH:MM or YYYY-MM-DDTHHMM"

_travel = None
_real_time = time_module.time


def moment_at_school(value: str, school: ZoneInfo = SCHOOL) -> datetime:
    """The moment a CAMP_TEST_CLOCK value names, at the school; ValueError for another form.
    A skipped time is read with the offset before the change, a repeated one as its first."""
    match = _MOMENT.fullmatch(value.strip())
    if match is None:
        raise ValueError(f"CAMP_TEST_CLOCK={value}: expected {FORMS}")
    try:
        day = date.fromisoformat(match["day"])
        at = time(int(match["hour"]), int(match["minute"])) if match["hour"] else MORNING
    except ValueError as error:
        raise ValueError(f"CAMP_TEST_CLOCK={value}: {error}") from None
    # fold=0, as datetime(..., tzinfo=school) in a test gives: the same instant for the same
    # words. Then as the school's clock shows that instant (03:30 for a skipped 02:30).
    named = datetime.combine(day, at, school)
    return datetime.fromtimestamp(named.timestamp(), school)


def moved_to() -> datetime | None:
    """The moment CAMP_TEST_CLOCK names, or None when the clock is not moved."""
    value = os.environ.get("CAMP_TEST_CLOCK", "").strip()
    if not value:
        return None
    try:
        return moment_at_school(value)
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    global _travel
    moment = moved_to()
    if moment is None:
        return
    # scripts/with-services moves its services' clocks by this offset; the tests take the same.
    offset = os.environ.get("CAMP_TEST_CLOCK_OFFSET")
    start = datetime.fromtimestamp(_real_time() + int(offset), SCHOOL) if offset else moment
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


def described(moment: datetime) -> str:
    """A moment as the school's clock and UTC's show it: the two may not agree on the day."""
    utc = moment.astimezone(ZoneInfo("UTC"))
    return f"{moment:%H:%M %Z} on {moment:%Y-%m-%d} at the school ({utc:%Y-%m-%d %H:%M} UTC)"


def pytest_report_header(config):
    moment = moved_to()
    if moment is None:
        return None
    share = shard()
    part = f", share {share[0]} of {share[1]} of the suite" if share else ""
    value = os.environ["CAMP_TEST_CLOCK"].strip()
    return f"clock: moved to {value} (CAMP_TEST_CLOCK){part}: {described(moment)}"


def pytest_unconfigure(config):
    global _travel
    if _travel is not None:
        _travel.stop()
        _travel = None


if __name__ == "__main__":
    # For scripts/with-services: the seconds from now to the moment CAMP_TEST_CLOCK names, then
    # that moment in words, on one line.
    try:
        moment = moment_at_school(os.environ.get("CAMP_TEST_CLOCK", ""))
    except ValueError as error:
        raise SystemExit(f"!! {error}") from None
    print(round(moment.timestamp() - _real_time()), described(moment))
