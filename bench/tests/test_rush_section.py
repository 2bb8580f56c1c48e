"""The rush's section of docs/performance.md (bench/rush.py's `section`), written from fixed runs
and compared with the text it gave for them when it was one long function: a change to how the
section is built must not change a byte of it."""

import copy
import importlib
import json
import os
import sys
from datetime import datetime
from pathlib import Path
from unittest import mock

import pytest

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
# The published runs of 2026-11-28 00:42 as docs/performance.md shows them (their rush.json was
# not kept), with the figures the page rounds given a few more places.
FIXTURE = json.loads((HERE / "rush_runs.json").read_text())


@pytest.fixture(scope="module")
def rush():
    # bench/rush.py is a script: it imports its neighbours by their own names, and reads the
    # line's rate and the threads from the environment at import.
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in ("RUSH_ADMIT_PER_MINUTE", "WEB_THREADS")
    }
    with (
        mock.patch.dict(os.environ, environ, clear=True),
        mock.patch.object(sys, "path", [str(HERE.parent), *sys.path]),
    ):
        yield importlib.import_module("rush")


def published() -> list[dict]:
    return copy.deepcopy(FIXTURE["runs"])


def missed() -> list[dict]:
    """The published runs, with the smaller one missing its CPU, visitors' and end-state
    targets, and taken before the yardstick was."""
    runs = published()
    smaller = runs[0]
    smaller["cpu"]["hold"]["p50_ms"] = 5.04
    smaller["cpu"]["select"]["p50_ms"] = 5.31
    smaller["cpu"]["pay"]["queries_max"] = 13
    smaller["line"]["visitor_p95_ms"] = 45.2
    smaller["line"]["first_answer_p95_ms"] = 1210.0
    smaller["line"]["inversion_share"] = 0.0123
    smaller["line"]["order_problems"] = ["family 17 admitted after family 18"]
    smaller["server_errors"] = 2
    smaller["problems"] = [f"class {n} has 13 enrolments for 12 seats" for n in range(12)]
    smaller["steps"]["hold"]["own_p95_ms"] = 1300.0
    del smaller["yardstick"]
    for figures in smaller["steps"].values():
        if figures["floor"]:
            del figures["floor"]["cpu_p50_ms"]
    return runs


def single() -> list[dict]:
    """The smaller run alone, on a morning where no class filled: no waitlist joined."""
    run_ = published()[0]
    run_["steps"]["join waitlist"] = {"count": 0}
    del run_["cpu"]["join waitlist"]
    return [run_]


def single_unjudged() -> list[dict]:
    """The larger run alone: more families than the CPU targets are set for."""
    return [published()[1]]


@pytest.mark.parametrize("runs", [published, missed, single, single_unjudged])
def test_the_section_is_the_one_written_before(rush, runs):
    written = rush.section(runs(), FIXTURE["host"], datetime.fromisoformat(FIXTURE["measured"]))

    assert written == (GOLDEN / f"rush_section_{runs.__name__}.md").read_text()


def test_a_morning_on_two_servers_has_a_section_of_its_own(rush):
    on_two = rush.MORNINGS["classes"].on_servers(2)
    weeks_on_two = rush.MORNINGS["weeks"].on_servers(2)

    assert rush.MORNINGS["classes"].on_servers(1) is rush.MORNINGS["classes"]
    assert (on_two.section, on_two.command) == ("rush-servers", "bench/rush.py --servers 2")
    assert weeks_on_two.section == "rush-weeks-servers"
    assert weeks_on_two.command == "bench/rush.py --morning weeks --servers 2"


def test_a_morning_on_two_servers_says_how_they_were_served(rush):
    runs = [{**run_, "servers": 2, "balancer": "nginx/1.22.1"} for run_ in published()]

    written = rush.section(
        runs,
        FIXTURE["host"],
        datetime.fromisoformat(FIXTURE["measured"]),
        rush.MORNINGS["classes"].on_servers(2),
    )

    cores = FIXTURE["host"]["cores"]
    assert "on 2 servers behind nginx" in written
    assert "against 2 app servers behind\nnginx/1.22.1 (Debian's)" in written
    assert f"{2 * cores} worker processes" in written
    assert f"over {2 * cores} workers" in written
