"""The services a test needs, and what happens when this run lacks one.

On a developer's machine a test that needs PostgreSQL or Redis, and finds none, is skipped with
the reason. In CI (`CI=true`) it fails instead, naming the service: the multi-process, race and
crash tests are the proof docs/security.md and docs/reliability.md cite, and a quiet skip there
would let CI pass without them.

One skip stays a skip in CI: a test left to another pass of the same check. The server suite runs
on SQLite and, beside it, on PostgreSQL when DATABASE_URL names one; the Makefile tells the
SQLite pass so (`CAMP_POSTGRESQL_PASS=1`), and its PostgreSQL-only tests then skip as "Runs in
the PostgreSQL pass". A test about SQLite's own behaviour skips on PostgreSQL as "Runs in the
SQLite pass", which always runs. Every other skip fails in CI (the hook at the end of this
module), so a new silent skip cannot creep in.

Loaded as a plugin for every run of the suite (`-p testing.services` in pyproject.toml).
"""

import os

import pytest

# The reasons that name the pass which runs the test; every other skip fails in CI.
ELSEWHERE = ("Runs in the PostgreSQL pass: ", "Runs in the SQLite pass: ")
# A database number of its own: a development server on the same Redis keeps its keys apart.
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/1")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def postgresql_pass_follows() -> bool:
    return os.environ.get("CAMP_POSTGRESQL_PASS") == "1"


def _on_postgresql() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


def missing(service: str, why: str) -> None:
    """Skip, or in CI fail, a test that needs `service` and cannot reach it."""
    message = f"{service} is missing: {why}"
    if in_ci():
        pytest.fail(f"{message} (CI runs every test: a missing service fails it)", pytrace=False)
    pytest.skip(message)


def _postgresql_reason(why: str) -> str:
    if postgresql_pass_follows():
        return ELSEWHERE[0] + why
    return f"PostgreSQL is missing: {why} Set DATABASE_URL to a PostgreSQL server."


def needs_postgresql(why: str) -> None:
    """Call at the top of a test or fixture that only PostgreSQL can run."""
    if _on_postgresql():
        return
    if postgresql_pass_follows():
        pytest.skip(_postgresql_reason(why))
    missing("PostgreSQL", f"{why} Set DATABASE_URL to a PostgreSQL server.")


def needs_redis(url: str = TEST_REDIS_URL) -> str:
    """The Redis at `url`, answering; else the test is skipped, or failed in CI."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5).ping()
    except redis.RedisError as error:
        missing("Redis", f"nothing answers at {url} ({error}); set TEST_REDIS_URL.")
    return url


def postgresql_only(why: str):
    """A mark for a test whose subject is PostgreSQL's own behaviour."""
    return pytest.mark.skipif(not _on_postgresql(), reason=_postgresql_reason(why))


def left_to_the_sqlite_pass(why: str) -> None:
    """Call at the top of a test or fixture whose case runs on a SQLite file of its own, not on
    the suite's database: it runs alike on either pass, so the PostgreSQL pass leaves it to the
    SQLite pass, which always runs, instead of running it twice."""
    if _on_postgresql():
        pytest.skip(ELSEWHERE[1] + why)


def sqlite_only(why: str):
    """A mark for a test whose subject is SQLite's own behaviour; the SQLite pass always runs."""
    return pytest.mark.skipif(_on_postgresql(), reason=ELSEWHERE[1] + why)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI, a skip that names no other pass is a failure: nothing may drop out quietly."""
    report = yield
    if report.skipped and in_ci() and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if not reason.startswith(ELSEWHERE):
            report.outcome = "failed"
            report.longrepr = f"Skipped in CI, where every test must run: {reason}"
    return report
