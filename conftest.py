"""Fixtures shared by every app's tests; the factories live in testing.factories."""

import shutil
import subprocess
import sys
import uuid

import pytest
import redis
import requests
import time_machine
from aiosmtpd.controller import Controller
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from testing import dates, identity, services
from testing.attendance_wipe import attendance_record_wipeable  # noqa: F401 - autouse
from testing.factories import UserFactory
from testing.mail_sink import MailSink
from testing.public_writes import PublicWritesWatch
from testing.servers import ROOT, free_port, process_env
from testing.services import TEST_REDIS_URL

# A season, a class and a family that pay against localstripe: the money apps' tests share them.
pytest_plugins = ["testing.payment_fixtures"]


@pytest.fixture(scope="session")
def localstripe() -> str:
    """Stripe's API as the tests reach it (scripts/with-services starts it): its address."""
    base = settings.STRIPE_API_BASE
    try:
        requests.get(f"{base}/js.stripe.com/v3/", timeout=5).raise_for_status()
    except requests.RequestException as error:
        pytest.fail(
            f"localstripe is not answering at {base} ({error}). "
            "Run the tests through scripts/with-services."
        )
    return base


@pytest.fixture(scope="session", autouse=True)
def throwaway_file_folders():
    """Test settings make fresh media and static folders per run; leave nothing behind."""
    yield
    for folder in (settings.MEDIA_ROOT, settings.STATIC_ROOT):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def _migrated_sqlite_file(tmp_path_factory):
    """A SQLite database file migrated as `make run` migrates its own (manage.py migrate, in a
    process of its own): made once a run, as it takes tens of seconds, a disk write a migration."""
    path = tmp_path_factory.mktemp("migrated") / "camp.sqlite3"
    done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=process_env(database=f"sqlite:///{path}"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return path


@pytest.fixture
def sqlite_file_url(_migrated_sqlite_file, tmp_path) -> str:
    """A migrated SQLite database file of this test's own, for the processes it starts: the
    database `make run` serves by default."""
    path = tmp_path / "camp.sqlite3"
    shutil.copyfile(_migrated_sqlite_file, path)
    return f"sqlite:///{path}"


@pytest.fixture
def on_the_reference_day():
    """The clock frozen, ticking, on the day a test's written-out season was written against
    (testing/dates.py), so it means the same whatever today is."""
    with time_machine.travel(dates.REFERENCE_DAY, tick=True):
        yield


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def api_client_for():
    """Build a client that sends `user`'s bearer token, as the browser app does."""

    def build(user) -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
        return client

    return build


@pytest.fixture
def emulator():
    """The Firebase Auth emulator, emptied so every test starts with no accounts."""
    identity.clear_accounts()
    yield identity
    identity.clear_accounts()


@pytest.fixture(autouse=True)
def _forget_throttle_counts():
    """Throttle counts live in the cache; each test starts with none."""
    cache.clear()
    yield


@pytest.fixture
def people():
    """One of everybody the permission rules tell apart."""
    return {
        "student": UserFactory(role=Role.STUDENT),
        "other student": UserFactory(role=Role.STUDENT),
        "instructor": UserFactory(
            role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test"
        ),
        "other instructor": UserFactory(role=Role.INSTRUCTOR),
        "admin": UserFactory(role=Role.ADMIN),
    }


@pytest.fixture
def client_as(api_client, api_client_for, people):
    """A client for one of `people` by name, or with no token at all for "anonymous"."""

    def build(who: str):
        return api_client if who == "anonymous" else api_client_for(people[who])

    return build


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Every test body is a walk of the write paths it drives: a write to data the public lists
    show, with no invalidation after it, fails the test (testing/public_writes.py)."""
    if item.get_closest_marker("public_writes_unwatched"):
        return (yield)
    with PublicWritesWatch().watching() as watch:
        result = yield
    assert watch.pending is None, (
        f"Public data was written and the public lists not told: {watch.pending}"
    )
    return result


@pytest.fixture
def smtp_sink(tmp_path, settings):
    """A real SMTP server of this test's own (`.port`), and this process's mail sent to it."""
    sink = MailSink(tmp_path / "mail")
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    sink.port = port
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield sink
    controller.stop()


@pytest.fixture
def worker_env(smtp_sink):
    """The environment of the server and Celery worker processes a test starts: the test
    database (PostgreSQL: processes cannot share SQLite's in-memory one), Redis as the broker
    with a queue of this test's own, and the test's SMTP sink."""
    services.needs_postgresql("workers and servers cannot share SQLite's in-memory test database.")
    services.needs_redis(TEST_REDIS_URL)
    queue = f"camp-test-{uuid.uuid4().hex}"
    yield {
        **process_env(),
        "STRIPE_API_BASE": settings.STRIPE_API_BASE,
        "STRIPE_SECRET_KEY": settings.STRIPE_SECRET_KEY,
        "STRIPE_WEBHOOK_SECRET": settings.STRIPE_WEBHOOK_SECRET,
        "CELERY_BROKER_URL": TEST_REDIS_URL,
        "CELERY_QUEUE": queue,
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_sink.port),
        "OUTBOX_FIRST_RETRY_SECONDS": "0.5",
        "LOG_LEVEL": "WARNING",
    }
    redis.Redis.from_url(TEST_REDIS_URL).delete(queue)


@pytest.fixture
def back_office_admin():
    return UserFactory(role=Role.ADMIN)


@pytest.fixture
def back_office(back_office_admin) -> Client:
    """The Django admin, signed in as one of the school's admins (`back_office_admin`)."""
    client = Client()
    client.force_login(back_office_admin)
    return client
