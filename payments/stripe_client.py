"""The one door to Stripe: everything else in the project calls these functions.

Production talks to Stripe; development and tests talk to localstripe at STRIPE_API_BASE.
Answers come back as small frozen records, so no other module depends on the SDK's objects.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

import requests
import stripe
from django.conf import settings

from core.provider_waits import provider_call

# Every call to Stripe is bounded, so a payment request answers well inside the server's worker
# timeout (Procfile): at most two tries of STRIPE_TIMEOUT_SECONDS each for a call, and a payment
# makes two calls (read the saved card, charge it).
RETRIES = 1
# A charge is sent once, never retried by the SDK: when its answer does not come, the charge is
# found later by its attempt id (payments.services), not sent again.
CHARGE_RETRIES = 0


class PaymentProviderError(Exception):
    """Stripe could not be reached or refused a call for a reason that is not the card's."""


class CardDeclined(PaymentProviderError):
    """The card was refused; the message is the provider's, fit to show the cardholder."""


class NotFoundAtProvider(PaymentProviderError):
    """Stripe knows no object with that id."""


class CustomerMissing(NotFoundAtProvider):
    """Stripe has no such Customer (deleted, of another account, or a fresh localstripe's
    store): a new one is needed to save a card under."""


class ProviderUnreachable(PaymentProviderError):
    """No connection to Stripe could be made: the request never left, so nothing happened."""


class InvalidSignature(Exception):
    """A webhook that Stripe did not sign with our endpoint secret."""


@dataclass(frozen=True)
class CardSetup:
    """A SetupIntent: the card the browser saved for one payment."""

    id: str
    status: str
    client_secret: str
    customer_id: str
    payment_method_id: str
    metadata: dict[str, str]
    error_message: str


@dataclass(frozen=True)
class Charge:
    """A PaymentIntent: one charge of one card."""

    id: str
    status: str
    amount: int
    currency: str
    metadata: dict[str, str]
    client_secret: str
    error_message: str


@dataclass(frozen=True)
class WebhookEvent:
    type: str
    object_id: str


# Where Stripe answers when STRIPE_API_BASE names no other address (localstripe).
STRIPE_ADDRESS = "https://api.stripe.com"


class TimedHttpClient(stripe.RequestsClient):
    """The SDK's HTTP client, each call timed as a wait on a provider (core.provider_waits).

    The proxy to reach Stripe by is read from the environment once, when the client is made
    (HTTPS_PROXY, NO_PROXY), and each thread's session is told not to read it again: requests
    otherwise walks the whole environment several times on every call, which was about a fifth
    of a seat hold's CPU (bench/request_cpu.py)."""

    def __init__(self, *, timeout: float, address: str = STRIPE_ADDRESS):
        proxies = requests.utils.get_environ_proxies(address)
        super().__init__(
            timeout=timeout,
            proxy={scheme: proxies[scheme] for scheme in ("http", "https") if scheme in proxies},
        )

    def request(self, *arguments, **options):
        # The SDK keeps a session per thread and makes one where there is none yet.
        if getattr(self._thread_local, "session", None) is None:
            session = requests.Session()
            session.trust_env = False
            self._thread_local.session = session
        with provider_call():
            return super().request(*arguments, **options)


@lru_cache(maxsize=4)
def _client(api_key: str, api_base: str | None, timeout: float) -> stripe.StripeClient:
    return stripe.StripeClient(
        api_key,
        base_addresses={"api": api_base} if api_base else None,
        http_client=TimedHttpClient(address=api_base or STRIPE_ADDRESS, timeout=timeout),
        max_network_retries=RETRIES,
    )


def client() -> stripe.StripeClient:
    # Keyed by the settings, so a test that overrides them gets a client that follows.
    return _client(
        settings.STRIPE_SECRET_KEY, settings.STRIPE_API_BASE, settings.STRIPE_TIMEOUT_SECONDS
    )


def _translated(error: stripe.StripeError) -> PaymentProviderError:
    if isinstance(error, stripe.CardError):
        return CardDeclined(error.user_message or "Your card was declined.")
    if isinstance(error, stripe.InvalidRequestError) and error.http_status == 404:
        return NotFoundAtProvider(str(error))
    if isinstance(error, stripe.APIConnectionError) and _never_connected(str(error)):
        return ProviderUnreachable(str(error))
    return PaymentProviderError(str(error))


def _never_connected(message: str) -> bool:
    # The SDK names the requests exception it met: these fail before a byte of the request is
    # sent. A read timeout or a dropped connection may come after Stripe acted, so they are not.
    return (
        any(
            sign in message
            for sign in ("ConnectTimeout", "Connection refused", "NewConnectionError")
        )
        and "ReadTimeout" not in message
    )


def _metadata(stripe_object) -> dict[str, str]:
    metadata = getattr(stripe_object, "metadata", None)
    if metadata is None:
        return {}
    return {str(key): str(value) for key, value in metadata.to_dict().items()}


def _error_message(error) -> str:
    return (getattr(error, "message", None) or "") if error else ""


def _card_setup(setup_intent) -> CardSetup:
    customer = setup_intent.customer or ""
    return CardSetup(
        id=setup_intent.id,
        status=setup_intent.status,
        client_secret=setup_intent.client_secret or "",
        # Its id, or the Customer itself when the call asked for it whole.
        customer_id=customer if isinstance(customer, str) else customer.id,
        payment_method_id=setup_intent.payment_method or "",
        metadata=_metadata(setup_intent),
        error_message=_error_message(getattr(setup_intent, "last_setup_error", None)),
    )


