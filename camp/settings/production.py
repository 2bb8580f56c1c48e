"""Production: refuses to start without its secrets or with debug on."""

from cryptography.fernet import Fernet
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env, env_bool, env_list

if env_bool("DEBUG", False):
    raise ImproperlyConfigured("DEBUG must be off in production.")
DEBUG = False

SECRET_KEY = env("SECRET_KEY")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set in production.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in production.")

# With the emulator host set, firebase-admin accepts unsigned ID tokens,
# so anyone could sign in as anyone.
if FIREBASE_AUTH_EMULATOR_HOST or env("FIREBASE_AUTH_EMULATOR_HOST"):  # noqa: F405
    raise ImproperlyConfigured("FIREBASE_AUTH_EMULATOR_HOST must not be set in production.")

# The development defaults in base only work against localstripe.
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY")
if not STRIPE_SECRET_KEY:
    raise ImproperlyConfigured("STRIPE_SECRET_KEY must be set in production.")
STRIPE_PUBLISHABLE_KEY = env("STRIPE_PUBLISHABLE_KEY")
if not STRIPE_PUBLISHABLE_KEY:
    raise ImproperlyConfigured("STRIPE_PUBLISHABLE_KEY must be set in production.")
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET")
if not STRIPE_WEBHOOK_SECRET:
    raise ImproperlyConfigured("STRIPE_WEBHOOK_SECRET must be set in production.")

# Every server process must see the same cache: a public list one process cached is forgotten
# by all when another process changes a class, and throttles count every process's calls.
if not REDIS_URL:  # noqa: F405
    raise ImproperlyConfigured("REDIS_URL must be set in production.")

# The development defaults name a school that does not exist: families would get mail from,
# and reply to, an address nobody reads, and a tax statement with a made-up tax id on it.
for name in ("DEFAULT_FROM_EMAIL", "SCHOOL_REPLY_TO", "SCHOOL_TAX_ID", "SCHOOL_ADDRESS"):
    if not env(name):
        raise ImproperlyConfigured(f"{name} must be set in production.")

# Children's medical fields are encrypted with these keys; without one they could be neither
# written nor read.
if not CARE_ENCRYPTION_KEYS:  # noqa: F405
    raise ImproperlyConfigured("CARE_ENCRYPTION_KEYS must be set in production.")
for key in CARE_ENCRYPTION_KEYS:  # noqa: F405
    try:
        Fernet(key)
    except ValueError:
        raise ImproperlyConfigured(
            "Each of CARE_ENCRYPTION_KEYS must be a Fernet key (32 url-safe base64 bytes)."
        ) from None

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
