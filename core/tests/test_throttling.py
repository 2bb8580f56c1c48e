"""core.throttling: every limit a call is under, checked and counted together, in Redis in one
round trip, deciding exactly as DRF's own lists of call times decide (one process's memory, as
the suite's cache is). The limits as the API applies them: core/tests/test_abuse_limits.py."""

import uuid

import pytest
import redis

from core.throttling import Limit, counts_taken
from testing import services

SELECTIONS = Limit("selections", "throttle_selections_7", most=3, seconds=60)
FAMILY = Limit("family_writes", "throttle_family_writes_7", most=4, seconds=3600)
# Calls, in seconds from the first: a burst past the minute's limit, then past the hour's, then
# a minute later, when the first calls have left the minute.
MOMENTS = [0.0, 1.5, 2.0, 3.25, 4.0, 59.0, 61.75, 62.0, 200.0]


@pytest.fixture
def redis_cache(settings):
    """The shared cache in the suite's Redis, under keys of the test's own."""
    url = services.needs_redis()
    prefix = f"camp-test-throttle-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
        }
    }
    yield
    client = redis.Redis.from_url(url)
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def decisions() -> list[tuple]:
    """What each limit said of each call: counted, the calls before it within the period, the
    oldest of them, and the wait advised."""
    start = 1_800_000_000.125
    said = []
    for moment in MOMENTS:
        now = start + moment
        said.append(
            [
                (count.limit.scope, count.counted, count.calls, count.oldest, count.wait(now))
                for count in counts_taken([SELECTIONS, FAMILY], now)
            ]
        )
    return said


def test_redis_decides_as_drf_s_lists_of_call_times_do(redis_cache, settings):
    in_redis = decisions()
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

    assert in_redis == decisions()
    counted = [[scope for scope, counted, *_ in call if counted] for call in in_redis]
    assert counted == [
        ["selections", "family_writes"],
        ["selections", "family_writes"],
        ["selections", "family_writes"],
        # The minute's limit refuses, and the call is not counted against it; the hour's counts
        # it, since DRF's throttles each count the calls they let through.
        ["family_writes"],
        [],
        [],
        # Past a minute after each of the first three calls, the next is let through; the hour
        # is full.
        ["selections"],
        ["selections"],
        ["selections"],
    ]
    # The first refusal: three calls within the minute, the oldest at the start; DRF advises the
    # rest of the minute, shared by the one call that will then be let through.
    assert in_redis[3][0][1:] == (False, 3, 1_800_000_000.125, 60.0 - 3.25)
