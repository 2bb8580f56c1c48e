"""Developer machines: debug on, everything local."""

import os
from pathlib import Path

from .base import *  # noqa: F403
from .base import BASE_DIR, content_security_policy, development_secret_key, env, env_bool

DEBUG = env_bool("DEBUG", True)

SECRET_KEY = env("SECRET_KEY") or development_secret_key(
    Path(env("DEVELOPMENT_SECRET_KEY_FILE", str(BASE_DIR / ".run" / "secret-key")))
)

# Locally, identity is the Firebase Auth emulator that `make run` starts.
FIREBASE_AUTH_EMULATOR_HOST = env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = FIREBASE_AUTH_EMULATOR_HOST

# Locally, payments go to the localstripe that `make run` starts.
STRIPE_API_BASE = env("STRIPE_API_BASE", env("LOCALSTRIPE_URL", "http://localhost:8420"))
STRIPE_JS_URL = env("STRIPE_JS_URL", f"{STRIPE_API_BASE}/js.stripe.com/v3/")

# The policy names this overlay's Firebase emulator and localstripe.
CONTENT_SECURITY_POLICY = content_security_policy(
    firebase_auth_domain=FIREBASE_AUTH_DOMAIN,  # noqa: F405
    firebase_emulator_host=FIREBASE_AUTH_EMULATOR_HOST,
    stripe_api_base=STRIPE_API_BASE,
    stripe_js_url=STRIPE_JS_URL,
)
