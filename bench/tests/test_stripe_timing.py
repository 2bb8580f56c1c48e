"""bench/stripe_timing.py: each answer says its time in Django, on Stripe, its thread's CPU and its
queries."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.http import HttpResponse

from bench.rush_checks import server_timing
from bench.stripe_timing import StripeTimingMiddleware
from payments.stripe_client import TimedHttpClient

pytestmark = pytest.mark.django_db


class SlowStripe(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's name
        threading.Event().wait(0.05)
        body = b"{}"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


@pytest.fixture
def stripe_url():
    server = ThreadingHTTPServer(("127.0.0.1", 0), SlowStripe)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_answer_says_the_time_spent_on_stripe_the_cpu_and_the_queries(rf, stripe_url):
    def view(request):
        http = TimedHttpClient(timeout=5)
        for _ in range(2):
            http.request("get", f"{stripe_url}/v1/customers", {})
        return HttpResponse("ok")

    answer = StripeTimingMiddleware(view)(rf.get("/api/payments"))

    timing = server_timing(answer["Server-Timing"])
    assert timing["calls"] == 2
    assert 0.1 <= timing["stripe"] <= timing["app"]
    # Waiting on Stripe costs the thread no CPU.
    assert 0 < timing["cpu"] < timing["stripe"]
    assert timing["queries"] == 0


def test_the_stripe_time_starts_again_with_each_request(client, settings, rf, stripe_url):
    def paying(request):
        TimedHttpClient(timeout=5).request("get", f"{stripe_url}/v1/customers", {})
        return HttpResponse("ok")

    StripeTimingMiddleware(paying)(rf.get("/api/payments"))
    settings.MIDDLEWARE = ["bench.stripe_timing.StripeTimingMiddleware", *settings.MIDDLEWARE]

    answer = client.get("/api/classes?status=Approved")

    timing = server_timing(answer["Server-Timing"])
    assert (timing["stripe"], timing["calls"]) == (0.0, 0)
    assert 0 < timing["cpu"] <= timing["app"]
    assert timing["queries"] >= 1
