"""Where each request's time went, in its `Server-Timing` header (`make bench-rush`).

bench.settings puts this middleware first when BENCH_STRIPE_TIMING is set. Every HTTP call the
Stripe SDK makes is timed by payments/stripe_client.py's client (core.provider_waits), a retry
counted too; the answer says `Server-Timing: app;dur=<ms in Django>, stripe;dur=<ms of those on
Stripe>, db;desc="<queries>", cpu;dur=<ms of CPU>`, so the load generator can take Stripe's
share out of each step's latency and tell the time a request spent in a worker from the time it
queued for one. `cpu` is the CPU the request's own thread used (`time.thread_time`): in a
threaded worker the time in Django also counts the waits for the other threads to give up the
interpreter, which the CPU does not. Production never loads this module.
"""

import time

from django.db import connection

from core.provider_waits import provider_waits


class StripeTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        waits_before = provider_waits()
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
        at_stripe = provider_waits() - waits_before
        response["Server-Timing"] = (
            f"app;dur={in_django * 1000:.3f}, "
            f'stripe;dur={at_stripe.seconds * 1000:.3f};desc="{at_stripe.calls} calls", '
            f'db;desc="{queries[0]} queries", '
            f"cpu;dur={cpu * 1000:.3f}"
        )
        return response
