"""Settings shared by every environment; overlays in local, test and production."""

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONCE, NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def env_bool(name: str, default: bool = False) -> bool:
    value = env(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in (env(name, default) or "").split(",") if item.strip()]


SITE_NAME = env("SITE_NAME", "Camp")
# Where the site is reached, for links that must be absolute (demo portraits in Firebase).
SITE_URL = env("SITE_URL", "http://localhost:8000")

# Each overlay decides: production requires it, a developer's checkout makes its own.
SECRET_KEY = env("SECRET_KEY")


def development_secret_key(path: Path) -> str:
    """This checkout's own signing key: made at random on first use, kept in an ignored file.

    A key written in the repository would sign API tokens that any reader of it could forge.
    """
    try:
        known = path.read_text().strip()
    except FileNotFoundError:
        known = ""
    if known:
        return known
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f"{path.name}.{os.getpid()}")
    draft.write_text(secrets.token_urlsafe(50))
    draft.chmod(0o600)
    try:
        # A link is made whole or not at all: of two processes starting at once, both keep the
        # key of the one that linked first.
        os.link(draft, path)
    except FileExistsError:
        pass
    finally:
        draft.unlink()
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")

INSTALLED_APPS = [
    "camp.apps.CampAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "csp",
    "core",
    "accounts",
    "classes",
    "payments",
]

MIDDLEWARE = [
    # First, so every later log line and error of the request carries its id.
    "camp.request_id.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "camp.middleware.BodySizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "camp.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
            ],
        },
    },
]

WSGI_APPLICATION = "camp.wsgi.application"

# PostgreSQL when DATABASE_URL is set; otherwise an embedded SQLite file.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(env("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# How long a write waits for a lock another request holds, before it answers 503 (try again)
# rather than failing at once. SQLite waits through its busy timeout, and its transactions take
# the write lock when they begin (IMMEDIATE), so two writers queue instead of one failing
# midway; PostgreSQL waits through lock_timeout.
DATABASE_LOCK_TIMEOUT_SECONDS = float(env("DATABASE_LOCK_TIMEOUT_SECONDS", "5"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": DATABASE_LOCK_TIMEOUT_SECONDS, "transaction_mode": "IMMEDIATE"}
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c lock_timeout={int(DATABASE_LOCK_TIMEOUT_SECONDS * 1000)}"
    )

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    # Admins by role get Django admin permissions over Camp's models (camp/admin_site.py).
    "camp.admin_site.RoleBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# The webpack bundle already carries content hashes in its file names.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+\.[0-9a-f]{8,}\..+$"

MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", str(BASE_DIR / "media")))

# Uploaded class images: MEDIA_ROOT on this server unless a bucket is named, then any
# S3-compatible store. boto3 reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY itself.
IMAGE_STORAGE_BUCKET = env("IMAGE_STORAGE_BUCKET", env("AWS_STORAGE_BUCKET_NAME"))
if IMAGE_STORAGE_BUCKET:
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": IMAGE_STORAGE_BUCKET,
            "endpoint_url": env("AWS_S3_ENDPOINT_URL"),
            "region_name": env("AWS_S3_REGION_NAME"),
            "custom_domain": env("AWS_S3_CUSTOM_DOMAIN"),
            # Class pages keep the image URL for good: no signed URLs that expire in an hour.
            "querystring_auth": False,
            "file_overwrite": False,
            # Every upload gets a new random name, so a copy may be cached for ever.
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.AccessTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["camp.parsers.JsonParser"],
    "EXCEPTION_HANDLER": "camp.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Views name a throttle_scope to be limited; only their writes count (camp/throttling.py).
    "DEFAULT_THROTTLE_CLASSES": ["camp.throttling.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "sign_in": env("THROTTLE_SIGN_IN", "20/min"),
        "uploads": env("THROTTLE_UPLOADS", "30/hour"),
        "selections": env("THROTTLE_SELECTIONS", "60/min"),
        "payments": env("THROTTLE_PAYMENTS", "30/min"),
    },
    # Anonymous callers (sign-in) are told apart by address: behind N proxies, the Nth address
    # from the right of X-Forwarded-For; with 0, the connection's own address (never the header,
    # which the caller writes).
    "NUM_PROXIES": int(env("TRUSTED_PROXY_COUNT", "0")),
}

# How long a server process trusts the public lists' generation it last read before reading it
# again (camp/public_cache.py): another process's change reaches it within this time.
PUBLIC_LISTS_RECHECK_SECONDS = float(env("PUBLIC_LISTS_RECHECK_SECONDS", "1"))