def _charge(payment_intent) -> Charge:
    return Charge(
        id=payment_intent.id,
        status=payment_intent.status,
        amount=int(payment_intent.amount),
        currency=payment_intent.currency,
        metadata=_metadata(payment_intent),
        client_secret=payment_intent.client_secret or "",
        error_message=_error_message(getattr(payment_intent, "last_payment_error", None)),
    )


def customer_create(*, email: str, name: str, student_id: int) -> str:
    try:
        customer = client().v1.customers.create(
            params={"email": email, "name": name, "metadata": {"student_id": str(student_id)}}
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return customer.id


def card_setup_create(*, customer_id: str, metadata: dict[str, str]) -> CardSetup:
    """A SetupIntent under the Customer; CustomerMissing when Stripe has no such Customer. The
    Customer is asked for whole with it, so that localstripe, which takes any id, says so too."""
    try:
        setup_intent = client().v1.setup_intents.create(
            params={
                "customer": customer_id,
                "payment_method_types": ["card"],
                # Charged at once with the family present, and kept for a plan's instalments,
                # which the school charges later without them.
                "usage": "off_session",
                "metadata": metadata,
                "expand": ["customer"],
            }
        )
    except stripe.InvalidRequestError as error:
        # Stripe: "No such customer" (resource_missing, on the customer); localstripe: 404.
        if error.http_status == 404 or (
            error.code == "resource_missing" and error.param == "customer"
        ):
            raise CustomerMissing(str(error)) from error
        raise _translated(error) from error
    except stripe.StripeError as error:
        raise _translated(error) from error
    return _card_setup(setup_intent)


def card_setup_retrieve(setup_intent_id: str) -> CardSetup:
    try:
        return _card_setup(client().v1.setup_intents.retrieve(setup_intent_id))
    except stripe.StripeError as error:
        raise _translated(error) from error


def charge_create(
    *,
    amount: int,
    currency: str,
    customer_id: str,
    payment_method_id: str,
    metadata: dict[str, str],
    idempotency_key: str,
    off_session: bool = False,
) -> Charge:
    """Create and confirm a PaymentIntent: the card is charged now, or asks for 3-D Secure.
    `off_session`: the family is not there (a plan's instalment), so the bank cannot ask them."""
    params = {
        "amount": amount,
        "currency": currency,
        "customer": customer_id,
        "payment_method": payment_method_id,
        "payment_method_types": ["card"],
        "confirm": True,
        "metadata": metadata,
    }
    if off_session:
        params["off_session"] = True
    try:
        payment_intent = client().v1.payment_intents.create(
            params=params,
            # Stripe answers a repeated key with the first PaymentIntent: one charge per setup.
            options={"idempotency_key": idempotency_key, "max_network_retries": CHARGE_RETRIES},
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return _charge(payment_intent)


def charge_retrieve(payment_intent_id: str) -> Charge:
    try:
        return _charge(client().v1.payment_intents.retrieve(payment_intent_id))
    except stripe.StripeError as error:
        raise _translated(error) from error


def charges_since(moment: datetime) -> Iterator[Charge]:
    """The PaymentIntents made at or after `moment`, newest first where Stripe orders them.

    Stripe lists newest first, so the walk stops at the first older one; a provider that lists
    in another order (localstripe) is walked to its end, which is bounded by its own store.
    """
    since = int(moment.timestamp())
    # Stripe itself is reached with no STRIPE_API_BASE; localstripe lists oldest first.
    newest_first = settings.STRIPE_API_BASE is None
    try:
        listed = client().v1.payment_intents.list(params={"limit": 100})
        for payment_intent in listed.auto_paging_iter():
            created = int(getattr(payment_intent, "created", since) or since)
            if created < since:
                if newest_first:
                    return
                continue
            yield _charge(payment_intent)
    except stripe.StripeError as error:
        raise _translated(error) from error


REFUND_MADE_STATUSES = ("pending", "succeeded", "requires_action")


def charge_refund(
    *,
    payment_intent_id: str,
    reason: str,
    amount_cents: int | None = None,
    idempotency_key: str = "",
) -> str:
    """Give money back on a charge, once however often this is called; the refund's id.

    Without an amount, the whole charge, and any refund made on it before counts as this one.
    With one (a part, as a cancellation policy gives), the refund is the one named by
    `idempotency_key`: Stripe answers a repeated key with the first refund, and since Stripe
    forgets keys after a day, the key is also kept in the refund's metadata and looked for
    first, so a retry days later finds it too.
    """
    try:
        earlier = client().v1.refunds.list(params={"payment_intent": payment_intent_id})
        for refund in earlier.data:
            if refund.status not in REFUND_MADE_STATUSES:
                continue
            if not idempotency_key or _metadata(refund).get("refund_key") == idempotency_key:
                return refund.id
        params: dict = {"payment_intent": payment_intent_id, "metadata": {"reason": reason[:500]}}
        if amount_cents is not None:
            params["amount"] = amount_cents
        if idempotency_key:
            params["metadata"]["refund_key"] = idempotency_key
        refund = client().v1.refunds.create(
            params=params,
            options={"idempotency_key": idempotency_key or f"camp-refund-{payment_intent_id}"},
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return refund.id


def webhook_event(*, payload: bytes, signature: str) -> WebhookEvent:
    """The event Stripe sent, once its signature proves Stripe sent it."""
    try:
        event = client().construct_event(payload, signature, settings.STRIPE_WEBHOOK_SECRET)
    except (ValueError, stripe.SignatureVerificationError) as error:
        raise InvalidSignature(str(error)) from error
    data_object = event.data.object
    return WebhookEvent(type=event.type, object_id=getattr(data_object, "id", "") or "")
