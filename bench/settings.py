"""`make bench`: production settings on a local PostgreSQL, plus a floor endpoint.

Only the bench scripts (bench/run.py, bench/rush.py, bench/lighthouse.py) use this overlay. Its
secrets and keys are throwaway values that satisfy production's refusals; `make bench` calls
neither Stripe nor Firebase, and `make bench-rush` calls localstripe (STRIPE_API_BASE).
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench")
os.environ.setdefault("SECRET_KEY", "camp-bench-key-only-for-a-local-benchmark")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
os.environ.setdefault("STRIPE_SECRET_KEY", "sk_test_camp_bench")
os.environ.setdefault("STRIPE_PUBLISHABLE_KEY", "pk_test_camp_bench")
os.environ.setdefault("STRIPE_WEBHOOK_SECRET", "whsec_camp_bench")
os.environ.setdefault("DEFAULT_FROM_EMAIL", "Camp bench <bench@camp.test>")
os.environ.setdefault("SCHOOL_REPLY_TO", "bench@camp.test")
# Production asks for what the yearly statement prints; the bench prints none.
os.environ.setdefault("SCHOOL_TAX_ID", "00-0000000")
os.environ.setdefault("SCHOOL_ADDRESS", "1 Bench Street, Springfield, CA 00000")
# A throwaway Fernet key for the bench families' care records.
os.environ.setdefault("CARE_ENCRYPTION_KEYS", "Y2FtcC1iZW5jaC1jYXJlLWtleS10aHJvd2F3YXktMzI=")
# Production's shared cache: the local Redis, under keys of the bench's own.
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
os.environ.setdefault("CACHE_KEY_PREFIX", "camp-bench")
# The signed-in callers' tokens are made once, when the school is seeded, and must outlive the
# run at 100,000 classes (production's are renewed by the browser every few minutes).
os.environ.setdefault("JWT_LIFETIME_MINUTES", "180")
# wrk speaks plain HTTP to 127.0.0.1: no redirect to HTTPS.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

from camp.settings.production import *  # noqa: E402, F403

# camp.urls plus /api/_floor, so the floor never exists in production.
ROOT_URLCONF = "bench.urls"
# Where bench/run.py writes each endpoint's answer, for /api/_floor/<name> to answer as is.
BENCH_FLOOR_DIR = os.environ.get("BENCH_FLOOR_DIR", "")
# `make bench-rush` takes the time spent on Stripe out of each step (bench/stripe_timing.py).
if os.environ.get("BENCH_STRIPE_TIMING"):
    MIDDLEWARE = ["bench.stripe_timing.StripeTimingMiddleware", *MIDDLEWARE]  # noqa: F405
