"""Firebase Authentication: the browser signs in, the server verifies ID tokens."""

from .env import env

FIREBASE_PROJECT_ID = env("FIREBASE_PROJECT_ID", "demo-camp")
FIREBASE_WEB_API_KEY = env("FIREBASE_WEB_API_KEY", "demo-camp-web-key")
FIREBASE_AUTH_DOMAIN = env("FIREBASE_AUTH_DOMAIN", f"{FIREBASE_PROJECT_ID}.firebaseapp.com")
# Path to a service-account JSON file; unset means Application Default Credentials.
FIREBASE_CREDENTIALS_FILE = env("FIREBASE_CREDENTIALS_FILE")
# host:port of the Firebase Auth emulator; firebase-admin reads it from the environment.
FIREBASE_AUTH_EMULATOR_HOST = env("FIREBASE_AUTH_EMULATOR_HOST")
# Google sign-in runs in a popup on the identity provider's origin that reports back through
# window.opener; Django's default "same-origin" policy cuts that link and the sign-in never ends.
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups"