# Throttle counts live in the cache: Redis, shared by every server process, when REDIS_URL is
# set; otherwise this process's memory, enough for one process.
REDIS_URL = env("REDIS_URL")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", "camp"),
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Largest request body read into memory (JSON, forms); larger ones answer 413 before they are
# read (camp/middleware.py). Image uploads have their own, larger limit (classes/images.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(env("DATA_UPLOAD_MAX_MEMORY_SIZE", str(2_621_440)))

SIMPLE_JWT = {
    # Short, so an account disabled or deleted at Firebase loses the API within minutes: the
    # browser renews its token before expiry with a fresh Firebase ID token (POST /api/jwt).
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=float(env("JWT_LIFETIME_MINUTES", "10"))),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
    "AUTH_HEADER_TYPES": ("Bearer",),
}

CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
# A page's total and its neighbours' links, readable by the allowed origins' scripts too.
CORS_EXPOSE_HEADERS = ["X-Total-Count", "Link"]

# The API's description at /api/schema and /api/docs; the docs page's scripts and styles come
# from drf-spectacular-sidecar through our own static files, never from a CDN.
SPECTACULAR_SETTINGS = {
    "TITLE": "Camp API",
    "DESCRIPTION": (
        "Classes, selections and payments of the Camp art & craft school. "
        "Every error is {message, errors?}; errors names the fields of bad input."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# What the browser app is told about its surroundings, as one JSON block in the page.
API_BASE = "/api"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "camp.request_id.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s %(message)s"}
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
}
BUNDLE_MANIFEST = BASE_DIR / "static" / "dist" / "manifest.json"

# Firebase Authentication: the browser signs in, the server verifies ID tokens.
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

# Stripe: the browser saves the card with Stripe.js, the server charges it with the secret key.
# Development keys only work against localstripe; production refuses to start without real ones.
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY", "sk_test_camp_local")
STRIPE_PUBLISHABLE_KEY = env("STRIPE_PUBLISHABLE_KEY", "pk_test_camp_local")
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET", "whsec_camp_local")
# Unset means Stripe itself; locally and in tests, localstripe.
STRIPE_API_BASE = env("STRIPE_API_BASE")
STRIPE_JS_URL = env("STRIPE_JS_URL", "https://js.stripe.com/v3/")
# One call to Stripe waits this long for an answer (payments/stripe_client.py).
STRIPE_TIMEOUT_SECONDS = float(env("STRIPE_TIMEOUT_SECONDS", "5"))
# Test settings only: a named point in the payment flow where the server process dies, to show
# that a crash there loses nothing (payments/services.py, fault_point).
PAYMENT_FAULT_POINT = ""


def origin_of(url: str | None) -> str | None:
    """scheme://host[:port] of a URL, the unit a Content-Security-Policy names."""
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def content_security_policy(
    *, firebase_auth_domain, firebase_emulator_host, stripe_api_base, stripe_js_url
) -> dict:
    """Our own origin plus the Firebase and Stripe hosts these settings name, nothing else.

    Inline code runs only with the request's nonce (the page's configuration block, the API docs
    page). Images may come from any https host: class banners and portraits are URLs people give.
    """
    emulator = f"http://{firebase_emulator_host}" if firebase_emulator_host else None
    stripe_js = origin_of(stripe_js_url) or "https://js.stripe.com"
    stripe_api = origin_of(stripe_api_base) or "https://api.stripe.com"
    firebase_frame = f"https://{firebase_auth_domain}"
    google_apis = "https://apis.google.com"

    def hosts(*names):
        return [SELF, *dict.fromkeys(name for name in names if name)]

    return {
        "DIRECTIVES": {
            "default-src": [SELF],
            "script-src": [*hosts(stripe_js, google_apis, emulator), NONCE],
            "style-src": [SELF, NONCE],
            "img-src": [SELF, "data:", "blob:", "https:"],
            "font-src": [SELF, "data:"],
            "connect-src": hosts(
                "https://*.googleapis.com", emulator, stripe_api, stripe_js, firebase_frame
            ),
            "frame-src": hosts(
                firebase_frame,
                emulator,
                stripe_js,
                "https://js.stripe.com",
                "https://hooks.stripe.com",
            ),
            "object-src": [NONE],
            "base-uri": [SELF],
            "form-action": [SELF],
            "frame-ancestors": [NONE],
        }
    }


CONTENT_SECURITY_POLICY = content_security_policy(
    firebase_auth_domain=FIREBASE_AUTH_DOMAIN,
    firebase_emulator_host=FIREBASE_AUTH_EMULATOR_HOST,
    stripe_api_base=STRIPE_API_BASE,
    stripe_js_url=STRIPE_JS_URL,
)
