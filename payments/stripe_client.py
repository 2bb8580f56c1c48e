"""The one door to Stripe: everything else in the project calls these functions.

Production talks to Stripe; development and tests talk to localstripe at STRIPE_API_BASE.
Answers come back as small frozen records, so no other module depends on the SDK's objects.
"""

from dataclasses import dataclass
from functools import lru_cache

import stripe
from django.conf import settings

# Seconds to wait for Stripe before giving up on one call (the SDK retries safe calls).
TIMEOUT = 30


class PaymentProviderError(Exception):
    """Stripe could not be reached or refused a call for a reason that is not the card's."""


class CardDeclined(PaymentProviderError):
    """The card was refused; the message is the provider's, fit to show the cardholder."""


class NotFoundAtProvider(PaymentProviderError):
    """Stripe knows no object with that id."""


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


@lru_cache(maxsize=4)
def _client(api_key: str, api_base: str | None) -> stripe.StripeClient:
    return stripe.StripeClient(
        api_key,
        base_addresses={"api": api_base} if api_base else None,
        http_client=stripe.RequestsClient(timeout=TIMEOUT),
        max_network_retries=2,
    )


def client() -> stripe.StripeClient:
    # Keyed by the settings, so a test that overrides them gets a client that follows.
    return _client(settings.STRIPE_SECRET_KEY, settings.STRIPE_API_BASE)


def _translated(error: stripe.StripeError) -> PaymentProviderError:
    if isinstance(error, stripe.CardError):
        return CardDeclined(error.user_message or "Your card was declined.")
    if isinstance(error, stripe.InvalidRequestError) and error.http_status == 404:
        return NotFoundAtProvider(str(error))
    return PaymentProviderError(str(error))


def _metadata(stripe_object) -> dict[str, str]:
    metadata = getattr(stripe_object, "metadata", None)
    if metadata is None:
        return {}
    return {str(key): str(value) for key, value in metadata.to_dict().items()}


def _error_message(error) -> str:
    return (getattr(error, "message", None) or "") if error else ""


def _card_setup(setup_intent) -> CardSetup:
    return CardSetup(
        id=setup_intent.id,
        status=setup_intent.status,
        client_secret=setup_intent.client_secret or "",
        customer_id=setup_intent.customer or "",
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


def customer_exists(customer_id: str) -> bool:
    try:
        customer = client().v1.customers.retrieve(customer_id)
    except stripe.StripeError as error:
        translated = _translated(error)
        if isinstance(translated, NotFoundAtProvider):
            return False
        raise translated from error
    return not getattr(customer, "deleted", False)


def card_setup_create(*, customer_id: str, metadata: dict[str, str]) -> CardSetup:
    try:
        setup_intent = client().v1.setup_intents.create(
            params={
                "customer": customer_id,
                "payment_method_types": ["card"],
                # The card is charged at once, with the student present.
                "usage": "on_session",
                "metadata": metadata,
            }
        )
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
) -> Charge:
    """Create and confirm a PaymentIntent: the card is charged now, or asks for 3-D Secure."""
    try:
        payment_intent = client().v1.payment_intents.create(
            params={
                "amount": amount,
                "currency": currency,
                "customer": customer_id,
                "payment_method": payment_method_id,
                "payment_method_types": ["card"],
                "confirm": True,
                "metadata": metadata,
            },
            # Stripe answers a repeated key with the first PaymentIntent: one charge per setup.
            options={"idempotency_key": idempotency_key},
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return _charge(payment_intent)


def charge_retrieve(payment_intent_id: str) -> Charge:
    try:
        return _charge(client().v1.payment_intents.retrieve(payment_intent_id))
    except stripe.StripeError as error:
        raise _translated(error) from error


def charge_refund(*, payment_intent_id: str, reason: str) -> str:
    """Give the whole charge back, once however often this is called; the refund's id."""
    try:
        earlier = client().v1.refunds.list(params={"payment_intent": payment_intent_id})
        for refund in earlier.data:
            if refund.status in ("pending", "succeeded", "requires_action"):
                return refund.id
        refund = client().v1.refunds.create(
            params={"payment_intent": payment_intent_id, "metadata": {"reason": reason[:500]}},
            options={"idempotency_key": f"camp-refund-{payment_intent_id}"},
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
