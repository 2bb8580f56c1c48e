"""What Stripe.js does in the student's browser, as the same HTTP calls to localstripe.

localstripe's own Stripe.js (localstripe-v3.js) makes exactly these requests: confirmCardSetup
posts the card to /v1/setup_intents/{id}/confirm with the publishable key and the client
secret, and the 3-D Secure step of confirmCardPayment posts to
/v1/payment_intents/{id}/_authenticate. Also here: Stripe's side of a webhook, signed the way
Stripe and localstripe sign it, and a look at what Stripe holds.
"""

import hashlib
import hmac
import json
import time

import requests
from django.conf import settings

from payments import stripe_client

TIMEOUT = 10

# Stripe's test cards, which localstripe knows too.
CARD_OK = "4242424242424242"
# Refused when the card is saved.
CARD_DECLINED = "4000000000000002"
# Saved without complaint, refused when charged.
CARD_DECLINED_WHEN_CHARGED = "4000000000000341"
# Asks for 3-D Secure when saved and again when charged.
CARD_3DS = "4000002500003155"


def _base() -> str:
    return settings.STRIPE_API_BASE.rstrip("/")


def _as_stripe_js(response: requests.Response, name: str) -> dict:
    body = response.json()
    if response.status_code != 200 or body.get("error"):
        return {"error": body.get("error", {})}
    return {name: body}


def confirm_card_setup(
    client_secret: str,
    number: str = CARD_OK,
    *,
    email: str = "unknown",
    name: str = "anonymous",
    complete_authentication: bool = True,
    timeout: float = TIMEOUT,
) -> dict:
    """stripe.confirmCardSetup(clientSecret, {payment_method: {card, billing_details}}):
    {"setupIntent": {...}} or {"error": {...}}. `timeout`: how long to wait for Stripe's
    answer, in seconds."""
    setup_intent_id = client_secret.split("_secret_")[0]
    url = f"{_base()}/v1/setup_intents/{setup_intent_id}/confirm"
    response = requests.post(
        url,
        json={
            "key": settings.STRIPE_PUBLISHABLE_KEY,
            "use_stripe_sdk": True,
            "client_secret": client_secret,
            "payment_method_data": {
                "type": "card",
                "card": {"number": number, "exp_month": "12", "exp_year": "2034", "cvc": "123"},
                "billing_details": {"email": email, "name": name},
            },
        },
        timeout=timeout,
    )
    answer = _as_stripe_js(response, "setupIntent")
    if answer.get("setupIntent", {}).get("status") != "requires_action":
        return answer
    # The 3-D Secure dialog: "Complete authentication" confirms again, "Fail" cancels.
    step = "confirm" if complete_authentication else "cancel"
    response = requests.post(
        f"{_base()}/v1/setup_intents/{setup_intent_id}/{step}",
        json={
            "key": settings.STRIPE_PUBLISHABLE_KEY,
            "use_stripe_sdk": True,
            "client_secret": client_secret,
        },
        timeout=TIMEOUT,
    )
    return _as_stripe_js(response, "setupIntent")


def confirm_card_payment(client_secret: str, *, success: bool = True) -> dict:
    """stripe.confirmCardPayment(clientSecret) on a PaymentIntent that requires_action: the
    cardholder passes (or fails) 3-D Secure."""
    payment_intent_id = client_secret.split("_secret_")[0]
    response = requests.post(
        f"{_base()}/v1/payment_intents/{payment_intent_id}/_authenticate",
        params={"success": "true" if success else "false"},
        json={"key": settings.STRIPE_PUBLISHABLE_KEY, "client_secret": client_secret},
        timeout=TIMEOUT,
    )
    return _as_stripe_js(response, "paymentIntent")


def stripe_get(path: str, **params) -> dict:
    response = requests.get(
        f"{_base()}{path}",
        params=params,
        headers={"Authorization": f"Bearer {settings.STRIPE_SECRET_KEY}"},
        timeout=TIMEOUT,
    )
    response.raise_for_status()
    return response.json()


def payment_intent(payment_intent_id: str) -> dict:
    return stripe_get(f"/v1/payment_intents/{payment_intent_id}")


def refunds_of(payment_intent_id: str) -> list[dict]:
    return stripe_get("/v1/refunds", payment_intent=payment_intent_id, limit=100)["data"]


def payment_intents(*, since: int, **metadata: str) -> list[dict]:
    """Every PaymentIntent made at Stripe since a moment whose metadata has these values."""
    found, after = [], None
    while True:
        params = {"limit": 100, **({"starting_after": after} if after else {})}
        page = stripe_get("/v1/payment_intents", **params)
        for intent in page["data"]:
            held = intent.get("metadata") or {}
            if intent["created"] >= since and all(
                held.get(key) == value for key, value in metadata.items()
            ):
                found.append(intent)
        if not page["has_more"]:
            return found
        after = page["data"][-1]["id"]


def succeeded_event(payment_intent_id: str) -> bytes:
    """The payment_intent.succeeded event Stripe made for a charge, as Stripe would post it."""
    since = int(time.time()) - 300
    after = None
    while True:
        params = {"type": "payment_intent.succeeded", "created[gte]": since, "limit": 100}
        if after:
            params["starting_after"] = after
        page = stripe_get("/v1/events", **params)
        for event in page["data"]:
            if event["data"]["object"]["id"] == payment_intent_id:
                return json.dumps(event, indent=2, sort_keys=True).encode()
        if not page["has_more"]:
            raise AssertionError(f"Stripe made no succeeded event for {payment_intent_id}.")
        after = page["data"][-1]["id"]


def signature(payload: bytes, *, secret: str | None = None, timestamp: int | None = None) -> str:
    """A Stripe-Signature header: HMAC-SHA256 of "{timestamp}.{payload}" under the secret."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    secret = settings.STRIPE_WEBHOOK_SECRET if secret is None else secret
    signed = f"{timestamp}.".encode() + payload
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def foreign_charge(amount: int = 4550) -> stripe_client.Charge:
    """A charge someone else made on the same Stripe account: no metadata of ours."""
    payment_intent = stripe_client.client().v1.payment_intents.create(
        params={
            "amount": amount,
            "currency": "usd",
            "payment_method": "pm_card_visa",
            "payment_method_types": ["card"],
            "confirm": True,
        }
    )
    return stripe_client.charge_retrieve(payment_intent.id)
