"""Stripe: the browser saves the card with Stripe.js, the server charges it with the secret key."""

from .env import env

# Development keys only work against localstripe; production refuses to start without real ones.
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY", "sk_test_camp_local")
STRIPE_PUBLISHABLE_KEY = env("STRIPE_PUBLISHABLE_KEY", "pk_test_camp_local")
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET", "whsec_camp_local")
# Unset means Stripe itself; locally and in tests, localstripe.
STRIPE_API_BASE = env("STRIPE_API_BASE")
STRIPE_JS_URL = env("STRIPE_JS_URL", "https://js.stripe.com/v3/")
# One call to Stripe waits this long for an answer (payments/stripe_client.py).
STRIPE_TIMEOUT_SECONDS = float(env("STRIPE_TIMEOUT_SECONDS", "5"))
