"""`make bench`: production settings on a local PostgreSQL, plus a floor endpoint.

Only bench/run.py uses this overlay. Its secrets and keys are throwaway values that satisfy
production's refusals; no Stripe or Firebase call is made by the endpoints it loads.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench")
os.environ.setdefault("SECRET_KEY", "camp-bench-key-only-for-a-local-benchmark")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
os.environ.setdefault("STRIPE_SECRET_KEY", "sk_test_camp_bench")
os.environ.setdefault("STRIPE_PUBLISHABLE_KEY", "pk_test_camp_bench")
os.environ.setdefault("STRIPE_WEBHOOK_SECRET", "whsec_camp_bench")
# wrk speaks plain HTTP to 127.0.0.1: no redirect to HTTPS.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

from .production import *  # noqa: E402, F403

# camp.urls plus /api/_floor, so the floor never exists in production.
ROOT_URLCONF = "camp.bench_urls"
# The constant body /api/_floor answers: /api/classes' answer, written by bench/run.py.
BENCH_FLOOR_BODY_FILE = os.environ.get("BENCH_FLOOR_BODY_FILE", "")
