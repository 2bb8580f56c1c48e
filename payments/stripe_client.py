"""The one door to Stripe: everything else in the project calls these functions.

Production talks to Stripe; development and tests talk to localstripe at STRIPE_API_BASE.
Answers come back as small frozen records, so no other module depends on the SDK's objects.
"""

import io
import threading
import urllib.parse
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

import pycurl
import requests
import stripe
from django.conf import settings
from django.utils.translation import gettext

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


class NeverSent(stripe.APIConnectionError):
    """No byte of the request reached Stripe (no connection could be made): nothing happened
    there, so the call may simply be made again."""


# libcurl's failures that are the network's, worth one more try, as the SDK's own clients
# retry timeouts and failed connections: resolving, connecting, sending, receiving, a timeout.
_NETWORK_FAILURES = frozenset(
    getattr(pycurl, name)
    for name in (
        "E_COULDNT_RESOLVE_PROXY",
        "E_COULDNT_RESOLVE_HOST",
        "E_COULDNT_CONNECT",
        "E_OPERATION_TIMEDOUT",
        "E_GOT_NOTHING",
        "E_SEND_ERROR",
        "E_RECV_ERROR",
        "E_PARTIAL_FILE",
    )
)


class TimedHttpClient(stripe.HTTPClient):
    """The SDK's HTTP calls, made with libcurl (pycurl) and each timed as a wait on a provider
    (core.provider_waits).

    libcurl, a C library, spends about half the CPU per call that requests did (a hold's or a
    payment's calls to Stripe were a fifth to a third of its CPU, bench/request_cpu.py). Each
    thread keeps a handle of its own, which keeps its connection to Stripe open between calls.
    The proxy to reach Stripe by is read from the environment once, when the client is made
    (HTTPS_PROXY, NO_PROXY), and given to libcurl, which otherwise reads the environment itself
    on every call. A call waits at most `timeout` seconds in all, connecting included."""

    name = "pycurl"

    def __init__(self, *, timeout: float, address: str = STRIPE_ADDRESS):
        super().__init__()
        self._timeout_ms = max(1, round(timeout * 1000))
        proxies = requests.utils.get_environ_proxies(address)
        scheme = address.split(":", 1)[0]
        # An empty proxy tells libcurl to use none, whatever the environment says later.
        self._proxy_address = proxies.get(scheme) or proxies.get("all") or ""
        self._handles = threading.local()

    def _handle(self) -> "pycurl.Curl":
        handle = getattr(self._handles, "curl", None)
        if handle is None:
            handle = self._handles.curl = pycurl.Curl()
        else:
            # Options go back to their defaults; the open connection stays.
            handle.reset()
        return handle

    def request(self, method, url, headers, post_data=None):
        handle = self._handle()
        body, answer_headers = io.BytesIO(), _AnswerHeaders()
        handle.setopt(pycurl.URL, url)
        handle.setopt(pycurl.PROXY, self._proxy_address)
        if method == "get":
            handle.setopt(pycurl.HTTPGET, 1)
        elif method == "post":
            handle.setopt(pycurl.POST, 1)
            handle.setopt(pycurl.POSTFIELDS, post_data or "")
        else:
            handle.setopt(pycurl.CUSTOMREQUEST, method.upper())
        # No "Expect: 100-continue" round trip before a long form.
        sent_headers = [f"{name}: {value}" for name, value in dict(headers or {}).items()]
        handle.setopt(pycurl.HTTPHEADER, [*sent_headers, "Expect:"])
        handle.setopt(pycurl.WRITEDATA, body)
        handle.setopt(pycurl.HEADERFUNCTION, answer_headers.line)
        handle.setopt(pycurl.NOSIGNAL, 1)
        handle.setopt(pycurl.CONNECTTIMEOUT_MS, self._timeout_ms)
        handle.setopt(pycurl.TIMEOUT_MS, self._timeout_ms)
        if url.startswith("https:"):
            handle.setopt(pycurl.CAINFO, stripe.ca_bundle_path)
        with provider_call():
            try:
                handle.perform()
            except pycurl.error as error:
                raise _connection_error(error, sent=handle.getinfo(pycurl.REQUEST_SIZE)) from error
        status = handle.getinfo(pycurl.RESPONSE_CODE)
        return body.getvalue().decode("utf-8"), status, answer_headers.fields

    def request_stream(self, method, url, headers, post_data=None):
        raise NotImplementedError("Stripe's streamed answers are not used here.")

    def close(self):
        handle = getattr(self._handles, "curl", None)
        if handle is not None:
            handle.close()
            self._handles.curl = None


