"""A developer's checkout signs with a key of its own, never one written in the repository."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.clockless

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED_KEY = "camp-local-development-key-not-for-production"


def local_secret_key(key_file: Path, **overrides) -> str:
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(
        DJANGO_SETTINGS_MODULE="camp.settings.local",
        DEVELOPMENT_SECRET_KEY_FILE=str(key_file),
        **overrides,
    )
    printed = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.SECRET_KEY)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return printed.stdout.strip()


def test_the_first_run_makes_a_random_key_and_later_runs_keep_it(tmp_path):
    key_file = tmp_path / "run" / "secret-key"

    first = local_secret_key(key_file)
    again = local_secret_key(key_file)
    elsewhere = local_secret_key(tmp_path / "other-checkout" / "secret-key")

    assert len(first) >= 50
    assert first == again == key_file.read_text().strip()
    assert elsewhere != first
    assert PUBLISHED_KEY not in (first, elsewhere)
    assert key_file.stat().st_mode & 0o777 == 0o600


def test_a_key_from_the_environment_wins(tmp_path):
    key_file = tmp_path / "secret-key"

    assert local_secret_key(key_file, SECRET_KEY="from-the-environment") == "from-the-environment"
    assert not key_file.exists()


def test_the_key_file_is_kept_out_of_the_repository():
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", ".run/secret-key"],  # noqa: S607 - git from PATH
        cwd=ROOT,
        check=False,
    )

    assert ignored.returncode == 0


def test_the_care_records_key_is_made_once_too(tmp_path):
    key_file = tmp_path / "run" / "care-key"
    env = {k: v for k, v in os.environ.items() if k != "CARE_ENCRYPTION_KEYS"}
    env.update(
        DJANGO_SETTINGS_MODULE="camp.settings.local", DEVELOPMENT_CARE_KEY_FILE=str(key_file)
    )

    def printed() -> str:
        return subprocess.run(
            [
                sys.executable,
                "-c",
                "from django.conf import settings; print(settings.CARE_ENCRYPTION_KEYS)",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.strip()

    first, again = printed(), printed()

    assert first == again == repr([key_file.read_text().strip()])
    # A Fernet key: 32 bytes, url-safe base64.
    assert len(key_file.read_text().strip()) == 44
    assert key_file.stat().st_mode & 0o777 == 0o600
