"""A developer's checkout signs with a key of its own, never one written in the repository."""

import subprocess
from pathlib import Path

import pytest

from testing.settings_processes import python_run

pytestmark = pytest.mark.clockless

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED_KEY = "camp-local-development-key-not-for-production"


def local_setting(name: str, **environment: str | None) -> str:
    """The local settings' `name`, printed by a process of their own."""
    printed = python_run(
        "-c",
        f"from django.conf import settings; print(settings.{name})",
        environment={"DJANGO_SETTINGS_MODULE": "camp.settings.local", **environment},
        check=True,
    )
    return printed.stdout.strip()


def local_secret_key(key_file: Path, **overrides) -> str:
    environment = {"SECRET_KEY": None, "DEVELOPMENT_SECRET_KEY_FILE": str(key_file), **overrides}
    return local_setting("SECRET_KEY", **environment)


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

    def printed() -> str:
        return local_setting(
            "CARE_ENCRYPTION_KEYS",
            CARE_ENCRYPTION_KEYS=None,
            DEVELOPMENT_CARE_KEY_FILE=str(key_file),
        )

    first, again = printed(), printed()

    assert first == again == repr([key_file.read_text().strip()])
    # A Fernet key: 32 bytes, url-safe base64.
    assert len(key_file.read_text().strip()) == 44
    assert key_file.stat().st_mode & 0o777 == 0o600