class _AnswerHeaders:
    """The answer's header lines, as libcurl hands them over: a status line starts the headers
    again (a proxy's CONNECT answer comes first)."""

    def __init__(self):
        self.fields = requests.structures.CaseInsensitiveDict()

    def line(self, raw: bytes) -> None:
        text = raw.decode("iso-8859-1").strip()
        if text.startswith("HTTP/"):
            self.fields = requests.structures.CaseInsensitiveDict()
        elif ":" in text:
            name, value = text.split(":", 1)
            self.fields[name.strip()] = value.strip()


def _connection_error(error: pycurl.error, *, sent: int) -> stripe.APIConnectionError:
    code, message = error.args[0], error.args[1]
    text = f"Could not talk to Stripe: {message} (libcurl error {code})"
    network = code in _NETWORK_FAILURES
    # Nothing of the request was sent: Stripe cannot have acted on it.
    failure = NeverSent if network and sent == 0 else stripe.APIConnectionError
    return failure(text, should_retry=network)


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
        return CardDeclined(error.user_message or gettext("Your card was declined."))
    if isinstance(error, stripe.InvalidRequestError) and error.http_status == 404:
        return NotFoundAtProvider(str(error))
    if isinstance(error, NeverSent):
        # A read timeout or a dropped connection may come after Stripe acted, so they are not.
        return ProviderUnreachable(str(error))
    return PaymentProviderError(str(error))


# The names `StripeClient.raw_request` takes for itself rather than send to Stripe.
_NOT_SENT_BY_RAW_REQUEST = frozenset(
    {"base", "usage", "api_key", "stripe_version", "stripe_account", "stripe_context"}
    | {"max_network_retries", "idempotency_key", "content_type", "headers"}
)


def _answer(method: str, path: str, params: dict | None = None, **options) -> dict:
    """Stripe's answer as the JSON it sent, for the calls a registration morning makes: the
    SDK's objects cost more CPU to build than the call's HTTP (bench/request_cpu.py). Errors
    are the SDK's, as its services raise them."""
    params = params or {}
    if taken := _NOT_SENT_BY_RAW_REQUEST & params.keys():
        raise ValueError(f"raw_request would not send {', '.join(sorted(taken))} to Stripe")
    return client().raw_request(method, path, **params, **options).data


def _path_part(stripe_id: str) -> str:
    # An id may come from the browser: it names one object, never another path.
    return urllib.parse.quote(stripe_id, safe="")


def _metadata(stripe_object: Mapping) -> dict[str, str]:
    metadata = stripe_object.get("metadata") or {}
    return {str(key): str(value) for key, value in metadata.items()}


def _error_message(error: Mapping | None) -> str:
    return (error.get("message") or "") if error else ""


def _card_setup(setup_intent: Mapping) -> CardSetup:
    customer = setup_intent.get("customer") or ""
    return CardSetup(
        id=setup_intent["id"],
        status=setup_intent["status"],
        client_secret=setup_intent.get("client_secret") or "",
        # Its id, or the Customer itself when the call asked for it whole.
        customer_id=customer if isinstance(customer, str) else customer["id"],
        payment_method_id=setup_intent.get("payment_method") or "",
        metadata=_metadata(setup_intent),
        error_message=_error_message(setup_intent.get("last_setup_error")),
    )


def _charge(payment_intent: Mapping) -> Charge:
    return Charge(
        id=payment_intent["id"],
        status=payment_intent["status"],
        amount=int(payment_intent["amount"]),
        currency=payment_intent["currency"],
        metadata=_metadata(payment_intent),
        client_secret=payment_intent.get("client_secret") or "",
        error_message=_error_message(payment_intent.get("last_payment_error")),
    )


