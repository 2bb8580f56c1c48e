"""Where each request's time went, in its `Server-Timing` header (`make bench-rush`).

bench.settings puts this middleware first when BENCH_STRIPE_TIMING is set. Every HTTP call the
Stripe SDK makes (payments/stripe_client.py's client) is timed, a retry counted too; the answer
says `Server-Timing: app;dur=<ms in Django>, stripe;dur=<ms of those on Stripe>,
db;desc="<queries>", cpu;dur=<ms of CPU>`, so the load generator can take Stripe's share out of
each step's latency and tell the time a request spent in a worker from the time it queued for
one. `cpu` is the CPU the request's own thread used (`time.thread_time`): in a threaded worker
the time in Django also counts the waits for the other threads to give up the interpreter,
which the CPU does not. Production never loads this module.
"""

import threading
import time

import stripe
from django.db import connection

_spent = threading.local()
_request = stripe.RequestsClient.request


def _timed_request(self, *arguments, **options):
    started = time.perf_counter()
    try:
        return _request(self, *arguments, **options)
    finally:
        _spent.seconds = getattr(_spent, "seconds", 0.0) + time.perf_counter() - started
        _spent.calls = getattr(_spent, "calls", 0) + 1


stripe.RequestsClient.request = _timed_request


class StripeTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _spent.seconds, _spent.calls = 0.0, 0
        queries = [0]

        def counted(execute, sql, params, many, context):
            queries[0] += 1
            return execute(sql, params, many, context)

        started = time.perf_counter()
        started_cpu = time.thread_time()
        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        cpu = time.thread_time() - started_cpu
        in_django = time.perf_counter() - started
        response["Server-Timing"] = (
            f"app;dur={in_django * 1000:.3f}, "
            f'stripe;dur={_spent.seconds * 1000:.3f};desc="{_spent.calls} calls", '
            f'db;desc="{queries[0]} queries", '
            f"cpu;dur={cpu * 1000:.3f}"
        )
        return response
