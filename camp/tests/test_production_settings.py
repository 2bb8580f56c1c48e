"""Production settings refuse to start when a secret is missing or a local-only switch is on."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "DJANGO_SETTINGS_MODULE": "camp.settings.production",
    "SECRET_KEY": "a-long-production-secret-for-this-test-only-0123456789",
    "ALLOWED_HOSTS": "camp.example",
    "STRIPE_SECRET_KEY": "sk_live_for_this_test_only",
    "STRIPE_PUBLISHABLE_KEY": "pk_live_for_this_test_only",
    "STRIPE_WEBHOOK_SECRET": "whsec_for_this_test_only",
}


def start_django(**overrides) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {*GOOD, "DEBUG"}}
    env.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    env.update(GOOD)
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_starts_with_its_settings():
    result = start_django()

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "started"


@pytest.mark.parametrize(
    ("overrides", "complaint"),
    [
        ({"SECRET_KEY": None}, "SECRET_KEY must be set in production."),
        ({"ALLOWED_HOSTS": None}, "ALLOWED_HOSTS must be set in production."),
        ({"DEBUG": "true"}, "DEBUG must be off in production."),
        ({"STRIPE_SECRET_KEY": None}, "STRIPE_SECRET_KEY must be set in production."),
        ({"STRIPE_PUBLISHABLE_KEY": None}, "STRIPE_PUBLISHABLE_KEY must be set in production."),
        ({"STRIPE_WEBHOOK_SECRET": None}, "STRIPE_WEBHOOK_SECRET must be set in production."),
        (
            {"FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"},
            "FIREBASE_AUTH_EMULATOR_HOST must not be set in production.",
        ),
    ],
)
def test_production_refuses_to_start(overrides, complaint):
    result = start_django(**overrides)

    assert result.returncode != 0
    assert f"ImproperlyConfigured: {complaint}" in result.stderr
