"""The test suite: fast hashing, throwaway media."""

import os
import tempfile
from pathlib import Path

from .base import *  # noqa: F403
from .base import env

# Tests talk to the Firebase Auth emulator that `make test` starts.
FIREBASE_AUTH_EMULATOR_HOST = env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = FIREBASE_AUTH_EMULATOR_HOST

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-media-"))
STATIC_ROOT = Path(tempfile.mkdtemp(prefix="camp-test-static-"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Tests charge cards on the localstripe that `make test` starts.
STRIPE_API_BASE = env("STRIPE_API_BASE", env("LOCALSTRIPE_URL", "http://localhost:8420"))
STRIPE_JS_URL = env("STRIPE_JS_URL", f"{STRIPE_API_BASE}/js.stripe.com/v3/")
