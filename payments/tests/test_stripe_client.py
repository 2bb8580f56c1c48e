"""The adapter follows the settings, and an unreachable Stripe is a clear 503, not a crash."""

import http.server
import itertools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.core.management import CommandError, call_command

from payments import stripe_client
from payments.tests import stripe_js
from testing.faults import stripe_gives_up_after, stripe_line

pytestmark = pytest.mark.django_db

NOBODY_LISTENS = "http://127.0.0.1:9"


def test_the_client_talks_to_the_configured_api(localstripe, settings):
    setup_id = stripe_client.card_setup_create(
        customer_id=stripe_client.customer_create(email="a@camp.test", name="A", student_id=1),
        metadata={"app": "camp"},
    ).id
    settings.STRIPE_API_BASE = NOBODY_LISTENS

    with pytest.raises(stripe_client.PaymentProviderError):
        stripe_client.card_setup_retrieve(setup_id)


def test_the_sdks_lines_per_call_stay_out_of_an_info_log(localstripe, caplog):
    # The root logger at INFO, as production runs; the SDK's lines need STRIPE_LOG_LEVEL=INFO.
    with caplog.at_level(logging.INFO):
        stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)
        logging.getLogger("payments").info("a line of our own")

    assert [record.name for record in caplog.records] == ["payments"]


def test_a_wrong_secret_key_is_a_provider_error(localstripe, settings):
    settings.STRIPE_SECRET_KEY = "not-a-secret-key"

    with pytest.raises(stripe_client.PaymentProviderError):
        stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)


def test_an_unknown_id_is_not_found(localstripe):
    with pytest.raises(stripe_client.NotFoundAtProvider):
        stripe_client.charge_retrieve("pi_doesnotexist")


def test_the_api_answers_503_while_stripe_is_unreachable(settings, as_student, selection):
    settings.STRIPE_API_BASE = NOBODY_LISTENS

    response = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")

    assert response.status_code == 503
    assert response.json() == {
        "message": "The card payment service is not answering. Please try again in a moment."
    }


def test_localstripe_webhooks_need_localstripe(settings):
    settings.STRIPE_API_BASE = None

    with pytest.raises(CommandError, match="add the webhook endpoint in the Stripe dashboard"):
        call_command("stripe_local_webhook")


class _Forwarder(http.server.BaseHTTPRequestHandler):
    """A forward proxy for plain HTTP: it passes each request on to the address it names and
    notes the address."""

    def _forward(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.seen.append(self.path)
        answer = requests.request(
            self.command,
            self.path,
            data=body,
            headers={k: v for k, v in self.headers.items() if k.lower() != "host"},
            proxies={"http": "", "https": ""},
            timeout=10,
        )
        self.send_response(answer.status_code)
        self.send_header("Content-Type", answer.headers.get("Content-Type", "application/json"))
        self.send_header("Content-Length", str(len(answer.content)))
        self.end_headers()
        self.wfile.write(answer.content)

    do_GET = do_POST = do_DELETE = _forward

    def log_message(self, *arguments):
        pass


@pytest.fixture
def forward_proxy():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Forwarder)
    server.seen = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


# A timeout of its own for each test that needs a client made under its environment.
_OWN_TIMEOUTS = itertools.count(1)


@pytest.fixture
def client_made_afresh(monkeypatch, settings):
    """The proxy is read when the client is made, and a client is kept per settings: each test
    here asks under a timeout of its own, so it gets a client made under its environment, and
    leaves it to no other test."""
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    settings.STRIPE_TIMEOUT_SECONDS += next(_OWN_TIMEOUTS) / 1000


def test_stripe_is_reached_through_the_proxy_the_environment_names(
    localstripe, forward_proxy, client_made_afresh, monkeypatch
):
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{forward_proxy.server_port}")

    stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)

    assert [address.split("?")[0] for address in forward_proxy.seen] == [
        f"{localstripe}/v1/customers"
    ]


def test_the_environment_is_read_once_when_the_client_is_made(
    localstripe, client_made_afresh, monkeypatch
):
    stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)
    # Read on every call, this would send the next one nowhere.
    monkeypatch.setenv("HTTP_PROXY", NOBODY_LISTENS)

    assert stripe_client.customer_create(email="b@camp.test", name="B", student_id=2)


def test_threads_calling_at_once_each_get_their_own_answer(localstripe):
    # Each thread has a libcurl handle of its own; one shared would mix the answers up.
    def made(n: int) -> str:
        return stripe_client.customer_create(email=f"p{n}@camp.test", name=f"P{n}", student_id=n)

    with ThreadPoolExecutor(8) as pool:
        customer_ids = list(pool.map(made, range(40)))

    assert [stripe_js.stripe_get(f"/v1/customers/{i}")["email"] for i in customer_ids] == [
        f"p{n}@camp.test" for n in range(40)
    ]


def test_a_call_no_connection_took_is_unreachable(settings):
    settings.STRIPE_API_BASE = NOBODY_LISTENS

    with pytest.raises(stripe_client.ProviderUnreachable):
        stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)


def test_a_call_stripe_took_without_answering_is_not_unreachable(localstripe, settings):
    # Stripe may have acted on it: the caller must not take it as never made.
    with stripe_line(localstripe) as line:
        settings.STRIPE_API_BASE = line.url
        line.freeze("POST", "/v1/customers")
        with (
            stripe_gives_up_after(settings, 0.5),
            pytest.raises(stripe_client.PaymentProviderError) as raised,
        ):
            stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)
        line.thaw()

    assert not isinstance(raised.value, stripe_client.ProviderUnreachable)
    assert line.frozen_requests == 2  # the SDK's one retry went too


def test_an_id_names_one_object_never_another_path(localstripe):
    customer_id = stripe_client.customer_create(email="a@camp.test", name="A", student_id=1)

    with pytest.raises(stripe_client.NotFoundAtProvider):
        stripe_client.card_setup_retrieve(f"../customers/{customer_id}")
