"""Checks that run side by side on one PostgreSQL server each make a test database of their
own (`CAMP_TEST_DATABASE_SUFFIX`, which the Makefile gives Playwright's run)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.clockless

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django; django.setup(); from django.conf import settings; "
    "print(settings.DATABASES['default'].get('TEST', {}).get('NAME'))"
)


def named_test_database(**env) -> str:
    done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "camp.settings.test", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_a_suffix_names_a_test_database_of_its_own():
    url = "postgres://postgres@127.0.0.1:5432/camp_ci"

    assert named_test_database(DATABASE_URL=url) == "None"
    assert named_test_database(DATABASE_URL=url, CAMP_TEST_DATABASE_SUFFIX="e2e") == (
        "test_camp_ci_e2e"
    )


def test_playwright_s_run_names_its_suffix():
    recipe = (ROOT / "Makefile").read_text().split("\ntest-e2e:")[1].split("\n\n")[0]

    assert "CAMP_TEST_DATABASE_SUFFIX=e2e" in recipe