def customer_create(*, email: str, name: str, student_id: int) -> str:
    try:
        customer = _answer(
            "post",
            "/v1/customers",
            {"email": email, "name": name, "metadata": {"student_id": str(student_id)}},
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return customer["id"]


def card_setup_create(*, customer_id: str, metadata: dict[str, str]) -> CardSetup:
    """A SetupIntent under the Customer; CustomerMissing when Stripe has no such Customer. The
    Customer is asked for whole with it, so that localstripe, which takes any id, says so too."""
    try:
        setup_intent = _answer(
            "post",
            "/v1/setup_intents",
            {
                # Its usage is Stripe's default, off_session, which is what is meant: the card
                # is charged at once with the family present, and kept for a plan's
                # instalments, which the school charges later without them. (raw_request
                # would take a "usage" of its own as its own, not Stripe's.)
                "customer": customer_id,
                "payment_method_types": ["card"],
                "metadata": metadata,
                "expand": ["customer"],
            },
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
        return _card_setup(_answer("get", f"/v1/setup_intents/{_path_part(setup_intent_id)}"))
    except stripe.StripeError as error:
        raise _translated(error) from error


def card_forget(payment_method_id: str) -> None:
    """The card no longer saved under its Customer: nothing can charge it again."""
    try:
        _answer("post", f"/v1/payment_methods/{_path_part(payment_method_id)}/detach")
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
        payment_intent = _answer(
            "post",
            "/v1/payment_intents",
            params,
            # Stripe answers a repeated key with the first PaymentIntent: one charge per setup.
            idempotency_key=idempotency_key,
            max_network_retries=CHARGE_RETRIES,
        )
    except stripe.StripeError as error:
        raise _translated(error) from error
    return _charge(payment_intent)


def charge_retrieve(payment_intent_id: str) -> Charge:
    try:
        return _charge(_answer("get", f"/v1/payment_intents/{_path_part(payment_intent_id)}"))
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
            yield _charge(payment_intent.to_dict())
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
            if (
                not idempotency_key
                or _metadata(refund.to_dict()).get("refund_key") == idempotency_key
            ):
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


@dataclass(frozen=True)
class BalanceLine:
    """A movement of the Stripe balance (a charge, a refund): cents, Stripe's fee apart."""

    id: str
    type: str
    amount: int
    fee: int
    source: str
    created: int


@dataclass(frozen=True)
class PayoutSent:
    """Money Stripe sent to the school's bank: cents, made and arriving (epoch seconds)."""

    id: str
    amount: int
    currency: str
    status: str
    created: int
    arrival: int


def lists_by_payout() -> bool:
    """Whether the provider lists a payout's own movements: Stripe does, localstripe (at
    STRIPE_API_BASE) keeps no such list."""
    return settings.STRIPE_API_BASE is None


def _listed(path: str, params: dict) -> Iterator[dict]:
    after: dict = {}
    try:
        while True:
            page = _answer("get", path, {**params, "limit": 100, **after})
            yield from page["data"]
            if not page.get("has_more") or not page["data"]:
                return
            after = {"starting_after": page["data"][-1]["id"]}
    except stripe.StripeError as error:
        raise _translated(error) from error


def payouts_list(**params) -> list[PayoutSent]:
    """Stripe's payouts (`arrival_date={"gte": .., "lt": ..}` narrows them where Stripe can)."""
    return [
        PayoutSent(
            id=payout["id"],
            amount=int(payout["amount"]),
            currency=payout.get("currency") or "",
            status=payout.get("status") or "",
            created=int(payout["created"]),
            arrival=int(payout["arrival_date"]),
        )
        for payout in _listed("/v1/payouts", params)
    ]


def balance_lines(**params) -> list[BalanceLine]:
    """The balance's movements (`payout=` one payout's, where Stripe lists them), the payouts'
    own apart."""
    return [
        BalanceLine(
            id=txn["id"],
            type=txn.get("type") or "",
            amount=int(txn["amount"]),
            fee=int(txn.get("fee") or 0),
            source=txn["source"] if isinstance(txn.get("source"), str) else "",
            created=int(txn.get("created") or 0),
        )
        for txn in _listed("/v1/balance_transactions", params)
        if txn.get("type") != "payout"
    ]
