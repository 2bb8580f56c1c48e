"""In CI a test that would skip for a missing service fails, naming it (testing/services.py).

Each case runs a small suite of its own in a fresh pytest process, with the plugin the root
conftest loads, on SQLite (no DATABASE_URL) and with nothing answering where Redis is sought.
"""

import textwrap
import tomllib
from pathlib import Path

import pytest

from testing.inner_suite import run_inner_suite

pytestmark = pytest.mark.clockless

SUITE = textwrap.dedent(
    """
    import pytest

    from testing import services


    def test_on_postgresql():
        services.needs_postgresql("the race runs two server processes.")


    def test_with_redis():
        services.needs_redis("redis://127.0.0.1:9/0")


    def test_skipped_by_hand():
        pytest.skip("not today")


    @services.sqlite_only("the subject is SQLite's own locking.")
    def test_on_sqlite():
        pass
    """
)


def run_suite(tmp_path, **env):
    return run_inner_suite(tmp_path, SUITE, plugin="testing.services", **env)


@pytest.mark.parametrize("ci", ["true", "1"])
def test_in_ci_a_missing_service_fails_the_test_and_names_it(tmp_path, ci):
    done = run_suite(tmp_path, CI=ci)

    assert done.returncode == 1, done.stdout
    assert "PostgreSQL is missing" in done.stdout
    assert "Redis is missing: nothing answers at redis://127.0.0.1:9/0" in done.stdout
    assert "Skipped in CI, where every test must run: not today" in done.stdout
    assert "3 failed, 1 passed" in done.stdout


def test_outside_ci_the_same_tests_skip_with_their_reason(tmp_path):
    done = run_suite(tmp_path)

    assert done.returncode == 0, done.stdout
    assert "1 passed, 3 skipped" in done.stdout
    assert "PostgreSQL is missing: the race runs two server processes." in done.stdout


def test_in_ci_a_test_left_to_the_postgresql_pass_skips_and_says_so(tmp_path):
    done = run_suite(tmp_path, CI="true", CAMP_POSTGRESQL_PASS="1")

    assert "Runs in the PostgreSQL pass: the race runs two server processes." in done.stdout
    assert "2 failed, 1 passed, 1 skipped" in done.stdout


def test_the_server_suite_collects_every_folder_of_tests():
    # `pytest` with no arguments, as `make test` runs it, collects only `testpaths`: a new app's
    # tests left out of it would never run anywhere but on its author's machine.
    root = Path(__file__).resolve().parents[2]
    settings = tomllib.loads((root / "pyproject.toml").read_text())
    collected = set(settings["tool"]["pytest"]["ini_options"]["testpaths"])
    with_tests = {
        folder.parent.name
        for folder in root.glob("*/tests")
        if (folder / "__init__.py").exists() and any(folder.glob("test_*.py"))
    }

    assert with_tests - collected == set()
