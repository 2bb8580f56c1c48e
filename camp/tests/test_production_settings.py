"""Production settings refuse to start when a secret is missing or a local-only switch is on."""

import json
import subprocess

import pytest

from testing.settings_processes import python_run

pytestmark = pytest.mark.clockless

GOOD = {
    "DJANGO_SETTINGS_MODULE": "camp.settings.production",
    "SECRET_KEY": "a-long-production-secret-for-this-test-only-0123456789",
    "ALLOWED_HOSTS": "camp.example",
    "STRIPE_SECRET_KEY": "sk_live_for_this_test_only",
    "STRIPE_PUBLISHABLE_KEY": "pk_live_for_this_test_only",
    "STRIPE_WEBHOOK_SECRET": "whsec_for_this_test_only",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "DEFAULT_FROM_EMAIL": "Camp Art School <hello@camp.example>",
    "SCHOOL_REPLY_TO": "office@camp.example",
    "SCHOOL_TAX_ID": "94-1234567",
    "SCHOOL_ADDRESS": "12 Kiln Lane, Sonoma, CA 95476",
    # A Fernet key made for this test only.
    "CARE_ENCRYPTION_KEYS": "c2l4dHktZm91ci1ieXRlcy1vZi10ZXN0LWtleS0wMTI=",
}


def start_django(**overrides) -> subprocess.CompletedProcess:
    return run_with_production_settings(
        "-c", "import django; django.setup(); print('started')", **overrides
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
        ({"REDIS_URL": None}, "REDIS_URL must be set in production."),
        ({"DEFAULT_FROM_EMAIL": None}, "DEFAULT_FROM_EMAIL must be set in production."),
        ({"SCHOOL_REPLY_TO": None}, "SCHOOL_REPLY_TO must be set in production."),
        ({"SCHOOL_TAX_ID": None}, "SCHOOL_TAX_ID must be set in production."),
        ({"SCHOOL_ADDRESS": None}, "SCHOOL_ADDRESS must be set in production."),
        ({"CARE_ENCRYPTION_KEYS": None}, "CARE_ENCRYPTION_KEYS must be set in production."),
        (
            {"CARE_ENCRYPTION_KEYS": "not-a-key"},
            "Each of CARE_ENCRYPTION_KEYS must be a Fernet key (32 url-safe base64 bytes).",
        ),
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


def run_with_production_settings(*arguments: str, **overrides) -> subprocess.CompletedProcess:
    """Python run with the production settings' variables, changed by `overrides` (None takes
    one out); DEBUG and the identity emulator's host are never inherited."""
    environment = {"DEBUG": None, "FIREBASE_AUTH_EMULATOR_HOST": None, **GOOD, **overrides}
    return python_run(*arguments, environment=environment)


def test_check_deploy_finds_nothing_to_warn_about():
    result = run_with_production_settings("manage.py", "check", "--deploy", "--fail-level=WARNING")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


# A request through the whole middleware stack under production settings; it prints what a
# browser would be told. An unknown /api path answers without touching the database.
ANSWER_HEADERS = """
import json, django
django.setup()
from django.conf import settings
from django.test import Client
response = Client().get("/api/nowhere", secure=True, HTTP_HOST="camp.example")
print(json.dumps({
    "status": response.status_code,
    "headers": dict(response.headers),
    "cookies_secure": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
}))
"""


def production_answer(**overrides) -> dict:
    result = run_with_production_settings("-c", ANSWER_HEADERS, **overrides)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_answers_carry_the_security_headers():
    answer = production_answer()
    headers = answer["headers"]

    assert answer["status"] == 404
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert answer["cookies_secure"] == [True, True]


def test_production_csp_names_only_our_origin_firebase_and_stripe():
    answer = production_answer(FIREBASE_AUTH_DOMAIN="camp-school.firebaseapp.com")
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in answer["headers"]["Content-Security-Policy"].split(";")
    )

    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self' https://js.stripe.com https://apis.google.com"
    assert policy["connect-src"].split() == [
        "'self'",
        "https://*.googleapis.com",
        "https://api.stripe.com",
        "https://js.stripe.com",
        "https://camp-school.firebaseapp.com",
    ]
    assert policy["frame-src"].split() == [
        "'self'",
        "https://camp-school.firebaseapp.com",
        "https://js.stripe.com",
        "https://hooks.stripe.com",
    ]
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    whole = answer["headers"]["Content-Security-Policy"]
    assert "unsafe-inline" not in whole
    assert "unsafe-eval" not in whole
    assert "localhost" not in whole
    assert "127.0.0.1" not in whole
