"""A small suite of a test's own, run by pytest in a fresh process with one of our plugins: for
the tests of the plugins that change how the whole suite runs (testing/services.py, clock.py)."""

import os
import subprocess
import sys
from pathlib import Path

from testing import services
from testing.servers import ROOT

# Variables of the outer run that would change the inner one's outcome.
OUTER_ONLY = {
    "CI",
    "DATABASE_URL",
    "CAMP_POSTGRESQL_PASS",
    "CAMP_TEST_CLOCK",
    "CAMP_TEST_CLOCK_OFFSET",
    "CAMP_TEST_CLOCK_SHARD",
}


def run_inner_suite(
    folder: Path, source: str, *, plugin: str, **env: str
) -> subprocess.CompletedProcess:
    """Run `source` as a test file in `folder` with `plugin` and `env`, on the test settings and
    SQLite; its output lists each test's outcome (-rA). Whichever the outer pass, the inner suite
    is the same, so the PostgreSQL pass leaves the test to the SQLite pass."""
    services.left_to_the_sqlite_pass("its small suite runs in a process of its own, on SQLite.")
    (folder / "test_inner.py").write_text(source)
    (folder / "pytest.ini").write_text("[pytest]\n")
    environment = {key: value for key, value in os.environ.items() if key not in OUTER_ONLY}
    environment |= {
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "camp.settings.test",
        **env,
    }
    return subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "-m", "pytest", "-p", plugin, "-p", "no:cacheprovider", "-rA"]
        + ["-c", str(folder / "pytest.ini"), str(folder / "test_inner.py")],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
