"""What the benches that serve requests in their own process share (bench/request_cpu.py,
bench/line_cpu.py): Django started on a fresh, migrated database, the server's log lines kept
out of the figures, and a cProfile's top functions per request, each named from the project's
root or its package."""

import cProfile
import io
import logging
import os
import pstats
import sys
from pathlib import Path

import run  # bench/run.py: the database and the server's environment

ROOT = run.ROOT


def _where(filename: str) -> str:
    path = Path(filename)
    if path.is_relative_to(ROOT):
        path = path.relative_to(ROOT)
        parts = path.parts
        if parts[:1] == (".venv",) and "site-packages" in parts:
            path = Path(*parts[parts.index("site-packages") + 1 :])
    return str(path)


def profile_lines(profile: cProfile.Profile, requests: int, top: int, sort: str) -> list[str]:
    """The profile's top functions, in ms per request."""
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_, calls, own, cumulative, _) in stats.stats.items():
        rows.append((own, cumulative, calls, f"{_where(filename)}:{line}({name})"))
    rows.sort(key=lambda row: row[0 if sort == "tottime" else 1], reverse=True)
    lines = [f"      {'own ms':>8} {'cum ms':>8} {'calls':>7}  function (per request)"]
    for own, cumulative, calls, where in rows[:top]:
        lines.append(
            f"      {own / requests * 1000:8.3f} {cumulative / requests * 1000:8.3f} "
            f"{calls / requests:7.1f}  {where}"
        )
    return lines


def logs_to(path: Path) -> None:
    """The server's log lines, written as production writes them, into a file rather than among
    the figures."""
    log = path.open("a")
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler) and handler.stream is sys.stderr:
            handler.setStream(log)


def django_started(environment: dict[str, str], work: Path) -> None:
    """`run.DATABASE_URL` dropped, made again and migrated, then Django set up in this process
    under `environment` (`run.server_env`'s), its log lines into the run's folder."""
    run.recreate_database()
    run.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"])
    os.environ.update(environment)
    # Production's settings refuse to start with the emulator named; nobody signs in here.
    os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    logs_to(work / "server.log")
