"""Local machines and tests: identity is the Firebase Auth emulator and payments go to the
localstripe that `scripts/with-services` starts; the policy lets the page reach both."""

import os

from .csp import content_security_policy
from .env import env
from .firebase import FIREBASE_AUTH_DOMAIN

FIREBASE_AUTH_EMULATOR_HOST = env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
# firebase-admin reads the emulator's address from the environment, not from settings.
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = FIREBASE_AUTH_EMULATOR_HOST

STRIPE_API_BASE = env("STRIPE_API_BASE", env("LOCALSTRIPE_URL", "http://localhost:8420"))
STRIPE_JS_URL = env("STRIPE_JS_URL", f"{STRIPE_API_BASE}/js.stripe.com/v3/")

CONTENT_SECURITY_POLICY = content_security_policy(
    firebase_auth_domain=FIREBASE_AUTH_DOMAIN,
    firebase_emulator_host=FIREBASE_AUTH_EMULATOR_HOST,
    stripe_api_base=STRIPE_API_BASE,
    stripe_js_url=STRIPE_JS_URL,
)
