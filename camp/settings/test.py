"""The test suite: fast hashing, throwaway media."""

import os
import secrets
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet

# The suite's own local services, on ports apart from `make run`'s (the Makefile's TEST_* ports),
# so a test that empties the emulator's accounts never empties the development server's.
os.environ.setdefault("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9199")
os.environ.setdefault("LOCALSTRIPE_URL", "http://localhost:8421")

from testing.services import TEST_REDIS_URL  # noqa: E402

from .base import *  # noqa: E402, F403
from .base import BASE_DIR, DATABASES, REDIS_URL, env, env_bool, env_list  # noqa: E402
from .emulators import *  # noqa: E402, F403

DEBUG = False
# A key of this run's own; the server processes some tests start are handed it.
SECRET_KEY = env("SECRET_KEY") or secrets.token_urlsafe(50)
# This run's key for children's medical fields; the processes its tests start inherit it.
os.environ.setdefault("CARE_ENCRYPTION_KEYS", Fernet.generate_key().decode())
CARE_ENCRYPTION_KEYS = env_list("CARE_ENCRYPTION_KEYS")
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-media-"))
STATIC_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-static-"))
CARE_DOCUMENT_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-care-documents-"))
ARTWORK_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-artworks-"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "care_documents": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": CARE_DOCUMENT_ROOT},
    },
    "artworks": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": ARTWORK_ROOT},
    },
}

# Tasks queued by the suite's own process go nowhere unless a test names a broker: the tests that
# run real Celery workers hand them and their server processes one (CELERY_BROKER_URL).
CELERY_BROKER_URL = env("CELERY_BROKER_URL") or "memory://"

# A test that starts a server process may arm one fault point in it (testing/fault_points.py).
PAYMENT_FAULT_POINT = env("CAMP_PAYMENT_FAULT_POINT", "")
INSTALLED_APPS = [*INSTALLED_APPS, "testing.fault_points.FaultPointsConfig"]  # noqa: F405

# Tests may call an endpoint many times; throttling is tested with low rates of its own
# (camp/tests/test_throttling.py), or with these from the environment (two-server test).
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {
        scope: env(f"THROTTLE_{scope.upper()}", "100000/min")
        for scope in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # noqa: F405
    },
}

# The suite keeps throttle counts in its own memory, so clearing them between tests (conftest.py)
# never empties a Redis someone else uses. Only the server processes that
# camp/tests/test_processes.py starts share a Redis, named by REDIS_URL and this switch.
if env("CAMP_TEST_CACHE") != "redis" or not REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Many tests make seasons that open within minutes: the waiting room would stand in front of their
# writes. Its own tests turn it on, each with a line of its own (its keys under a prefix of the
# test's), on the suite's Redis; WAITING_ROOM_ENABLED=1 turns it on for the whole suite.
WAITING_ROOM_ENABLED = env_bool("WAITING_ROOM_ENABLED", False)
WAITING_ROOM_REDIS_URL = env("WAITING_ROOM_REDIS_URL") or TEST_REDIS_URL
WAITING_ROOM_KEY_PREFIX = env("WAITING_ROOM_KEY_PREFIX") or (
    f"camp-test:waiting-room:{secrets.token_hex(4)}"
)
WAITING_ROOM_RECHECK_SECONDS = 0.0

# Every request rereads the public lists' generation: each test clears the cache, and this
# process's memory of the last generation must not outlive it. core/tests/test_public_cache.py
# covers the production window on its own clock.
PUBLIC_LISTS_RECHECK_SECONDS = 0.0

# Two runs of the suite on one PostgreSQL server at once (the server pass and Playwright, side by
# side in `make test`) each make a test database of their own: the second names a suffix.
if (suffix := env("CAMP_TEST_DATABASE_SUFFIX")) and DATABASES["default"]["ENGINE"].endswith(
    "postgresql"
):
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{suffix}"}
elif suffix:
    # On SQLite, a run that names a suffix (Playwright's) serves its pages from threads beside the
    # tests': its database is a file of its own, whose writers queue through the busy timeout as
    # production's do. In SQLite's in-memory database the threads share one cache, whose table
    # locks fail a read at once ("database table is locked") while another thread writes.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".run" / f"test-{suffix}.sqlite3")}

# The suite's PostgreSQL databases are thrown away when the run ends: a commit need not wait for
# its write-ahead log to reach the disk. The setting is this suite's connections' own (the server
# processes its tests start read these settings too); the server, and its fsync, are untouched,
# and a crash of the machine can lose at most the last moments of a run that is lost anyway.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["OPTIONS"]["options"] += " -c synchronous_commit=off"
