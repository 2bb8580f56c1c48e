"""Settings shared by every environment; overlays in local, test and production.

Each integration has its own small module (firebase, stripe, storage, cache, csp), read here;
the Firebase emulator and localstripe of local machines and tests are in `emulators`.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from corsheaders.defaults import default_headers

from .artwork import *  # noqa: F403
from .cache import *  # noqa: F403
from .care import *  # noqa: F403
from .celery import *  # noqa: F403
from .csp import content_security_policy
from .env import env, env_bool, env_list
from .firebase import *  # noqa: F403
from .firebase import FIREBASE_AUTH_DOMAIN, FIREBASE_AUTH_EMULATOR_HOST
from .mail import *  # noqa: F403
from .paths import BASE_DIR
from .school import *  # noqa: F403
from .storage import *  # noqa: F403
from .stripe import *  # noqa: F403
from .stripe import STRIPE_API_BASE, STRIPE_JS_URL
from .waiting_room import *  # noqa: F403

SITE_NAME = env("SITE_NAME", "Camp")
# Where the site is reached, for links that must be absolute (demo portraits in Firebase).
SITE_URL = env("SITE_URL", "http://localhost:8000")

# Each overlay decides: production requires it, a developer's checkout makes its own.
SECRET_KEY = env("SECRET_KEY")


def development_secret_key(path: Path, make=lambda: secrets.token_urlsafe(50)) -> str:
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
    draft.write_text(make())
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
    "accounts.apps.CampAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # The sitemap's views and templates; without django.contrib.sites, URLs take the request's host.
    "django.contrib.sitemaps",
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
    "extras",
    "care",
    "notifications",
    "enrolments",
    "wanted_classes",
    "lottery",
    "waiting_room",
    "class_messages",
    "attendance",
    "health",
    "artwork",
    "payments",
    "checkout",
    "front_desk",
    "plans",
    "changes",
    "books",
    "settlement",
    "family_home",
    "pages",
]

MIDDLEWARE = [
    # First, so every later log line and error of the request carries its id.
    "core.request_id.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.BodySizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware: the visitor's language (cookie, Accept-Language); a signed-in
    # person's own is activated once the API knows them. Answers carry Content-Language.
    "core.language.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Registration writes wait their turn in the opening-morning line (waiting_room.line).
    "waiting_room.gate.WaitingRoomGateMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # django-csp's, with the settings' policy built once (core.middleware).
    "core.middleware.ContentSecurityPolicyMiddleware",
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
DATABASE_PREPARE_THRESHOLD = env("DATABASE_PREPARE_THRESHOLD", "5")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": DATABASE_LOCK_TIMEOUT_SECONDS, "transaction_mode": "IMMEDIATE"}
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A kept connection's health is read off its socket at each request's start
    # (core/kept_connections.py), rather than asked of the server by a SELECT 1.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c lock_timeout={int(DATABASE_LOCK_TIMEOUT_SECONDS * 1000)}"
    )
    # The server binds the parameters, and a statement this connection has run
    # DATABASE_PREPARE_THRESHOLD times is prepared: PostgreSQL parses and plans it once per
    # connection, not at every run. The morning's one-query reads are long statements: in one
    # process a hold's time in Django fell from about 10 ms to 6 with them prepared
    # (docs/performance.md). "off" turns preparing off, for a pooler in transaction mode
    # that does not follow prepared statements across the connections it hands out (PgBouncer
    # before 1.21, or with max_prepared_statements at 0).
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = (
        None if DATABASE_PREPARE_THRESHOLD == "off" else int(DATABASE_PREPARE_THRESHOLD)
    )

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    # Admins by role get Django admin permissions over Camp's models (accounts/admin_site.py).
    "accounts.admin_site.RoleBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English is the default; a family may choose Spanish (accounts.User.language), and a visitor's
# browser may ask for it (Accept-Language).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
# A request's language (core.language): the signed-in person's, else this cookie (set when they
# choose one, so pages follow; the browser app's switch writes it too), else Accept-Language,
# else English.
LANGUAGE_COOKIE_NAME = "camp_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.AccessTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JsonParser"],
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Views name a throttle_scope to be limited; only their writes count. A family's writes (its
    # people, waitlists, holds, cancellations) also share one count (family_throttle_scope); some
    # writes are also counted by network address alone (address_throttle_scope). All of a
    # request's limits are checked together (core.throttling.WriteThrottles).
    "DEFAULT_THROTTLE_CLASSES": ["core.throttling.WriteThrottles"],
    "DEFAULT_THROTTLE_RATES": {
        "sign_in": env("THROTTLE_SIGN_IN", "20/min"),
        # Sign-in links asked for from one network address: each may send an e-mail.
        "sign_in_links": env("THROTTLE_SIGN_IN_LINKS", "10/hour"),
        "uploads": env("THROTTLE_UPLOADS", "30/hour"),
        "selections": env("THROTTLE_SELECTIONS", "60/min"),
        "payments": env("THROTTLE_PAYMENTS", "30/min"),
        # Messages to the school's office, from one caller.
        "contact": env("THROTTLE_CONTACT", "5/hour"),
        # ... and from one network address, whichever accounts it signs in with.
        "contact_address": env("THROTTLE_CONTACT_ADDRESS", "20/hour"),
        # A family's own writes together, far above what a family does on registration morning.
        "family_writes": env("THROTTLE_FAMILY_WRITES", "60/hour"),
        # Unsubscribe links posted from one network address (a mail program's one click).
        "unsubscribe": env("THROTTLE_UNSUBSCRIBE", "30/hour"),
    },
    # Anonymous callers (sign-in) are told apart by address: behind N proxies, the Nth address
    # from the right of X-Forwarded-For; with 0, the connection's own address (never the header,
    # which the caller writes).
    "NUM_PROXIES": int(env("TRUSTED_PROXY_COUNT", "0")),
}

# Largest request body read into memory (JSON, forms); larger ones answer 413 before they are
# read (core/middleware.py). Image uploads have their own, larger limit (classes/images.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(env("DATA_UPLOAD_MAX_MEMORY_SIZE", str(2_621_440)))

# A sign-in link e-mailed to a family works once, within this many minutes; one address is sent
# at most SIGN_IN_LINKS_PER_EMAIL_PER_HOUR of them, whoever asks.
SIGN_IN_LINK_MINUTES = int(env("SIGN_IN_LINK_MINUTES", "30"))
SIGN_IN_LINKS_PER_EMAIL_PER_HOUR = int(env("SIGN_IN_LINKS_PER_EMAIL_PER_HOUR", "5"))

SIMPLE_JWT = {
    # Short, so an account disabled or deleted at Firebase loses the API within minutes: the
    # browser renews its token before expiry with a fresh Firebase ID token (POST /api/jwt).
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=float(env("JWT_LIFETIME_MINUTES", "10"))),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
    "AUTH_HEADER_TYPES": ("Bearer",),
}

CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
# A page's total and its neighbours' links, and the waiting room's admission (renewed at each
# registration write), readable by the allowed origins' scripts too; they may send it back.
CORS_EXPOSE_HEADERS = ["X-Total-Count", "Link", "Camp-Admission", "Camp-Admission-Expires"]
CORS_ALLOW_HEADERS = (*default_headers, "camp-admission")

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
    # A row id in a path (core.converters) is an integer; the schema sets no maximum, so the
    # contract fuzzing also sends ids past the database's range.
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    # Names of their own for the enums whose field names ("kind", "status") others use too.
    "ENUM_NAME_OVERRIDES": {
        "AttendanceStatusEnum": "attendance.lines.ATTENDANCE_STATUSES",
        "CarePartEnum": "care.models.CarePart",
        "CollectorKindEnum": "attendance.models.CollectorKind",
        "IncidentKindEnum": "health.models.IncidentKind",
        "DocumentKindEnum": "care.models.DocumentKind",
        "SettleWithEnum": ["card", "credit"],
        "RoleEnum": "accounts.models.Role",
        "DrawOutcomeEnum": "lottery.models.Outcome",
        "OutcomeEnum": "health.models.MedicationOutcome",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.openapi.waiting_room_refusals",
    ],
}

# What the browser app is told about its surroundings, as one JSON block in the page.
API_BASE = "/api"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "core.request_id.RequestIdFilter"}},
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
    # The Stripe SDK logs two lines at INFO for every call (its address, then the answer's
    # status): on an opening morning, thousands of lines that say less than Stripe's own request
    # log, at about 0.1 ms of a request's CPU each call. Our own lines say what failed.
    "loggers": {"stripe": {"level": env("STRIPE_LOG_LEVEL", "WARNING")}},
}
BUNDLE_MANIFEST = BASE_DIR / "static" / "dist" / "manifest.json"
# The app's server build, one file per language (frontend/webpack.config.js), which draws the
# public pages' first screens as HTML (camp/server_render.py); off, #root arrives empty.
SERVER_RENDER_DIR = BASE_DIR / "build" / "server"
SERVER_RENDER = env_bool("SERVER_RENDER", default=True)

# The policy names the Firebase and Stripe hosts in use; `emulators` names the local ones.
CONTENT_SECURITY_POLICY = content_security_policy(
    firebase_auth_domain=FIREBASE_AUTH_DOMAIN,
    firebase_emulator_host=FIREBASE_AUTH_EMULATOR_HOST,
    stripe_api_base=STRIPE_API_BASE,
    stripe_js_url=STRIPE_JS_URL,
)

# Attendance on the days of camp (attendance.lines). An instructor takes a meeting's
# attendance from this many minutes before it starts until midnight at the school; admins at
# any time.
ATTENDANCE_OPENS_MINUTES_BEFORE = int(env("ATTENDANCE_OPENS_MINUTES_BEFORE", "60"))
# An undo is accepted within this many minutes of the action it undoes, from whoever took it.
ATTENDANCE_UNDO_MINUTES = int(env("ATTENDANCE_UNDO_MINUTES", "10"))
# Minutes after a class's last meeting of the day ends that a child still checked in is told to
# its instructor and the admins.
END_OF_DAY_CHECK = int(env("END_OF_DAY_CHECK", "30"))
# Minutes after a meeting starts that a child neither checked in nor marked absent is told to
# their family; unset, no such notice is sent.
ABSENCE_NOTICE_MINUTES = (
    int(env("ABSENCE_NOTICE_MINUTES")) if env("ABSENCE_NOTICE_MINUTES") else None
)
